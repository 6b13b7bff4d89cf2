/** The browser benchmark's command line (`bench/browser/run.ts --help` lists it in its header). */
export interface Args {
  sizes: number[];
  runs: number;
  node: boolean;
  port: number;
  grid: boolean;
  exportOnly: boolean;
  importOnly: boolean;
  profile: boolean;
}

export function parseArgs(argv: string[]): Args {
  const args: Args = {
    sizes: [50_000, 200_000, 1_000_000],
    runs: 3,
    node: true,
    port: 4198,
    grid: false,
    exportOnly: false,
    importOnly: false,
    profile: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--sizes')
      args.sizes = value()
        .split(',')
        .map((s) => Number(s.replace(/_/g, '')));
    else if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--no-node') args.node = false;
    else if (flag === '--port') args.port = Number(value());
    else if (flag === '--grid') args.grid = true;
    else if (flag === '--export') args.exportOnly = true;
    else if (flag === '--import') args.importOnly = true;
    else if (flag === '--profile') args.profile = true;
    else
      throw new Error(
        `unknown argument ${flag} (use --sizes, --runs, --no-node, --port, --grid, --export, --import, --profile)`,
      );
  }
  if (args.sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes: positive integers');
  if (!Number.isInteger(args.runs) || args.runs <= 0) throw new Error('--runs: a positive integer');
  return args;
}
