import { describe, expect, it } from 'vitest';
import { english } from './testing/in-english';
import { WorkerLostError } from '../worker/client';
import type { SetSummary } from '../worker/protocol';
import type { StoreApi } from 'zustand/vanilla';
import { createAppStore, type AppState } from './app-store';
import { fakeClient, type FakeAnswers } from './testing/fake-client';

const SUMMARY = {
  urlCount: 2,
  viewCount: 2,
  counts: { error: 0, warning: 0, info: 0 },
  byCode: {},
  groups: [],
} as unknown as SetSummary;
const HISTORY = { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: false, redoLabel: null };
const lost = () => Promise.reject(new WorkerLostError('The import worker stopped.'));

/** A store with a document whose worker is lost on the one request given. */
async function losing(answers: Partial<FakeAnswers>) {
  const client = fakeClient({ importFiles: () => SUMMARY, ...answers });
  const store = createAppStore(client);
  await store.getState().importFiles([new File(['x'], 'a.xml')]);
  store.setState({ history: HISTORY, selected: new Set([3]) });
  return { store, client, restores: () => client.calls.filter((c) => c.type === 'restore').length };
}

/** The notice a lost worker leaves once its save is put back: what failed, what came back, and Retry. */
async function expectRetry(store: StoreApi<AppState>, what: string) {
  await expect
    .poll(() => english(store.getState().notice))
    .toEqual({
      kind: 'error',
      text: `${what} failed: The import worker stopped. It was restarted; there was no saved work to put back.`,
      action: { label: 'Retry', run: expect.any(Function) },
    });
}

describe('one reportFailure: every action that loses the worker shows Retry and starts recovery', () => {
  it('a bulk edit', async () => {
    const { store, restores } = await losing({ bulkSet: lost });
    expect(await store.getState().bulkSet('selection', 'priority', '0.5')).toBeNull();
    await expectRetry(store, 'Setting values');
    expect(restores()).toBe(1);
  });

  it('an undo, whose Retry undoes again', async () => {
    let attempts = 0;
    const { store, restores } = await losing({ undo: () => (attempts++, lost()) });
    await store.getState().undo();
    await expectRetry(store, 'Undo');
    expect(restores()).toBe(1);
    store.setState({ summary: SUMMARY, history: HISTORY });
    english(store.getState().notice)?.action?.run();
    await expect.poll(() => attempts).toBe(2);
  });

  it('a filter', async () => {
    const { store, restores } = await losing({ setView: lost });
    await store.getState().setQuery({ text: 'shop' });
    await expectRetry(store, 'Filtering');
    expect(restores()).toBe(1);
  });

  it('the row details', async () => {
    const { store, restores } = await losing({ rowDetails: lost });
    expect(await store.getState().fetchDetails(3)).toBeNull();
    await expectRetry(store, 'Showing the row');
    expect(restores()).toBe(1);
  });

  it('an edit in the row details keeps its message for the panel and adds the notice', async () => {
    const { store, restores } = await losing({ editAlternate: lost });
    const out = await store.getState().editAlternate(3, { kind: 'add', hreflang: 'fr', href: 'https://e.com/fr/' });
    expect(english(out)).toEqual({ details: null, error: 'The import worker stopped.' });
    await expectRetry(store, 'Editing the alternate');
    expect(restores()).toBe(1);
  });

  it('a cell edit, a branch move, a paste, revealing a row and clearing', async () => {
    for (const [answers, act, what] of [
      [{ edit: lost }, (s: AppState) => s.editCell(3, 'priority', '0.5'), 'Editing'],
      [
        { branchEdit: lost },
        (s: AppState) => s.applyBranchEdit({ kind: 'rename', from: 'https://e.com/a', segment: 'b' }),
        'Renaming',
      ],
      [{ pasteColumn: lost }, (s: AppState) => s.pasteColumn(0, 'priority', ['0.5']), 'Pasting'],
      [{ viewPosition: lost }, (s: AppState) => s.revealRow(3), 'Showing the row'],
      [{ clearDocument: lost }, (s: AppState) => s.clearDocument(), 'Clearing'],
    ] as const) {
      const { store, restores } = await losing(answers);
      await act(store.getState());
      await expectRetry(store, what);
      expect(restores()).toBe(1);
    }
  });

  it('a plain error says what failed, with no Retry and no recovery', async () => {
    const { store, restores } = await losing({ undo: () => Promise.reject(new Error('boom')) });
    await store.getState().undo();
    expect(english(store.getState().notice)).toEqual({ kind: 'error', text: 'Undo failed: boom' });
    expect(restores()).toBe(0);
  });

  it('a worker lost again while the save is put back stops there, says so, and its Retry tries again', async () => {
    let restores = 0;
    // As the real client does: the store hears of the loss first, then the request fails.
    const lostNow = () => {
      const error = new WorkerLostError('The worker has not answered for 15 s.');
      client.onLost?.(error);
      return Promise.reject(error);
    };
    const client = fakeClient({
      importFiles: () => SUMMARY,
      fix: lostNow,
      restore: () => {
        restores++;
        if (restores === 1) return lostNow();
        return { summary: null, savedAt: null, siteUrl: null, error: null };
      },
    });
    const store = createAppStore(client);
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    expect(await store.getState().fixCodes('all')).toBeNull();
    await expect
      .poll(() => english(store.getState().notice)?.text)
      .toBe('Fixing failed: The worker has not answered for 15 s. Your saved work could not be put back.');
    // Once, not over and over.
    expect(restores).toBe(1);
    // The summary the page showed is not replaced by anything that did not come back.
    expect(store.getState().summary).toBe(SUMMARY);
    english(store.getState().notice)?.action?.run();
    await expect
      .poll(() => english(store.getState().notice)?.text)
      .toBe(
        'Fixing failed: The worker has not answered for 15 s. It was restarted; there was no saved work to put back.',
      );
    expect(restores).toBe(2);
    expect(english(store.getState().notice)?.action?.label).toBe('Retry');
  });
});

describe('a side panel pass lost with the user job: the notice names the job the user asked for', () => {
  for (const treeFirst of [true, false]) {
    it(`${treeFirst ? 'the tree pass asked first' : 'the fix asked first'}: "Fixing failed" with its Retry, and the tree is asked again once the work is back`, async () => {
      let lose: () => Promise<never> = () => Promise.reject(new Error('not armed'));
      const client = fakeClient({
        importFiles: () => SUMMARY,
        fix: () => lose(),
        treeLevels: () => lose(),
        restore: () => ({ summary: SUMMARY, savedAt: null, siteUrl: null, error: null }),
      });
      const store = createAppStore(client);
      await store.getState().importFiles([new File(['x'], 'a.xml')]);
      // As the real client does: the store hears of the loss first, then each pending request fails.
      const error = new WorkerLostError('The worker has not answered for 5 s.');
      let heard = false;
      lose = () => {
        if (!heard) client.onLost?.(error);
        heard = true;
        return Promise.reject(error);
      };
      const reloads = store.getState().treeReloads;
      const askTree = () =>
        store
          .getState()
          .treeLevels([''])
          .catch(() => null);
      const askFix = () => store.getState().fixCodes('all');
      if (treeFirst) await Promise.all([askTree(), askFix()]);
      else await Promise.all([askFix(), askTree()]);
      await expect
        .poll(() => english(store.getState().notice)?.text)
        .toMatch(/^Fixing failed: The worker has not answered for 5 s\. It was restarted/);
      expect(english(store.getState().notice)?.action?.label).toBe('Retry');
      expect(store.getState().treeReloads).toBe(reloads + 1);
    });
  }
});
