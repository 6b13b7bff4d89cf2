import { describe, expect, it } from 'vitest';
import { corpusFile, corpusFiles, fixture, hasShared, listOf } from '../../fixtures/helpers';
import { validateXsd } from '../../fixtures/xsd';
import { checkSet } from './check/check-set';
import { rowProblems } from './check/row-problems';
import { planFixes } from './fix/plan-fixes';
import { applyChanges, applyExtChanges, applyFlagChanges } from './rows/changes';
import { importFiles, type InputFile } from './read/import-files';
import type { SitemapSet } from './read/sitemap-set';
import type { RuleCode } from './rules/registry';
import { exportSitemaps } from './write/export';
import { LIMITS } from './rules/limits';
import type { ExportOptions } from './write/options';

const OPTIONS: ExportOptions = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  siteUrl: 'https://example.com/',
  limits: LIMITS.standard,
  schemaLocation: false,
  lastmodForm: 'as-is',
  now: new Date('2024-06-01T00:00:00Z'),
};

function exportAndReimport(set: SitemapSet, opts: Partial<ExportOptions> = {}): SitemapSet {
  const out = exportSitemaps(set.rows, { ...OPTIONS, ...opts });
  return importFiles(out.files.map((f): InputFile => ({ name: f.name, bytes: f.data })));
}

/** Codes whose values the XSDs reject, so a file keeping them cannot validate. */
const XSD_BREAKING: RuleCode[] = [
  'unknown-tag',
  'ext-invalid',
  'loc-missing',
  'loc-not-absolute',
  'lastmod-format',
  'lastmod-invalid',
  'changefreq-value',
  'priority-format',
  'priority-range',
  // Required extension children that ext-invalid leaves to their own rules, and hreflang values xs:language refuses (en_US).
  'hreflang-value',
  'video-thumbnail-missing',
  'video-title-missing',
  'video-description-missing',
  'news-publication-missing',
  'news-date-missing',
  'news-date-invalid',
  'news-title-missing',
];

/** Applies every automatic fix, as "Fix all" does; returns the positions of the rows that remain. */
function fixAll(set: SitemapSet): number[] {
  const plan = planFixes(set, checkSet(set), 'all', { siteUrl: OPTIONS.siteUrl });
  applyChanges(set.rows, plan.changes, 'forward');
  applyFlagChanges(set.rows, plan.flagChanges, 'forward');
  applyExtChanges(set.rows, plan.extChanges, 'forward');
  const removed = new Set(plan.removeRows);
  const kept: number[] = [];
  for (let i = 0; i < set.rows.length; i++) if (!removed.has(set.rows.id[i] as number)) kept.push(i);
  return kept;
}

/** The codes left on the rows that remain after Fix all. */
function remainingCodes(set: SitemapSet, kept: readonly number[]): Set<RuleCode> {
  const result = checkSet(set);
  const codes = new Set<RuleCode>(result.problems.map((p) => p.code));
  for (const i of kept) for (const p of rowProblems(set, result, i)) codes.add(p.code);
  return codes;
}

describe('round trip: import → export → import gives the same entries', () => {
  it('for the repo fixtures, in XML and gzipped', () => {
    const set = importFiles([
      { name: 'a.xml', bytes: fixture('basic-urlset.xml') },
      { name: 'b.txt', bytes: fixture('urls.txt') },
    ]);
    expect(listOf(exportAndReimport(set).rows)).toEqual(listOf(set.rows));
    expect(listOf(exportAndReimport(set, { gzip: true, limits: { ...LIMITS.standard, maxUrls: 2 } }).rows)).toEqual(
      listOf(set.rows),
    );
  });

  it.runIf(hasShared).each(corpusFiles())('for corpus file %s', (name) => {
    const set = importFiles([{ name, bytes: corpusFile(name) }]);
    const back = exportAndReimport(set);
    expect(listOf(back.rows)).toEqual(listOf(set.rows));
  });
});

/**
 * The corpus files whose export keeps a problem the XSDs refuse after Fix all,
 * with those problems: the reason their urlset cannot validate, reported
 * before export (never written silently). Every other file must validate.
 */
const KEEPS_XSD_BREAKING: Record<string, RuleCode[]> = {
  'broken_jekyll-unrendered-template_news-sitemap.xml': ['lastmod-format', 'news-date-invalid'],
  'broken_sitemapjs_unescaped-lt-in-text.xml': ['changefreq-value'],
  'ext_custom-namespace-sgl-title_sitemap.xml': ['unknown-tag'],
  'ext_pagemap-default-ns-redeclared_crawler-commons.xml': ['unknown-tag'],
  'gz_broken_mkdocs-loc-None_sitemap.xml.gz': ['loc-not-absolute'],
};

/** Corpus files without rows (indexes, an empty urlset, one that is not XML before its declaration): nothing to export. */
const NO_ROWS = [
  'broken_blank-line-before-xml-decl_comments_scrapy.xml',
  'edge_empty-self-closed-urlset_news-sitemap.xml',
  'hreflang_hugo-multilingual_sitemapindex.xml',
  'index_no-loc-element_bare-text-in-sitemap_crawler-commons.xml',
  'index_sitemapjs_unknown-foo-element.xml',
  'index_xml-sitemaps-com_child-name-mismatch_sitemap_index.xml',
  'yoast-static-export_sitemap_index.xml',
];

describe.runIf(hasShared)('every exported corpus file validates against the official XSDs', () => {
  it.each(corpusFiles())('%s (after Fix all)', (name) => {
    const set = importFiles([{ name, bytes: corpusFile(name) }]);
    expect(set.rows.length === 0).toBe(NO_ROWS.includes(name));
    if (set.rows.length === 0) return;
    const kept = fixAll(set);
    const remaining = remainingCodes(set, kept);
    const breaking = XSD_BREAKING.filter((c) => remaining.has(c));
    // A file that cannot validate must say why before export, never silently.
    expect(breaking).toEqual(KEEPS_XSD_BREAKING[name] ?? []);
    const out = exportSitemaps(set.rows, { ...OPTIONS, index: 'always' }, kept);
    for (const f of out.files) {
      const result = validateXsd(f.data, f.kind === 'index' ? 'siteindex.xsd' : 'sitemap-all.xsd', `${name}.${f.name}`);
      if (f.kind === 'index' || breaking.length === 0) expect(result).toEqual({ ok: true, errors: [] });
      else expect(result.ok).toBe(false);
    }
  });
});
