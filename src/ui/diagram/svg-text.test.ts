import { describe, expect, it } from 'vitest';
import type { DiagramNode } from '../../core/view/diagram-levels';
import { branchBox } from '../../core/view/diagram-test-helpers';
import { xmlErrors } from '../../../fixtures/xml-errors';
import { patchedPlan } from '../../core/plan/plan-fields';
import { boxScene, shownText } from './box-scene';
import { layoutDiagram } from './layout';
import { boardSvg } from './svg-text';
import { winAnsi } from './pdf';
import { fitText, textWidth } from './text-fit';
import { translatorFor } from '../../i18n/catalogues';

const en = translatorFor('en');

const H = 'https://www.example.com';

const branch = branchBox;

describe('the board as an SVG file', () => {
  it('is well-formed whatever a loc holds: U+0001, U+000B, U+FFFE, a lone surrogate, markup', () => {
    const odd = ['a\u0001b', 'tab\u000bbed', 'non\ufffechar', 'half\ud800', '<b>&"x"'];
    const tree = branch(
      H,
      odd.map((s) => branch(`${H}/${s}`, [], { loc: `${H}/${s}`, plan: patchedPlan(undefined, { owner: s }) ?? null })),
    );
    const svg = boardSvg(
      layoutDiagram(tree, { orientation: 'top-down', aspect: 1.4, header: true }),
      'Site diagram — x\u0001',
      'today',
      en,
    );
    expect(xmlErrors(svg.text)).toEqual([]);
    expect(svg.boxes).toBe(6);
    expect(svg.text.match(/<g class="dg-box"/g)).toHaveLength(6);
    // Shown as their control pictures (and U+FFFD), not dropped in silence.
    expect(svg.text).toContain('>a\u2401b<');
    expect(svg.text).toContain('>tab\u240bbed<');
    expect(svg.text).toContain('>non\ufffdchar<');
    expect(svg.text).toContain('&lt;b&gt;&amp;&quot;x&quot;');
    // The URL on hover holds no character XML forbids either.
    expect(svg.text).toContain(`<title>a\u2401b — ${H}/ab</title>`);
  });

  it('draws only the boxes of a view (a PDF tile), with its view box', () => {
    const tree = branch(
      H,
      Array.from({ length: 40 }, (_, i) => branch(`${H}/p${i}`)),
    );
    const layout = layoutDiagram(tree, { orientation: 'top-down', aspect: 1.4 });
    const whole = boardSvg(layout, 't', 'd', en);
    const part = boardSvg(layout, 't', 'd', en, { view: { x: 0, y: 0, w: 400, h: 300 } });
    expect(whole.boxes).toBe(41);
    expect(part.boxes).toBeGreaterThan(0);
    expect(part.boxes).toBeLessThan(20);
    expect(part.text).toContain('viewBox="0 0 400 300"');
    expect(xmlErrors(part.text)).toEqual([]);
  });
});

describe('a box drawn', () => {
  it('names every word it can show; draws the title at Fit, everything zoomed in', () => {
    const planned = branch(`${H}/pricing`, [], {
      title: 'Pricing and plans',
      plan: patchedPlan(undefined, { status: 'planned', owner: 'Ana', notes: 'n', color: '#16a34a' }) ?? null,
    });
    const none = boxScene(planned, 'none', en);
    const title = boxScene(planned, 'title', en);
    const full = boxScene(planned, 'full', en);
    expect(full.name).toBe('Pricing and plans, 1 URL, no problems, Planned, Ana, notes');
    expect(none.parts.filter((p) => p.t === 'text')).toHaveLength(0);
    expect(title.parts.filter((p) => p.t === 'text')).toHaveLength(1);
    expect(full.parts.filter((p) => p.t === 'text')).toHaveLength(3);
    // Planned: dashed and pale blue; the user's colour as a stripe.
    expect(full.parts[0]).toMatchObject({ t: 'rect', fill: '#eef4ff', dash: '6 4' });
    expect(full.parts[1]).toMatchObject({ t: 'rect', fill: '#16a34a' });
  });

  it('draws a closed branch as a section: a card behind, its count at the size of a title', () => {
    const open = branch(`${H}/blog`, [branch(`${H}/blog/a`)]) as DiagramNode & { kind: 'branch' };
    const closed: DiagramNode = { ...open, expanded: false, children: [] };
    const scene = boxScene(closed, 'title', en);
    expect(scene.section).toBe(true);
    expect(scene.parts.filter((p) => p.t === 'text').map((p) => p.t === 'text' && [p.size, p.runs[0]?.text])).toEqual([
      [17, 'blog'],
      [16, '2 URLs'],
    ]);
  });

  it('shows the characters a file cannot hold', () => {
    expect(shownText('a\u0000b\u001f\u007f')).toBe('a\u2400b\u241f\u2421');
    expect(shownText('ok \ud83d\ude00')).toBe('ok \ud83d\ude00');
    expect(shownText('\udc00x\ud800')).toBe('\ufffdx\ufffd');
    expect(shownText('plain')).toBe('plain');
  });

  it('cuts text to a width with an ellipsis', () => {
    expect(fitText('short', 17, 160, true)).toBe('short');
    const long = fitText('A rather long page title for a box', 17, 160, true);
    expect(long.endsWith('…')).toBe(true);
    expect(textWidth(long, 17, true)).toBeLessThanOrEqual(160);
    expect(textWidth('日本語', 10)).toBe(30);
  });

  it('tells text the PDF fonts can write from text they cannot', () => {
    expect(winAnsi('Café – “menu” • 2024 € …')).toBe(true);
    expect(winAnsi('日本語')).toBe(false);
    expect(winAnsi('a\u2401b')).toBe(false);
  });
});
