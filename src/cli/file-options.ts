import { LIMITS, type Limits } from '../core/rules/limits';
import { UsageError, stringOption, type ParsedArgs } from './args';

/** `--format`, `--legacy` and `--max-urls`, shared by the commands that write sitemaps (export, stream). */
export function fileOptions(
  parsed: ParsedArgs,
  others: readonly string[] = [],
): {
  format: 'xml' | 'txt';
  limits: Limits;
  maxUrls: string | undefined;
} {
  const asked = stringOption(parsed, 'format') ?? 'xml';
  // A format of the command's own (export's html) is the command's to write; the limits still apply to the rest.
  const format = others.includes(asked) ? 'xml' : asked;
  if (format !== 'xml' && format !== 'txt')
    throw new UsageError(`--format must be ${['xml', 'txt', ...others].join(' or ')}, not "${format}"`);
  const limits: Limits = { ...(parsed.options.has('legacy') ? LIMITS.legacy : LIMITS.standard) };
  const maxUrls = stringOption(parsed, 'max-urls');
  if (maxUrls !== undefined) {
    const n = Number(maxUrls);
    if (!Number.isInteger(n) || n < 1 || n > 50_000)
      throw new UsageError(`--max-urls must be a whole number from 1 to 50000, not "${maxUrls}"`);
    limits.maxUrls = n;
  }
  return { format, limits, maxUrls };
}
