import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import { importFiles } from '../core/read/import-files';
import { BOARD_BOXES } from '../core/view/diagram-board';
import { MemoryDocumentStore } from './document-store';
import { Persistence } from './persistence';
import type { ExportSettings } from './protocol';
import { Session } from './session';

const enc = new TextEncoder();
const H = 'https://www.example.com';
const LINES = [`${H}/`, `${H}/pricing`, `${H}/blog/a`, `${H}/blog/b`, `${H}/about`];

const SETTINGS: ExportSettings = {
  format: 'txt',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  layout: 'limits',
  newRowsTo: '',
  siteUrl: `${H}/`,
  schemaLocation: false,
  lastmodForm: 'as-is',
};

function sessionOf(lines = LINES): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }]), false);
  return s;
}

const idOf = (s: Session, loc: string) => s.rows(0, 1000).find((r) => r.loc === loc)?.id as number;

function run<T>(pass: { step(n: number): boolean; finish(): T }): T {
  while (!pass.step(2)) {
    // A slice of two rows at a time, as the worker would run it between other requests.
  }
  return pass.finish();
}

describe('Session: the board plan', () => {
  it('sets a page plan as one undo step, which undo and redo take back and put again', () => {
    const s = sessionOf();
    const pricing = idOf(s, `${H}/pricing`);
    const out = s.plans.set(pricing, { status: 'To redirect', notes: 'Merge into /plans' });
    expect(out.history.undoLabel).toBe('Edit status, notes of www.example.com/pricing');
    expect(s.plans.set(pricing, { status: 'planned' }).history.undoLabel).toBe(
      'Set status of www.example.com/pricing to Planned',
    );
    // Nothing changed: no step.
    expect(s.plans.set(pricing, { status: 'Planned' }).history.undoLabel).toBe(
      'Set status of www.example.com/pricing to Planned',
    );
    expect(s.history.size.undo).toBe(2);
    s.undo();
    expect(s.snapshot(0)?.rows.plan?.fields).toEqual([
      { status: 'to-redirect', notes: 'Merge into /plans', color: '', owner: '', title: '' },
    ]);
    s.undo();
    expect(s.snapshot(0)?.rows.plan).toBeUndefined();
    s.redo();
    expect(s.snapshot(0)?.rows.plan?.fields[0]?.status).toBe('to-redirect');
    expect(() => s.plans.set(999_999, { notes: 'x' })).toThrow('There is no row 999999 any more.');
  });

  it('keeps the levels the diagram counted: a plan changes no row (the board reads the new plan)', () => {
    const s = sessionOf();
    const pricing = idOf(s, `${H}/pricing`);
    const before = s.revision;
    s.plans.set(pricing, { owner: 'Ana' });
    expect(s.revision).toBe(before);
    const levels = run(s.diagram.levelsPass([{ key: H, limit: 60 }]));
    const box = levels.get(H)?.children.find((c) => c.label === 'pricing')?.box;
    expect(box).toMatchObject({ id: pricing, loc: `${H}/pricing`, plan: { owner: 'Ana' } });
  });

  it('filters the table by status, and refreshes that view when a status changes', () => {
    const s = sessionOf();
    const about = idOf(s, `${H}/about`);
    expect(s.setView({ ...ALL_ROWS, text: 'status:planned' })).toBe(0);
    const out = s.plans.set(about, { status: 'planned' });
    expect(out.viewCount).toBe(1);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual([`${H}/about`]);
    expect(s.undo().viewCount).toBe(0);
  });

  it('adds a planned page with its status in one undo step', () => {
    const s = sessionOf();
    const { rowId, history } = s.edits.addRow({ loc: `${H}/careers` }, { status: 'planned' });
    expect(history.undoLabel).toBe('Add a URL');
    expect(s.snapshot(0)?.rows.plan?.ids).toEqual(new Uint32Array([rowId]));
    s.undo();
    expect(s.summary().urlCount).toBe(5);
    expect(s.snapshot(0)?.rows.plan).toBeUndefined();
    s.redo();
    expect(s.snapshot(0)?.rows.plan?.fields[0]?.status).toBe('planned');
  });

  it('saves the plans with the document and its history; a reload brings both back', async () => {
    const store = new MemoryDocumentStore();
    const s = new Session();
    const persistence = new Persistence(s, store, () => {}, 0, {
      set: (fn) => (fn(), 1),
      clear: () => {},
      now: () => 5,
    });
    s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(LINES.join('\n')) }]), false);
    s.plans.set(idOf(s, `${H}/pricing`), { notes: 'Kept across a reload', color: '#16a34a' });
    await persistence.flush();
    const again = new Session();
    await new Persistence(again, store, () => {}).restore(ALL_ROWS);
    const levels = run(again.diagram.levelsPass([{ key: H, limit: 60 }]));
    expect(levels.get(H)?.children.find((c) => c.label === 'pricing')?.box?.plan).toMatchObject({
      notes: 'Kept across a reload',
      color: '#16a34a',
    });
    expect(again.history.state().undoLabel).toBe('Edit notes, colour of www.example.com/pricing');
    again.undo();
    expect(again.snapshot(0)?.rows.plan).toBeUndefined();
  });

  it('keeps the plans through a comparison loaded and cleared', () => {
    const s = sessionOf();
    const pricing = idOf(s, `${H}/pricing`);
    s.plans.set(pricing, { status: 'to remove' });
    s.compare.load([{ name: 'before.txt', bytes: enc.encode(`${H}/\n${H}/old\n`) }]);
    expect(s.compare.summary()).toMatchObject({ added: 4, removed: 1 });
    const saved = s.snapshot(0);
    expect(saved?.rows.plan?.fields[0]?.status).toBe('to-remove');
    expect(saved?.compare?.rows.plan).toBeUndefined();
    s.compare.clear();
    expect(s.snapshot(0)?.rows.plan?.fields[0]?.status).toBe('to-remove');
  });

  it('leaves planned pages out of the sitemap export and says how many, unless asked to write them', async () => {
    const s = sessionOf();
    s.edits.addRow({ loc: `${H}/careers` }, { status: 'planned' });
    s.plans.set(idOf(s, `${H}/about`), { status: 'to remove' });
    expect(s.downloads.planExport(SETTINGS)).toMatchObject({ plannedLeftOut: 1, planned: 1, files: [{ urls: 5 }] });
    expect(s.downloads.planExport(SETTINGS, true)).toMatchObject({
      plannedLeftOut: 0,
      planned: 1,
      files: [{ urls: 6 }],
    });
    const out = await s.downloads.exportWith(
      SETTINGS,
      () => {},
      async (b) => b,
    );
    expect(out.plannedLeftOut).toBe(1);
    const text = new TextDecoder().decode(
      out.fileName.endsWith('.zip') ? Object.values(unzipSync(out.bytes))[0] : out.bytes,
    );
    expect(text).not.toContain('/careers');
    expect(text).toContain('/about');
    const all = await s.downloads.exportWith(
      SETTINGS,
      () => {},
      async (b) => b,
      true,
    );
    expect(new TextDecoder().decode(all.bytes)).toContain(`${H}/careers`);
  });

  it('draws the whole board: every level of a small site, each box with its page', () => {
    const s = sessionOf();
    s.plans.set(idOf(s, `${H}/blog/a`), { title: 'First post' });
    const board = run(s.diagram.boardPass(BOARD_BOXES));
    expect(board.cut).toBe(false);
    expect([...board.levels.keys()]).toEqual(['', H, `${H}/blog`]);
    expect(board.levels.get(`${H}/blog`)?.children.map((c) => c.box?.title)).toEqual(['First post', '']);
    const small = run(s.diagram.boardPass(4));
    expect(small.cut).toBe(true);
    expect([...small.levels.keys()]).toEqual(['', H]);
  });
});
