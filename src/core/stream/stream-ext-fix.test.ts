import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWS_FIXTURES_DATE } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { planFixes } from '../fix/plan-fixes';
import { importFiles, type InputFile } from '../read/import-files';
import { applyChanges, applyExtChanges, applyFlagChanges } from '../rows/changes';
import { exportSitemaps } from '../write/export';
import type { ExportOptions } from '../write/options';
import { streamPath } from './stream-test-helpers';

const FIXTURES = resolve(__dirname, '../../../fixtures');
const siteUrl = 'https://example.com/';
const opts: ExportOptions = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  limits: { maxUrls: 50_000, maxBytes: 52_428_800, maxSitemaps: 50_000 },
  schemaLocation: false,
  lastmodForm: 'as-is',
  siteUrl,
  now: NEWS_FIXTURES_DATE,
};

/** The table path's Fix all (the CLI's export --fix) at the check's date `date`. */
function tableFix(files: InputFile[], date: Date) {
  const set = importFiles(files);
  const plan = planFixes(set, checkSet(set, { siteUrl, now: date }), 'all', { siteUrl, now: date });
  applyChanges(set.rows, plan.changes, 'forward');
  applyFlagChanges(set.rows, plan.flagChanges, 'forward');
  applyExtChanges(set.rows, plan.extChanges, 'forward');
  const removed = new Set(plan.removeRows);
  const positions = [...Array(set.rows.length).keys()].filter((i) => !removed.has(set.rows.id[i] as number));
  return { plan, files: exportSitemaps(set.rows, opts, positions).files };
}

describe('stream --fix applies the extension rules’ fixes', () => {
  const ext: InputFile = { name: 'ext-defects.xml', bytes: readFileSync(resolve(FIXTURES, 'ext-defects.xml')) };
  const late = new Date('2024-06-01T00:00:00Z');

  it('drops what the table path drops (image-deprecated, video-deprecated, news-too-old) and lists it alike', () => {
    const table = tableFix([ext], late);
    const { report, out } = streamPath([ext], { now: late, checkDate: late, siteUrl, fix: true, write: opts });
    const applied = report.fixes?.applied ?? {};
    for (const code of ['image-deprecated', 'video-deprecated', 'news-too-old'])
      expect(applied[code as keyof typeof applied], code).toBeGreaterThan(0);
    expect(applied).toEqual(table.plan.applied);
    expect(report.fixes?.dropped).toEqual(table.plan.dropped);
    expect(report.fixes?.dropped.length).toBeGreaterThan(0);
    expect(report.fixes?.droppedMore).toBe(0);
    expect(out).toEqual(table.files);
    // Nothing of those rules is left in what was written.
    const left = report.fixes?.byCode ?? {};
    for (const code of ['image-deprecated', 'video-deprecated', 'news-too-old'])
      expect(left[code as keyof typeof left], code).toBeUndefined();
  });

  it('drops the news entries old at the check’s date, as the table path does at that date', () => {
    const table = tableFix([ext], NEWS_FIXTURES_DATE);
    const { report, out } = streamPath([ext], {
      now: late,
      checkDate: NEWS_FIXTURES_DATE,
      siteUrl,
      fix: true,
      write: opts,
    });
    const atLate = streamPath([ext], { now: late, checkDate: late, siteUrl, fix: true, write: opts }).report;
    expect(report.fixes?.applied).toEqual(table.plan.applied);
    expect(report.fixes?.dropped).toEqual(table.plan.dropped);
    expect(out).toEqual(table.files);
    expect(report.fixes?.applied['news-too-old'] ?? 0).toBeLessThan(atLate.fixes?.applied['news-too-old'] ?? 0);
  });
});
