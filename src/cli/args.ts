import { daysFromCivil } from '../core/rules/lastmod/w3c-datetime';
import { breaksRobotsLine } from '../core/write/robots-lines';

/** A command line split into positional words and `--name [value]` options. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** Thrown for a command line that cannot be run; the CLI exits with 2, printing the usage after the message when `showUsage`. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

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
      // `--out --gzip` is a forgotten value, not a folder named --gzip; --name=--value says it was meant.
      if (eq < 0 && value.startsWith('--'))
        throw new UsageError(
          `--${name} needs a value, not the option ${value} (write --${name}=${value} for a value that starts with --)`,
        );
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

/**
 * `--site URL` of the commands that write sitemaps: an absolute http(s) URL
 * that can stand in a robots.txt line and an index (a line break in it would
 * write `Disallow: /` into robots.txt).
 */
export function siteOption(parsed: ParsedArgs): string | undefined {
  const site = stringOption(parsed, 'site');
  if (site === undefined) return undefined;
  if (!/^https?:\/\/[^/]/i.test(site)) throw new UsageError(`--site must be an absolute http(s) URL, not "${site}"`);
  if (breaksRobotsLine(site))
    throw new UsageError(
      `--site must be one URL without white space, control characters or "#", not ${JSON.stringify(site)}`,
    );
  return site;
}

/**
 * `--date YYYY-MM-DD` of the commands that check: the check's date (its
 * 00:00 UTC), which news-too-old and lastmod-future measure to, so a run is
 * the same whatever day it is; undefined without it (today).
 */
export function dateOption(parsed: ParsedArgs): Date | undefined {
  const value = stringOption(parsed, 'date');
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  // A real day only: 2026-02-30 would roll over into March.
  const day = daysFromCivil(y, mo, d);
  const date = new Date(day * 86_400_000);
  if (!m || date.getUTCMonth() + 1 !== mo || date.getUTCDate() !== d)
    throw new UsageError(`--date must be a day written YYYY-MM-DD (the check's date, e.g. 2026-12-03), not "${value}"`);
  return date;
}
