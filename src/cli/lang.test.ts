import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIX, run } from './test-helpers';

const FILES = [join(FIX, 'urls.csv'), join(FIX, 'broken-truncated.xml')];

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Each locale variable the CLI reads, emptied: a test names the ones it means. */
function clearLocale(): void {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) vi.stubEnv(name, '');
}

describe('check --lang', () => {
  it('prints each problem with its rule title in Turkish, and the summary in Turkish', () => {
    const r = run('check', ...FILES, '--lang', 'tr');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'urls.csv:3:1: hata priority-format: priority ondalık bir sayı değil — priority "0,8" ondalık bir sayı değil; 0.8 kullanın (Search Console\'da: "Invalid tag value")',
    );
    expect(r.out).toContain(
      'urls.csv:3:1: uyarı loc-duplicate: Aynı URL birden çok kez görünüyor — URL "https://example.com/a" 2 kez geçiyor',
    );
    expect(r.out.at(-1)).toBe('6 URL, 2 site haritası: 7 hata, 2 uyarı, 0 bilgi');
  });

  it('prints Serbian in either script, with its plural forms', () => {
    expect(run('check', ...FILES, '--lang', 'sr').out.at(-1)).toBe(
      '6 URL-ova, 2 mape sajta: 7 grešaka, 2 upozorenja, 0 info',
    );
    const cyrillic = run('check', ...FILES, '--lang', 'sr-Cyrl').out;
    expect(cyrillic.at(-1)).toBe('6 URL-ова, 2 мапе сајта: 7 грешака, 2 упозорења, 0 инфо');
    expect(cyrillic.some((l) => l.includes('грешка xml-malformed: Датотека није исправно формиран XML'))).toBe(true);
  });

  it('formats its numbers for the language (1.234 in Turkish and Serbian, 1,234 in English)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sitemap-lang-')), 'many.txt');
    writeFileSync(file, Array.from({ length: 1234 }, (_, i) => `https://example.com/p${i}\n`).join(''));
    expect(run('check', file, '--lang', 'tr').out.at(-1)).toBe('1.234 URL, 1 site haritası: 0 hata, 0 uyarı, 0 bilgi');
    expect(run('check', file, '--lang', 'sr').out.at(-1)).toBe(
      '1.234 URL-a, 1 mapa sajta: 0 grešaka, 0 upozorenja, 0 info',
    );
    expect(run('check', file, '--lang', 'en').out.at(-1)).toBe(
      '1,234 URLs in 1 sitemap: 0 errors, 0 warnings, 0 infos',
    );
  });

  it('keeps English exactly as it was with --lang en', () => {
    const r = run('check', ...FILES, '--lang', 'en');
    expect(r.out).toContain(
      'urls.csv:3:1: error priority-format: priority "0,8" is not a decimal number; use 0.8 (Search Console: "Invalid tag value")',
    );
    expect(r.out.at(-1)).toBe('6 URLs in 2 sitemaps: 7 errors, 2 warnings, 0 infos');
  });

  it('takes its default from LC_ALL, then LC_MESSAGES, then LANG', () => {
    clearLocale();
    vi.stubEnv('LANG', 'tr_TR.UTF-8');
    expect(run('check', ...FILES).out.at(-1)).toBe('6 URL, 2 site haritası: 7 hata, 2 uyarı, 0 bilgi');
    vi.stubEnv('LC_MESSAGES', 'sr_RS@latin');
    expect(run('check', ...FILES).out.at(-1)).toBe('6 URL-ova, 2 mape sajta: 7 grešaka, 2 upozorenja, 0 info');
    // glibc's sr_RS is written in Cyrillic.
    vi.stubEnv('LC_ALL', 'sr_RS.UTF-8');
    expect(run('check', ...FILES).out.at(-1)).toBe('6 URL-ова, 2 мапе сајта: 7 грешака, 2 упозорења, 0 инфо');
    vi.stubEnv('LC_ALL', 'de_DE.UTF-8');
    expect(run('check', ...FILES).out.at(-1)).toBe('6 URLs in 2 sitemaps: 7 errors, 2 warnings, 0 infos');
    // --lang wins over the locale.
    expect(run('check', ...FILES, '--lang', 'tr').out.at(-1)).toBe('6 URL, 2 site haritası: 7 hata, 2 uyarı, 0 bilgi');
  });

  it('refuses a language it does not speak', () => {
    const r = run('check', ...FILES, '--lang', 'de');
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toContain('--lang must be one of en, tr, sr, sr-Cyrl, not "de"');
  });
});

describe('check --lang with machine formats', () => {
  it('JSON keeps every English field and adds the language, each title and each message translated', () => {
    clearLocale();
    const en = JSON.parse(run('check', ...FILES, '--json').out[0] ?? '');
    const tr = JSON.parse(run('check', ...FILES, '--json', '--lang', 'tr').out[0] ?? '');
    expect(en.lang).toBeUndefined();
    expect(en.list.every((p: { title?: string }) => p.title === undefined)).toBe(true);
    expect(tr.lang).toBe('tr');
    const { lang: _lang, list, ...summary } = tr;
    const { list: enList, ...enSummary } = en;
    expect(summary).toEqual(enSummary);
    expect(list.map(({ title: _t, translated: _m, ...rest }: { title: string; translated: string }) => rest)).toEqual(
      enList,
    );
    expect(list).toContainEqual({
      code: 'priority-format',
      severity: 'error',
      message: 'priority "0,8" is not a decimal number; use 0.8 (Search Console: "Invalid tag value")',
      file: 'urls.csv',
      line: 3,
      column: 1,
      title: 'priority ondalık bir sayı değil',
      translated: 'priority "0,8" ondalık bir sayı değil; 0.8 kullanın (Search Console\'da: "Invalid tag value")',
    });
  });

  it('GitHub annotations keep the code as title and the English message, the Turkish title on a line of its own', () => {
    const en = run('check', ...FILES, '--format', 'github', '--lang', 'en').out;
    const tr = run('check', ...FILES, '--format', 'github', '--lang', 'tr').out;
    const line = tr.find((l) => l.includes('title=priority-format'));
    expect(line).toBe(`${en.find((l) => l.includes('title=priority-format'))}%0Apriority ondalık bir sayı değil`);
  });

  it('JUnit keeps its English and adds the Turkish head in a system-out', () => {
    const xml = run('check', ...FILES, '--format', 'junit', '--lang', 'tr').out.join('\n');
    expect(xml).toContain('message="1 × priority-format (error): The priority is not a decimal number"');
    expect(xml).toContain('<system-out>1 × priority-format (hata): priority ondalık bir sayı değil</system-out>');
    expect(run('check', ...FILES, '--format', 'junit', '--lang', 'en').out.join('\n')).not.toContain('(hata)');
  });
});
