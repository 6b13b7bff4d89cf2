import { version } from '../../package.json';
import { UsageError } from './args';
import { liveArgs, prefetchLive, takeFetchOptions } from './fetch/live-input';
import { CHECK_USAGE, runCheck, runCheckProbed } from './check-command';
import { DEFAULT_POLICY } from './fetch/policy';
import { SERVE_USAGE, runServe } from './serve/serve-command';
import { DIFF_USAGE, runDiff } from './diff-command';
import { EXPORT_USAGE, runExport } from './export-command';
import { INDEXNOW_USAGE, runIndexNow } from './indexnow-command';
import { STREAM_USAGE, runStream } from './stream-command';
import { exitQuietlyOnClosedPipe } from './quiet-pipe';

const USAGE = `usage: sitemap-editor ${CHECK_USAGE}
       sitemap-editor ${EXPORT_USAGE}
       sitemap-editor ${DIFF_USAGE}
       sitemap-editor ${STREAM_USAGE}
       sitemap-editor ${INDEXNOW_USAGE}
       sitemap-editor ${SERVE_USAGE}
       sitemap-editor --version | --help
  (in a checkout: npm run --silent cli -- …)

  FILE may be a URL: a sitemap, a sitemap index (its sitemaps are fetched
  too) or a robots.txt (the sitemaps of its Sitemap: lines). A robots.txt
  or a crawl export (CSV with Address/URL and Status Code columns) given
  with the sitemaps is data: blocked, missing, noindex, redirecting and
  canonicalised URLs are reported, and so are the indexable pages the
  crawl found that no sitemap lists (crawl-not-in-sitemap; a case or
  trailing-slash variant of a listed URL is listed).

  Fetching (one policy for every URL): http and https only. URLs found in
  the files (redirects, Sitemap: lines, index entries) may lead to other
  public hosts, each reported; loopback, private, link-local (cloud
  metadata), unique-local, multicast and unspecified addresses, in any
  spelling, are refused unless their host is named on the command line or
  --allow-private is given; every address is checked when connecting and
  on every redirect. Each refusal is a fetch-refused problem.
    --timeout MS           per request, the whole answer (30000)
    --retries N            on 429, 5xx and dropped connections (2)
    --retry-delay MS       first back-off, doubled each try (1000)
    --concurrency N        requests at once (4)
    --host-concurrency N   requests at once to one host (2)
    --host-rate N          requests started a second at one host, at
                           most (10; 0: no limit)
    --deadline S           the whole run; then nothing more is read (600)
    --max-sitemaps N       sitemaps fetched from Sitemap: lines and index
                           entries in one run (50000)
    --max-total-mib N      bytes read in one run, in MiB (1024)
    --same-host            fetch only the hosts named on the command line
    --allow-private        let any URL reach private and loopback addresses
  Fixed caps: 256 MiB an answer, 500 KiB a robots.txt (as Google reads),
  5 redirects a URL.

  check   reads sitemaps (XML, TXT, CSV/TSV, .gz, .zip, sitemap indexes) and
          prints every problem: --format text (default), json (one object,
          also --json), github (workflow annotations) or junit (XML).
          Exit status: 0 nothing at or above --fail-on (error), 1 found,
          2 bad usage. --probe N|all asks N listed URLs (a random sample,
          or all) for their status on the site's hosts only (those of the
          URLs given and --site): HEAD, GET where HEAD is refused; 4xx, 5xx,
          redirects, noindex in X-Robots-Tag and a canonical Link header
          naming another URL are reported with the crawl rules' codes.
          --lang en|tr|sr|sr-Cyrl: the language of the text report (by
          default LC_ALL, LC_MESSAGES or LANG: tr_TR.UTF-8 is tr, sr_RS
          sr-Cyrl, sr_RS@latin sr, others en); json, github and junit keep
          their English and add each rule's title in that language.
  --date YYYY-MM-DD (check, export, stream): the check's date, 00:00 UTC
          of that day (default: now). news-too-old (an article published
          more than two days before it) and lastmod-future measure to it,
          so a run gives the same answer whatever day it is.
  export  writes sitemaps split at the protocol's limits (50,000 URLs,
          50 MiB; --legacy: 10 MiB and 1,000 per index), an index when more
          than one file results, and robots.txt lines, into DIR.
          --add-missing adds the pages a crawl export found that no sitemap
          lists (its Last-Modified as lastmod), filed by the layout.
          --new-urls-to FILE|new (--layout keep, the app's "New URLs go
          to"): the kept file (post-sitemap.xml) that rows with no sitemap
          of their own (--add-missing, a CSV, a feed) go to, or new: a new
          sitemap-added.xml in the index. Default: the file holding most
          URLs of their first path segment, else sitemap-added.xml.
          --xsl names sitemap.xsl (written beside them) in each XML file: a
          table in browsers that still apply XSLT (Chrome removes it from
          version 158; --format html writes a page any browser reads).
          --format html writes one sitemap.html instead: a nested list of
          links by section (host, then path segments), each the page's
          title where known (crawl export, news, video), else its path;
          at most 50,000 links (the rest counted).
  diff    compares the sitemaps before -- (e.g. the live ones) with those
          after it by loc: added, removed and changed URLs (which of
          lastmod, changefreq, priority, extensions changed); --json prints
          one object listing every difference.
          Exit status: 0 no differences, 1 differences found, 2 bad usage.
  stream  checks sitemaps of any size without holding their URLs (a file is
          read piece by piece) and, with --out, re-splits them like export,
          writing each file as soon as it is complete. Memory stays flat
          (duplicate detection: ~13 bytes a URL; --no-duplicates skips it).
          Exit status as check (with --fix: errors left in what was written).
  indexnow  tells the search engines that take IndexNow (Bing, Yandex…)
          which URLs were added or changed between the sitemaps before --
          and those after it (never the others), posting {host, key,
          keyLocation, urlList} as JSON in requests of at most 10,000 URLs
          to --endpoint (https://api.indexnow.org/indexnow), each answer
          reported. --key: 8-128 of a-z A-Z 0-9 -; --host: by default the
          one host of the URLs (others are refused and listed); --dry-run
          prints each request body as one JSON line and sends nothing.
          Exit status: 0 all accepted, 1 some refused, 2 bad usage.`;

/** Runs the CLI's synchronous commands (all but `export`, `stream` and `indexnow`, see {@link mainAsync}) and returns its exit status. */
export function main(
  argv: readonly string[],
  out = (l: string) => console.log(l),
  err = (l: string) => console.error(l),
): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return runCheck(rest, out);
    if (command === 'diff') return runDiff(rest, out);
    if (command === 'help' || command === '--help' || command === '-h') {
      out(USAGE);
      return 0;
    }
    if (command === '--version' || command === '-V' || command === 'version') {
      out(version);
      return 0;
    }
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.showUsage ? `error: ${e.message}\n\n${USAGE}` : `error: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** {@link main} for every command, `export`, `stream` and `indexnow` included (they write files as zlib's thread pool gzips them, or post requests). */
export async function mainAsync(
  argv: readonly string[],
  out = (l: string) => console.log(l),
  err = (l: string) => console.error(l),
): Promise<number> {
  let args = argv;
  let policy = DEFAULT_POLICY;
  try {
    // Live URLs are fetched first; the commands then read them as they read files.
    if (['check', 'export', 'diff', 'stream', 'indexnow', 'serve'].includes(argv[0] ?? '')) {
      const taken = takeFetchOptions(argv.slice(1));
      policy = taken.policy;
      args = [argv[0] as string, ...taken.rest];
      // --dry-run takes no value: the word after it may be a live source.
      if (argv[0] !== 'serve') await prefetchLive(liveArgs(taken.rest.filter((a) => a !== '--dry-run')), policy);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.showUsage ? `error: ${e.message}\n\n${USAGE}` : `error: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const probing = args[0] === 'check' && args.some((a) => a === '--probe' || a.startsWith('--probe='));
  if (!probing && !['stream', 'export', 'indexnow', 'serve'].includes(args[0] ?? '')) return main(args, out, err);
  try {
    // check --probe asks the site; serve runs until stopped; indexnow posts its requests; the others
    // write files as their gzips come back from zlib's thread pool.
    if (probing) return await runCheckProbed(args.slice(1), out, policy);
    if (args[0] === 'serve') return await runServe(args.slice(1), out, policy);
    if (args[0] === 'indexnow') return await runIndexNow(args.slice(1), out, err);
    return args[0] === 'export' ? await runExport(args.slice(1), out) : await runStream(args.slice(1), out);
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.showUsage ? `error: ${e.message}\n\n${USAGE}` : `error: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

// Runs when executed (tsx src/cli/main.ts), not when imported by tests.
if (process.argv[1] && /main\.ts$/.test(process.argv[1])) {
  exitQuietlyOnClosedPipe();
  void mainAsync(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
