/** A command line split into positional words and `--name [value]` options. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** Thrown for a command line that cannot be run; the CLI exits with 2. */
export class UsageError extends Error {}

/**
 * Parses `args`; `valued` names the options that take a value. Unknown
 * options are a usage error, so a typo never silently changes a result.
 */
export function parseArgs(args: readonly string[], valued: readonly string[], flags: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (valued.includes(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else if (flags.includes(name) && eq < 0) {
      options.set(name, true);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positional, options };
}

export function stringOption(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.options.get(name);
  return typeof v === 'string' ? v : undefined;
}
