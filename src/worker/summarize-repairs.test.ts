import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { checkSet } from '../core/check/check-set';
import { importFiles } from '../core/read/import-files';
import { summarizeSet } from './summarize';

describe('summarizeSet: what the export repairs', () => {
  it('marks the xml-malformed errors of a recovered file as repaired on export, but for where it ends early', () => {
    const set = importFiles([{ name: 'broken-truncated.xml', bytes: fixture('broken-truncated.xml') }]);
    const summary = summarizeSet(set, checkSet(set));
    expect(summary.files.map((f) => f.partial)).toEqual([true]);
    expect(summary.groups).toEqual([
      {
        code: 'xml-malformed',
        severity: 'error',
        title: 'The file is not well-formed XML',
        count: 3,
        repairedOnExport: 2,
      },
      { code: 'changefreq-value', severity: 'error', title: expect.any(String), count: 1, fixable: 1 },
    ]);
  });
});
