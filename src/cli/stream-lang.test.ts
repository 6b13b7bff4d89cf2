import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runAsync } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'stream-lang-'));
const FILE = join(dir, 'tr.xml');
// Google's Turkish guide's words: "her ay" and a decimal comma.
writeFileSync(
  FILE,
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/</loc><changefreq>her ay</changefreq><priority>0,8</priority></url>
  <url><loc>https://www.example.com/a</loc></url>
</urlset>
`,
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('stream --lang', () => {
  it('prints its problems, summary and timing in Turkish', async () => {
    const r = await runAsync('stream', FILE, '--site', 'https://www.example.com', '--lang', 'tr');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'tr.xml:3:3: hata changefreq-value: changefreq şunlardan biri değil: always, hourly, daily, weekly, monthly, yearly, never — changefreq "her ay" yedi değerden biri değil; monthly kullanın (Search Console\'da: "Invalid tag value")',
    );
    expect(r.out.at(-2)).toBe('2 URL, 1 site haritası: 2 hata, 0 uyarı, 0 bilgi');
    expect(r.out.at(-1)).toMatch(/^\d+,\d sn içinde denetlendi; en yüksek bellek [\d,]+ [KMG]iB/);
  });

  it('writes in Serbian what it fixed and what is left, from the locale when --lang is not given', async () => {
    vi.stubEnv('LC_ALL', 'sr_RS.UTF-8@latin');
    const out = join(dir, 'out-sr');
    const r = await runAsync('stream', FILE, '--site', 'https://www.example.com', '--out', out, '--fix');
    expect(r.code).toBe(0);
    expect(r.out).toContain('ispravljeno: changefreq-value ×1, priority-format ×1');
    expect(r.out).toContain('ostalo u zapisanom: 0 grešaka, 0 upozorenja, 0 obaveštenja');
    expect(r.out.at(-1)).toMatch(/^zapisano: 1 mapa sajta \(2 URL-a\) za \d+,\d s; najveća memorija/);
  });

  it('is English as it always was', async () => {
    const r = await runAsync('stream', FILE, '--site', 'https://www.example.com', '--lang', 'en');
    expect(r.out).toContain(
      'tr.xml:3:3: error changefreq-value: changefreq "her ay" is not one of the seven values; use monthly (Search Console: "Invalid tag value")',
    );
    expect(r.out.at(-1)).toMatch(/^checked in \d+\.\d s; peak memory [\d.]+ [KMG]iB/);
  });
});
