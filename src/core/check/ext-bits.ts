import { ruleFor, type RuleCodeOf } from '../rules/registry';
import type { RuleCode, Severity } from '../rows/types';

/**
 * The row-level rules on extension data (hreflang alternates, images, videos,
 * news), in bit order: the rule at index `b` is bit `1 << b` of a row's
 * extension mask in `CheckResult.extCodes`.
 *
 * Why a second, sparse word: the main per-row word (row-bits.ts) has 32 bits
 * for every row of a million, and these rules would fill what is left of it.
 * Few rows carry extensions, so their masks live in a Map keyed by row
 * position, and the main word only carries {@link EXT_RULES_BIT} ("look in the
 * Map"): a row without extensions costs nothing more, and every test of
 * "has a problem" (`mask !== 0`) keeps working unchanged.
 */
export const EXT_RULES = [
  'hreflang-value',
  'hreflang-href',
  'hreflang-self-missing',
  'hreflang-not-reciprocal',
  'image-loc-not-absolute',
  'video-thumbnail-missing',
  'video-title-missing',
  'video-description-missing',
  'video-location-missing',
  'video-location-same-as-page',
  'news-publication-missing',
  'news-date-missing',
  'news-date-invalid',
  'news-title-missing',
] as const satisfies readonly RuleCodeOf<'row'>[];

export type ExtRuleCode = (typeof EXT_RULES)[number];

/** Mask of each extension rule in a row's entry of `CheckResult.extCodes`. */
export const EXT_RULE_BITS: Readonly<Record<ExtRuleCode, number>> = Object.freeze(
  Object.fromEntries(EXT_RULES.map((code, b) => [code, 1 << b])) as Record<ExtRuleCode, number>,
);

/** Short names for the checks. */
export const X = {
  hreflangValue: EXT_RULE_BITS['hreflang-value'],
  hreflangHref: EXT_RULE_BITS['hreflang-href'],
  hreflangSelfMissing: EXT_RULE_BITS['hreflang-self-missing'],
  hreflangNotReciprocal: EXT_RULE_BITS['hreflang-not-reciprocal'],
  imageLoc: EXT_RULE_BITS['image-loc-not-absolute'],
  videoThumbnail: EXT_RULE_BITS['video-thumbnail-missing'],
  videoTitle: EXT_RULE_BITS['video-title-missing'],
  videoDescription: EXT_RULE_BITS['video-description-missing'],
  videoLocation: EXT_RULE_BITS['video-location-missing'],
  videoSameAsPage: EXT_RULE_BITS['video-location-same-as-page'],
  newsPublication: EXT_RULE_BITS['news-publication-missing'],
  newsDateMissing: EXT_RULE_BITS['news-date-missing'],
  newsDateInvalid: EXT_RULE_BITS['news-date-invalid'],
  newsTitle: EXT_RULE_BITS['news-title-missing'],
} as const;

const SEVERITY_BY_BIT: Severity[] = EXT_RULES.map((code) => ruleFor(code).severity);

/** True when `code` is an extension row rule (has a bit in the extension mask). */
export function isExtRule(code: RuleCode): code is ExtRuleCode {
  return (EXT_RULE_BITS as Partial<Record<RuleCode, number>>)[code] !== undefined;
}

/** The extension codes set in a mask, in bit order. */
export function codesOfExtMask(mask: number): ExtRuleCode[] {
  const out: ExtRuleCode[] = [];
  for (let b = 0; b < EXT_RULES.length; b++) if (mask & (1 << b)) out.push(EXT_RULES[b] as ExtRuleCode);
  return out;
}

/** Severity of extension rule bit `b`. */
export function severityOfExtBit(b: number): Severity {
  return SEVERITY_BY_BIT[b] ?? 'error';
}
