import type { BlockPlan } from '../../core/edit/paste-block';

/** Invalid values listed by name in a paste's confirmation; the others are counted. */
const LISTED_INVALID = 8;

const n = (count: number) => count.toLocaleString('en-US');

/** What a block paste will do, in words, for its confirmation: where it lands, what is left out, which values are invalid. */
export function describePaste(plan: BlockPlan, start: number): { title: string; lines: string[]; invalid: string[] } {
  const fields = plan.columns.map((c) => c.field).join(', ');
  const width = plan.columns.length + plan.readOnly.length;
  const title = `Paste ${n(plan.rows)} ${plan.rows === 1 ? 'row' : 'rows'} × ${n(width)} ${width === 1 ? 'column' : 'columns'}?`;
  const rows = plan.rows === 1 ? `row ${n(start + 1)}` : `rows ${n(start + 1)}–${n(start + plan.rows)}`;
  const lines = [
    `${n(plan.cells)} ${plan.cells === 1 ? 'value' : 'values'} into ${fields}, ${rows}. Undo takes the whole paste back in one step.`,
  ];
  if (plan.readOnly.length > 0)
    lines.push(`Left out: the values for ${plan.readOnly.join(', ')}, which cannot be edited.`);
  if (plan.cut > 0) lines.push(`Left out: ${n(plan.cut)} ${plan.cut === 1 ? 'row' : 'rows'} past the last row shown.`);
  if (plan.extraColumns > 0)
    lines.push(
      `Left out: ${n(plan.extraColumns)} ${plan.extraColumns === 1 ? 'column' : 'columns'} past the last column.`,
    );
  const invalid = plan.invalid.slice(0, LISTED_INVALID).map((c) => `Row ${n(c.pos + 1)}, ${c.field}: ${c.reason}`);
  if (plan.invalid.length > LISTED_INVALID) invalid.push(`… and ${n(plan.invalid.length - LISTED_INVALID)} more.`);
  if (plan.invalid.length > 0) {
    lines.push(
      `${n(plan.invalid.length)} ${plan.invalid.length === 1 ? 'value is' : 'values are'} invalid: pasted as typed, as an edit would be, and flagged as problems.`,
    );
  }
  return { title, lines, invalid };
}
