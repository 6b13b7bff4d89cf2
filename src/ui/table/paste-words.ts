import type { BlockPlan } from '../../core/edit/paste-block';
import type { Translator } from '../../i18n/translator';

/** Invalid values listed by name in a paste's confirmation; the others are counted. */
const LISTED_INVALID = 8;

/** What a block paste will do, in words, for its confirmation: where it lands, what is left out, which values are invalid. */
export function describePaste(
  plan: BlockPlan,
  start: number,
  words: Translator,
): { title: string; lines: string[]; invalid: string[] } {
  const fields = plan.columns.map((c) => c.field).join(', ');
  const width = plan.columns.length + plan.readOnly.length;
  const title = words.t('paste.title', { rows: plan.rows, columns: width });
  const rows =
    plan.rows === 1
      ? words.t('paste.row', { row: start + 1 })
      : words.t('paste.rows', { first: start + 1, last: start + plan.rows });
  const lines = [words.t('paste.into', { count: plan.cells, fields, rows })];
  if (plan.readOnly.length > 0) lines.push(words.t('paste.readOnly', { fields: plan.readOnly.join(', ') }));
  if (plan.cut > 0) lines.push(words.t('paste.cut', { count: plan.cut }));
  if (plan.extraColumns > 0) lines.push(words.t('paste.extraColumns', { count: plan.extraColumns }));
  // The reason is core's (the rule's words), English until core's words are keyed.
  const invalid = plan.invalid
    .slice(0, LISTED_INVALID)
    .map((c) => words.t('paste.invalidValue', { row: c.pos + 1, field: c.field, reason: c.reason }));
  if (plan.invalid.length > LISTED_INVALID)
    invalid.push(words.t('paste.moreInvalid', { count: plan.invalid.length - LISTED_INVALID }));
  if (plan.invalid.length > 0) lines.push(words.t('paste.invalid', { count: plan.invalid.length }));
  return { title, lines, invalid };
}
