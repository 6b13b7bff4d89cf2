import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import type { BranchEdit } from '../core/edit/move-branch';
import type { Changed, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { fakeClient } from './testing/fake-client';

const H = 'https://www.example.com';
const SUMMARY = { urlCount: 3, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const CHANGED: Changed = {
  summary: SUMMARY,
  viewCount: 2,
  history: { canUndo: true, undoLabel: 'Move', canRedo: false, redoLabel: null },
};

describe('the diagram slice', () => {
  it('moves a branch as one change, and a table filtered inside it follows to the new key', async () => {
    const edits: BranchEdit[] = [];
    const views: string[] = [];
    const store = createAppStore(
      fakeClient({
        setView: ({ query }) => (views.push(query.prefix ?? ''), 2),
        branchEdit: ({ edit }) => {
          edits.push(edit);
          return { ...CHANGED, changed: 2, removed: 0, refused: null, to: `${H}/news/blog` };
        },
      }),
    );
    store.setState({ summary: SUMMARY, query: { ...store.getState().query, prefix: `${H}/blog/2024` } });
    const outcome = await store.getState().applyBranchEdit({ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` });
    expect(outcome?.to).toBe(`${H}/news/blog`);
    expect(edits).toEqual([{ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` }]);
    expect(store.getState().history.undoLabel).toBe('Move');
    expect(english(store.getState().notice)).toEqual({ kind: 'info', text: 'Moved 2 URLs: undo puts them back.' });
    expect(store.getState().query.prefix).toBe(`${H}/news/blog/2024`);
    expect(views).toEqual([`${H}/news/blog/2024`]);
  });

  it('adds a planned page as a new row, and refuses a segment that is none without asking the worker', async () => {
    const added: unknown[] = [];
    const store = createAppStore(
      fakeClient({ addRow: ({ entry, plan }) => (added.push({ ...entry, plan }), { ...CHANGED, rowId: 7 }) }),
    );
    store.setState({ summary: SUMMARY });
    expect(store.getState().plannedPage(H, 'a/b')).toEqual({
      ok: false,
      message: '"a/b" is not one segment: it may not hold "/", "?" or "#".',
    });
    expect(await store.getState().addPlannedPage(H, 'a/b')).toBeNull();
    expect(await store.getState().addPlannedPage(`${H}/shop`, 'sale')).toBe(7);
    // Its status is Planned from the start, in the same step.
    expect(added).toEqual([{ loc: `${H}/shop/sale`, plan: { status: 'planned' } }]);
  });

  it("changes a page's plan as one change, and says so when the worker refuses", async () => {
    const asked: unknown[] = [];
    let fail = false;
    const store = createAppStore(
      fakeClient({
        setPlan: (p) => {
          if (fail) throw new Error('There is no row 3 any more.');
          asked.push(p);
          return { ...CHANGED, history: { ...CHANGED.history, undoLabel: 'Edit notes of x' } };
        },
      }),
    );
    store.setState({ summary: SUMMARY });
    expect(await store.getState().setPlan(3, { notes: 'Write it' })).toBe(true);
    expect(asked).toEqual([{ row: 3, patch: { notes: 'Write it' } }]);
    expect(store.getState().history.undoLabel).toBe('Edit notes of x');
    fail = true;
    expect(await store.getState().setPlan(3, { notes: 'Again' })).toBe(false);
    expect(english(store.getState().notice)?.text).toContain('There is no row 3 any more.');
    // The layout follows the site's size until the user chooses one; planned pages are left out of exports until asked.
    expect(store.getState().diagramLayout).toBeNull();
    store.getState().setDiagramLayout('left-right');
    expect(store.getState().diagramLayout).toBe('left-right');
    expect(store.getState().includePlanned).toBe(false);
  });

  it('says so when the redirect map is empty, and hands over a full one', async () => {
    let count = 0;
    let leftOut = 0;
    const store = createAppStore(
      fakeClient({
        redirectMap: () => ({ fileName: 'redirects.csv', mimeType: 'text/csv', text: 'old,new\r\n', count, leftOut }),
      }),
    );
    store.setState({ summary: SUMMARY });
    expect(await store.getState().redirectMap('csv')).toBeNull();
    expect(english(store.getState().notice)?.text).toBe(
      'No URL has changed in this session (among the changes undo can reach): there is nothing to redirect.',
    );
    count = 1;
    expect(await store.getState().redirectMap('csv')).toEqual({
      fileName: 'redirects.csv',
      mimeType: 'text/csv',
      text: 'old,new\r\n',
      count: 1,
      leftOut: 0,
    });
    // A map that had to leave redirects out is handed over (its comments list them), and the user is told.
    leftOut = 2;
    expect(await store.getState().redirectMap('csv')).toMatchObject({ count: 1, leftOut: 2 });
    expect(english(store.getState().notice)?.text).toBe(
      "2 redirects could not be written safely in this format (a control character, the format's own syntax, or not an absolute http(s) URL): left out, and listed at the end of the file.",
    );
  });
});
