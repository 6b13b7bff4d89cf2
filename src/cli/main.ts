import { UsageError } from './args';
import { CHECK_USAGE, runCheck } from './check-command';
import { EXPORT_USAGE, runExport } from './export-command';

const USAGE = `usage: npm run --silent cli -- ${CHECK_USAGE}
       npm run --silent cli -- ${EXPORT_USAGE}

  check   reads sitemaps (XML, TXT, CSV/TSV, .gz, .zip, sitemap indexes) and
          prints every problem; --json prints one summary object.
          Exit status: 0 no errors, 1 errors found, 2 bad usage.
  export  writes sitemaps split at the protocol's limits (50,000 URLs,
          50 MiB; --legacy: 10 MB and 1,000 per index), an index when more
          than one file results, and robots.txt lines, into DIR.`;

/** Runs the CLI and returns its exit status. */
export function main(argv: readonly string[], out = (l: string) => console.log(l), err = (l: string) => console.error(l)): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return runCheck(rest, out);
    if (command === 'export') return runExport(rest, out);
    if (command === 'help' || command === '--help' || command === '-h') {
      out(USAGE);
      return 0;
    }
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (e) {
    if (e instanceof UsageError) {
      err(`error: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
}

// Runs when executed (tsx src/cli/main.ts), not when imported by tests.
if (process.argv[1] && /main\.ts$/.test(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
