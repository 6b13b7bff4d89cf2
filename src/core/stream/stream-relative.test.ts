import { describe, expect, it } from 'vitest';
import { generateDataSet } from '../../../bench/generate';
import type { InputFile } from '../read/import-files';
import type { ExportOptions } from '../write/options';
import { NO_ORIGIN_REASON } from '../write/origin';
import { streamPath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');
const XML_OUT: ExportOptions = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  limits: { maxUrls: 100, maxBytes: 15_000, maxSitemaps: 5 },
  schemaLocation: false,
  lastmodForm: 'as-is',
  siteUrl: '',
  now,
};

describe('StreamJob never writes a relative location', () => {
  const data = generateDataSet(1234).files[0] as { name: string; xml: Uint8Array };
  const input: InputFile[] = [{ name: 'shop.xml', bytes: data.xml }];

  it('writes no relative location: without a Site URL no index and no robots.txt line, and says why', () => {
    const opts = XML_OUT;
    const { out, report } = streamPath(input, { now, write: opts }, 1000);
    expect(out.filter((f) => f.kind === 'index')).toEqual([]);
    expect(out.length).toBeGreaterThan(1);
    expect(report.written?.robotsTxt).toBe('');
    const said = report.written?.problems.find((p) => p.code === 'loc-not-absolute');
    expect(said?.severity).toBe('error');
    expect(said?.message).toContain(NO_ORIGIN_REASON);
  });
});
