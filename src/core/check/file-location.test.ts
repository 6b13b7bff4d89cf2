import { describe, expect, it } from 'vitest';
import { importFiles } from '../read/import-files';
import { checkSet } from './check-set';
import { applyFileLocations } from './file-location';
import { fileScope } from '../rules/loc/location';

const urlset = (locs: string[]) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
  );

/** loc-not-allowed of a file fetched from `url`, by the file's own location. */
function notAllowed(url: string, locs: string[]): number {
  const set = importFiles([{ name: url, bytes: urlset(locs) }]);
  const result = checkSet(set);
  applyFileLocations(set, result);
  return result.byCode['loc-not-allowed'] ?? 0;
}

describe('the location rule by a live sitemap’s own URL', () => {
  it('takes the directory of the file, whatever its last segment looks like', () => {
    expect(fileScope('https://example.com/sitemap')?.prefix).toBe('https://example.com/');
    expect(fileScope('https://example.com/blog/sitemap')?.prefix).toBe('https://example.com/blog/');
    expect(fileScope('https://example.com/sitemap.php?page=2')?.prefix).toBe('https://example.com/');
    expect(fileScope('https://example.com/catalog/')?.prefix).toBe('https://example.com/catalog/');
    expect(fileScope('https://example.com')?.prefix).toBe('https://example.com/');
    expect(fileScope('ftp://example.com/sitemap')).toBeNull();
  });

  it('allows the whole site to a sitemap served at /sitemap (no false "URL not allowed")', () => {
    expect(notAllowed('https://example.com/sitemap', ['https://example.com/', 'https://example.com/shop/a'])).toBe(0);
    expect(
      notAllowed('https://example.com/blog/feed', ['https://example.com/blog/a', 'https://example.com/shop/b']),
    ).toBe(1);
  });
});
