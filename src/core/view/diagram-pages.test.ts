import { listOf } from '../../../fixtures/helpers';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import { patchedPlan, type PlanFields } from '../plan/plan-fields';
import { importFiles } from '../read/import-files';
import { readCrawlExport } from '../read/crawl-export';
import { BoardLevels } from './diagram-board';
import { diagramLevels, diagramTree, type DiagramNode } from './diagram-levels';
import { boxLabel, withPages, type DiagramLevel } from './diagram-pages';
import { crawlTitles, decodedSlug } from './page-titles';
import { sitemapsOrgLocs } from './diagram-test-helpers';
import { treeLevels } from './tree';
import { type TreeChildren } from './tree-node';

const H = 'https://www.example.com';
const enc = (s: string) => new TextEncoder().encode(s);

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
  xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url><loc>${H}/</loc></url>
  <url><loc>${H}/pricing</loc></url>
  <url><loc>${H}/blog/</loc></url>
  <url><loc>${H}/blog/launch</loc>
    <news:news><news:publication><news:name>Ex</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-05-01</news:publication_date><news:title>We launched</news:title></news:news></url>
  <url><loc>${H}/videos/tour</loc>
    <video:video><video:thumbnail_loc>${H}/t.jpg</video:thumbnail_loc><video:title>A short tour</video:title>
      <video:description>d</video:description><video:content_loc>${H}/t.mp4</video:content_loc></video:video></url>
  <url><loc>${H}/caf%C3%A9/menu</loc></url>
</urlset>`;

const CRAWL = `Address,Status Code,Indexability,Title 1
${H}/,200,Indexable,Example — Home
${H}/pricing,200,Indexable,"Pricing, plans and offers"
`;

function site() {
  const set = importFiles([
    { name: 'sitemap.xml', bytes: enc(SITEMAP) },
    { name: 'crawl.csv', bytes: enc(CRAWL) },
  ]);
  const result = checkSet(set);
  const levels = treeLevels(set.rows, result, ['', H, `${H}/blog`, `${H}/café`, `${H}/caf%C3%A9`]);
  const crawl = crawlTitles(set);
  const pages = (key: string) => withPages(set, levels.get(key) as TreeChildren, crawl);
  return { set, pages };
}

describe('a box page and its title', () => {
  it('reads the titles of a crawl export (Title 1, or Title)', () => {
    expect(readCrawlExport(CRAWL)?.map((p) => p.title)).toEqual(['Example — Home', 'Pricing, plans and offers']);
    expect(
      readCrawlExport(`URL,HTTP Status Code,Title\n${H}/a,200,About us\n${H}/b,200,\n`)?.map((p) => p.title),
    ).toEqual(['About us', undefined]);
  });

  it('titles a box by the crawl export, the news or video entry, else its decoded segment', () => {
    const { pages } = site();
    const top = pages('');
    expect(top.children[0]?.box).toMatchObject({ loc: `${H}/`, title: 'Example — Home', titleSource: 'crawl' });
    const host = pages(H);
    const byLabel = new Map(host.children.map((c) => [c.label, c]));
    expect(byLabel.get('pricing')?.box).toMatchObject({ title: 'Pricing, plans and offers', titleSource: 'crawl' });
    // /blog is a page of its own (blog/), with no title known: its segment.
    expect(byLabel.get('blog')?.box).toMatchObject({ loc: `${H}/blog/`, title: '', titleSource: '' });
    expect(boxLabel(byLabel.get('blog') as DiagramLevel['children'][number])).toBe('blog');
    // /videos and /café have no page of their own.
    expect(byLabel.get('videos')?.box).toBeNull();
    expect(boxLabel(byLabel.get('caf%C3%A9') as DiagramLevel['children'][number])).toBe('café');
    const blog = pages(`${H}/blog`);
    expect(blog.children[0]?.box).toMatchObject({ title: 'We launched', titleSource: 'news' });
    expect(decodedSlug('100%')).toBe('100%');
  });

  it('titles a box by the title the user typed, first', () => {
    const { set, pages } = site();
    const pos = listOf(set.rows).findIndex((r) => r.loc === `${H}/pricing`);
    const id = set.rows.id[pos] as number;
    set.rows.plan.set(id, patchedPlan(undefined, { title: 'Plans', status: 'to redirect' }) as PlanFields);
    const pricing = pages(H).children.find((c) => c.label === 'pricing');
    expect(pricing?.box).toMatchObject({ id, title: 'Plans', titleSource: 'plan', plan: { status: 'to-redirect' } });
  });

  it('takes a video title when there is no news', () => {
    const { set } = site();
    const result = checkSet(set);
    const videos = withPages(
      set,
      treeLevels(set.rows, result, [`${H}/videos`]).get(`${H}/videos`) as TreeChildren,
      new Map(),
    );
    expect(videos.children[0]?.box).toMatchObject({ title: 'A short tour', titleSource: 'video' });
  });
});

const sitemapsOrg = () => setOf(sitemapsOrgLocs(H));

/** Runs a board to the end on a set: each depth it asks for counted at once. */
function board(set: ReturnType<typeof setOf>, budget?: number): BoardLevels {
  const result = checkSet(set);
  const b = new BoardLevels(budget);
  for (let keys = b.next(), k = 0; keys.length > 0 && k < 100; keys = b.next(), k++)
    b.take(
      diagramLevels(
        set.rows,
        result,
        keys.map((key) => ({ key, limit: b.budget })),
      ),
    );
  return b;
}

function count(n: DiagramNode): number {
  let total = 0;
  const stack = [n];
  for (let x = stack.pop(); x; x = stack.pop()) {
    total++;
    stack.push(...x.children);
  }
  return total;
}

function asDiagram(levels: ReadonlyMap<string, TreeChildren>): Map<string, DiagramLevel> {
  const out = new Map<string, DiagramLevel>();
  for (const [k, l] of levels) out.set(k, { ...l, children: l.children.map((c) => ({ ...c, box: null })) });
  return out;
}

describe('the whole board (BoardLevels)', () => {
  it('holds every page of a small site: 84 boxes for sitemaps.org', () => {
    const b = board(sitemapsOrg());
    expect(b.cut).toBe(false);
    const tree = diagramTree(asDiagram(b.levels), new Set(b.levels.keys())) as DiagramNode;
    expect(count(tree)).toBe(84);
  });

  it('stops at the depth that fits the boxes, every branch to the same depth, with their counts', () => {
    const b = board(sitemapsOrg(), 40);
    expect(b.cut).toBe(true);
    const tree = diagramTree(asDiagram(b.levels), new Set(b.levels.keys())) as DiagramNode;
    // The host and its 23 branches; the language folders keep their counts, closed.
    expect(count(tree)).toBe(24);
    const da = tree.children.find((c) => c.key === `${H}/da`) as DiagramNode & { kind: 'branch' };
    expect([da.node.urls, da.node.hasChildren, da.expanded]).toEqual([4, true, false]);
  });

  it('cuts a first level too wide for the boxes to its biggest branches and an "N more" box', () => {
    const flat = setOf(Array.from({ length: 500 }, (_, i) => `${H}/p${i}`));
    const b = board(flat, 100);
    expect(b.cut).toBe(true);
    const tree = diagramTree(asDiagram(b.levels), new Set(b.levels.keys())) as DiagramNode;
    expect(count(tree)).toBeLessThanOrEqual(100);
    expect(tree.children.at(-1)).toMatchObject({ kind: 'more', omitted: 500 - 98 });
  });

  it('puts several hosts under one root', () => {
    const b = board(setOf([`${H}/a`, 'https://shop.example.com/b', 'https://shop.example.com/c/d']));
    const tree = diagramTree(asDiagram(b.levels), new Set(b.levels.keys())) as DiagramNode;
    expect(tree.kind).toBe('root');
    // The root, two hosts, /a, /b, /c and /c/d.
    expect(count(tree)).toBe(7);
  });
});
