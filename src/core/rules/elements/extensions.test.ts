import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../../fixtures/helpers';
import { findExtensionDefect, repairExtensions } from './extensions';

const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const VIDEO = ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
const NEWS = ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';

function extOf(body: string, ns: string) {
  return importText(urlset(`<url><loc>https://e.com/</loc>${body}</url>`, ns)).rows.get(0).ext;
}

describe('findExtensionDefect', () => {
  it('accepts schema-valid image, video and news entries', () => {
    expect(
      findExtensionDefect(
        extOf(
          '<image:image><image:loc>https://e.com/a.jpg</image:loc><image:caption>c</image:caption><image:title>t</image:title></image:image>',
          IMAGE,
        ),
      ),
    ).toBeUndefined();
    expect(
      findExtensionDefect(
        extOf(
          '<video:video><video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description><video:tag>a</video:tag><video:tag>b</video:tag></video:video>',
          VIDEO,
        ),
      ),
    ).toBeUndefined();
    expect(
      findExtensionDefect(
        extOf(
          '<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>T</news:title></news:news>',
          NEWS,
        ),
      ),
    ).toBeUndefined();
  });

  it('reports children out of order as fixable by reordering', () => {
    const ext = extOf(
      '<image:image><image:loc>https://e.com/a.jpg</image:loc><image:title>t</image:title><image:caption>c</image:caption></image:image>',
      IMAGE,
    );
    expect(findExtensionDefect(ext)).toEqual({
      message: '<image:image>: <image:caption> comes after <image:title>; the schema wants it before',
      fixable: true,
    });
    const fixed = repairExtensions(ext);
    expect(fixed[0]?.children.map((c) => (typeof c === 'string' ? c : c.name))).toEqual(['loc', 'caption', 'title']);
    expect(findExtensionDefect(fixed)).toBeUndefined();
  });

  it('reports a missing required child, too many children and an unknown child as not fixable', () => {
    expect(findExtensionDefect(extOf('<image:image><image:title>t</image:title></image:image>', IMAGE))).toEqual({
      message: '<image:image> lacks the required <image:loc>',
      fixable: false,
    });
    // A missing thumbnail, title or description is video-*-missing's (ext-rules.test.ts), never reported twice.
    expect(
      findExtensionDefect(
        extOf('<video:video><video:title>t</video:title><video:description>d</video:description></video:video>', VIDEO),
      ),
    ).toBeUndefined();
    expect(
      findExtensionDefect(extOf('<image:image><image:loc>a</image:loc><image:loc>b</image:loc></image:image>', IMAGE))
        ?.message,
    ).toBe('<image:image> has 2 <image:loc> elements; at most 1 are allowed');
    expect(
      findExtensionDefect(extOf('<image:image><image:loc>a</image:loc><image:size>9</image:size></image:image>', IMAGE))
        ?.message,
    ).toBe('<image:image> has a child <image:size> that its schema does not allow');
  });

  it('looks inside nested sequences (news publication)', () => {
    const ext = extOf(
      '<news:news><news:publication><news:language>en</news:language><news:name>N</news:name></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>T</news:title></news:news>',
      NEWS,
    );
    expect(findExtensionDefect(ext)).toEqual({
      message: '<news:publication>: <news:name> comes after <news:language>; the schema wants it before',
      fixable: true,
    });
    expect(findExtensionDefect(repairExtensions(ext))).toBeUndefined();
  });
});

describe('ext-invalid in the checker and its fix', () => {
  it('is reported on the row, fixed by reordering, and undone exactly', async () => {
    const { checkSet } = await import('../../check/check-set');
    const { rowProblems } = await import('../../check/row-problems');
    const { planFixes } = await import('../../fix/plan-fixes');
    const { applyExtChanges } = await import('../../rows/changes');
    const set = importText(
      urlset(
        '<url><loc>https://e.com/</loc><image:image><image:loc>https://e.com/a.jpg</image:loc><image:title>t</image:title><image:caption>c</image:caption></image:image></url>',
        IMAGE,
      ),
      'img.xml',
    );
    const before = structuredClone(set.rows.get(0).ext);
    const result = checkSet(set);
    expect(result.byCode).toEqual({ 'ext-invalid': 1 });
    expect(rowProblems(set, result, 0)[0]).toMatchObject({
      code: 'ext-invalid',
      severity: 'warning',
      file: 'img.xml',
      line: 3,
      field: 'ext',
    });
    const plan = planFixes(set, result, ['ext-invalid']);
    expect(plan.applied).toEqual({ 'ext-invalid': 1 });
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    expect(checkSet(set).byCode).toEqual({});
    applyExtChanges(set.rows, plan.extChanges, 'backward');
    expect(set.rows.get(0).ext).toEqual(before);
  });
});

describe('extension dates', () => {
  it('reports a minute-precision date that xsd:dateTime refuses, and adds the seconds', () => {
    const ext = extOf(
      '<video:video><video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description><video:publication_date>2025-06-05T21:00Z</video:publication_date></video:video>',
      VIDEO,
    );
    expect(findExtensionDefect(ext)).toEqual({
      message:
        '<video:publication_date> "2025-06-05T21:00Z" has no seconds; the schema needs YYYY-MM-DDThh:mm:ss with a zone',
      fixable: true,
    });
    const fixed = repairExtensions(ext);
    expect(findExtensionDefect(fixed)).toBeUndefined();
    expect(JSON.stringify(fixed)).toContain('"2025-06-05T21:00:00Z"');
  });
});
