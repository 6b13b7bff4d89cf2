import { describe, expect, it } from 'vitest';
import { checkSet } from './check-set';
import { fileStatuses } from './file-status';
import { importFiles } from '../read/import-files';

const enc = (s: string) => new TextEncoder().encode(s);
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('fileStatuses', () => {
  it('counts each file’s errors and warnings, and says which could not be read', () => {
    const set = importFiles([
      { name: 'good.xml', bytes: enc(`<urlset xmlns="${NS}"><url><loc>https://a.example/</loc></url></urlset>`) },
      // One error (lastmod-format) and one warning (loc-fragment) on one row, one error on another.
      {
        name: 'bad.xml',
        bytes: enc(
          `<urlset xmlns="${NS}"><url><loc>https://a.example/x#f</loc><lastmod>2024/01/05</lastmod></url><url><loc>https://a.example/y</loc><priority>high</priority></url></urlset>`,
        ),
      },
      { name: 'page.html', bytes: enc('<!doctype html><html><body>Not found</body></html>') },
    ]);
    const result = checkSet(set, { now: new Date('2025-01-01T00:00:00Z') });
    expect(fileStatuses(set, result)).toEqual([
      { file: 'good.xml', kind: 'urlset', urls: 1, errors: 0, warnings: 0, unreadable: false },
      { file: 'bad.xml', kind: 'urlset', urls: 2, errors: 2, warnings: 1, unreadable: false },
      { file: 'page.html', kind: 'none', urls: 0, errors: 1, warnings: 0, unreadable: true },
    ]);
  });
});
