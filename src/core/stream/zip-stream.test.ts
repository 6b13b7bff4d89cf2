import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { streamPath } from './stream-test-helpers';

const now = new Date('2025-01-01T00:00:00Z');

describe('the stream path on zips of many members', () => {
  it('reads all 5,000 small members pushed as one piece (fflate recursed once per member and overflowed)', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5_000; i++) files[`m${i}.txt`] = strToU8(`https://e.com/${i}\n`);
    const { findings, report } = streamPath([{ name: 'b.zip', bytes: zipSync(files) }], { now });
    expect(findings.urls).toBe(5_000);
    expect(report.files.length).toBe(5_000);
    expect(report.files[4_999]).toMatchObject({ name: 'b.zip/m4999.txt', kind: 'text', count: 1 });
    expect(findings.problems).toEqual([]);
  });
});
