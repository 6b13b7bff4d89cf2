import { describe, expect, it } from 'vitest';
import { patchedPlan } from '../plan/plan-fields';
import { planCsv, planLines, planMarkdown } from './board-outline';
import type { DiagramNode } from './diagram-levels';
import type { BoxPage } from './diagram-pages';
import { branchBox } from './diagram-test-helpers';

const H = 'https://www.example.com';

/** A box whose urls count itself and its children, and whose key ending in "bad" has an error. */
function branch(key: string, children: DiagramNode[] = [], box: Partial<BoxPage> | null = {}): DiagramNode {
  const made = branchBox(key, children, box) as DiagramNode & { kind: 'branch' };
  made.node.newestLastmod = '2024-05-01';
  made.node.errors = key.endsWith('bad') ? 1 : 0;
  return made;
}

const tree = branch(H, [
  branch(`${H}/blog`, [branch(`${H}/blog/a`, [], { title: '=HYPERLINK("x")' }), branch(`${H}/blog/bad`)], null),
  branch(`${H}/pricing`, [], {
    title: 'Pricing *new*',
    plan: patchedPlan(undefined, { status: 'planned', notes: 'Draft by May,\n"with" tiers', owner: 'Ana' }) ?? null,
  }),
  { kind: 'more', key: `${H} more`, parent: H, omitted: 3, omittedUrls: 7, children: [] },
]);

describe('the plan as CSV and as an outline', () => {
  it('lists the boxes depth first, each with its URL, title, status, notes, owner and counts', () => {
    const lines = planLines(tree);
    expect(lines.map((l) => [l.depth, l.url, l.title, l.status, l.urls])).toEqual([
      [0, H, 'www.example.com', 'Live', 4],
      [1, `${H}/blog`, 'blog', '', 3],
      [2, `${H}/blog/a`, '=HYPERLINK("x")', 'Live', 1],
      [2, `${H}/blog/bad`, 'bad', 'Live', 1],
      [1, `${H}/pricing`, 'Pricing *new*', 'Planned', 1],
      [1, '', '3 more branches', '', 7],
    ]);
  });

  it('writes CSV a spreadsheet reads as text: quoted where needed, formulas guarded', () => {
    const csv = planCsv(planLines(tree));
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('depth,url,title,status,notes,owner,colour,urls,errors,warnings,newest lastmod');
    expect(rows[3]).toBe(`2,${H}/blog/a,"'=HYPERLINK(""x"")",Live,,,,1,0,0,2024-05-01`);
    expect(rows[5]).toBe(`1,${H}/pricing,Pricing *new*,Planned,"Draft by May,\n""with"" tiers",Ana,,1,0,0,2024-05-01`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes an indented Markdown outline whose titles cannot become markup', () => {
    const md = planMarkdown(planLines(tree), 'Site diagram — www.example.com');
    expect(md.split('\n').slice(0, 8)).toEqual([
      '# Site diagram — www\\.example\\.com',
      '',
      `- www\\.example\\.com (<${H}>) — 4 URLs`,
      `  - blog (<${H}/blog>) — 3 URLs`,
      `    - =HYPERLINK\\("x"\\) (<${H}/blog/a>) — 1 URL`,
      `    - bad (<${H}/blog/bad>) — 1 URL, 1 with errors`,
      `  - Pricing \\*new\\* (<${H}/pricing>) — **Planned**, 1 URL, owner: Ana`,
      '    > Draft by May, "with" tiers',
    ]);
  });
});
