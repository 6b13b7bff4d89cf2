/* The module of an entry's elements: its rules (elements-rules.ts) with their detector, words and fixes. */
import { DUPLICATE_FLAG, READ_FLAG } from '../../rows/rows';
import type { ExtElement, UrlField } from '../../rows/types';
import type { FlagFix, ExtFix, RuleModule } from '../rule';
import { DUPLICATE_TAG, ELEMENTS_BIT, ELEMENTS_RULES, EXT_INVALID, MAX_EXT_DEPTH, UNKNOWN_TAG } from './elements-rules';
import { findExtensionDefect, repairExtensions } from './extensions';

/** The read flags of a tag read twice in one entry. */
const DUPLICATE_TAG_FLAGS =
  READ_FLAG.duplicateLoc | READ_FLAG.duplicateLastmod | READ_FLAG.duplicateChangefreq | READ_FLAG.duplicatePriority;

const FIELDS: UrlField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

/**
 * The element rules' bits of a row from its extension elements and its read
 * flags: ext-invalid, duplicate-tag, unknown-tag. Rows with neither (nearly
 * all) are not asked.
 */
export function elementsMask(ext: readonly ExtElement[] | undefined, flags: number): number {
  let m = 0;
  if (ext !== undefined && findExtensionDefect(ext)) m |= ELEMENTS_BIT.extInvalid;
  if (flags !== 0) {
    if (flags & DUPLICATE_TAG_FLAGS) m |= ELEMENTS_BIT.duplicateTag;
    if (flags & READ_FLAG.unknownTag) m |= ELEMENTS_BIT.unknownTag;
  }
  return m;
}

/** The one ext-too-deep problem a file gets for its extension subtrees nested past the cap. */
export function tooDeepMessage(count: number): string {
  const where = count === 1 ? 'one place' : `${count.toLocaleString('en-US')} places`;
  return `Extension elements nested deeper than ${MAX_EXT_DEPTH} levels inside a <url> (in ${where}; the first here): XML parsers such as libxml2 refuse such a file, so the elements below that depth are not read. The URL and its other elements are kept.`;
}

const ELEMENTS_FIXES: readonly (ExtFix | FlagFix)[] = [
  {
    kind: 'ext',
    rule: EXT_INVALID,
    apply: (ext) => (findExtensionDefect(ext)?.fixable ? repairExtensions(ext) : null),
  },
  // The reader kept the first value: the fix only clears the flags.
  { kind: 'flags', rule: DUPLICATE_TAG, apply: (flags) => flags & ~DUPLICATE_TAG_FLAGS },
];

export const ELEMENTS = {
  rules: ELEMENTS_RULES,
  describeRow: (code, rows, i) => {
    switch (code) {
      case DUPLICATE_TAG.code: {
        const flags = rows.readFlags[i] ?? 0;
        const dup = FIELDS.filter((f) => flags & DUPLICATE_FLAG[f]);
        return {
          detail: `${dup.map((f) => `<${f}>`).join(', ')} appear${dup.length === 1 ? 's' : ''} more than once in this entry; the first value is kept`,
          field: dup[0] ?? 'loc',
        };
      }
      case EXT_INVALID.code: {
        const defect = findExtensionDefect(rows.ext[i] ?? []);
        return {
          detail: `${defect?.message ?? 'An extension element does not follow its schema'}; it is kept as is${defect?.fixable ? ' (Fix repairs it)' : ''}`,
          field: 'ext',
        };
      }
      case UNKNOWN_TAG.code:
      default:
        return {
          detail:
            'This entry contains an element outside the sitemap protocol and the known extensions; it is kept as is',
          field: 'ext',
        };
    }
  },
  fixes: ELEMENTS_FIXES,
} as const satisfies RuleModule;
