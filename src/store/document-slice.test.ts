import { describe, expect, it, vi } from 'vitest';
import { english } from './testing/in-english';
import { abortError, WorkerLostError, type JobOptions } from '../worker/client';
import type { RestoreOutcome, SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { NO_HISTORY, NOT_SAVED } from './document-slice';
import { formatSavedAt, restoredText } from './saved-words';
import { fakeClient as completeClient } from './testing/fake-client';

const SUMMARY = { urlCount: 2, viewCount: 2, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;
const BIGGER = { ...SUMMARY, urlCount: 5, viewCount: 5 } as SetSummary;
const files = [new File(['x'], 'a.xml')];

/** A client whose imports finish when the test says so, with a saved document to restore. */
function fakeClient(saved: RestoreOutcome) {
  const imports: {
    params: { append?: boolean };
    options: JobOptions;
    resolve: (s: SetSummary) => void;
    reject: (e: Error) => void;
  }[] = [];
  const restore = vi.fn(async () => saved);
  const clearDocument = vi.fn(async () => null);
  const client = completeClient({
    restore,
    clearDocument,
    importFiles: (params, options) =>
      new Promise<SetSummary>((resolve, reject) => {
        imports.push({ params, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(abortError()));
      }),
  });
  return { client: Object.assign(client, { restore, clearDocument }), imports };
}

const NOTHING: RestoreOutcome = { summary: null, savedAt: null, siteUrl: null, error: null };

describe('the document slice: restore, save status, clear', () => {
  it('restores the saved document on load, with its Site URL and a notice', async () => {
    const savedAt = new Date(2026, 0, 2, 12, 3, 41).getTime();
    const { client } = fakeClient({ summary: SUMMARY, savedAt, siteUrl: 'https://example.com/', error: null });
    const store = createAppStore(client);
    expect(await store.getState().restoreDocument('load')).toBe('restored');
    expect(store.getState()).toMatchObject({
      summary: SUMMARY,
      siteUrl: 'https://example.com/',
      viewCount: 2,
      restoring: false,
    });
    expect(english(store.getState().notice)?.text).toBe(`Restored your work from ${english(formatSavedAt(savedAt))}.`);
  });

  it('restores the undo history and the comparison that came back, and says so', async () => {
    const savedAt = new Date(2026, 0, 2, 12, 3, 41).getTime();
    const history = { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: true, redoLabel: 'Add a URL' };
    const comparison = {
      files: [],
      beforeUrls: 3,
      beforeProblems: 0,
      added: 1,
      removed: 0,
      changed: 0,
      unchanged: 3,
      fields: { lastmod: 0, changefreq: 0, priority: 0, ext: 0 },
      beforeRepeats: 0,
      afterRepeats: 0,
    };
    const { client } = fakeClient({
      summary: SUMMARY,
      savedAt,
      siteUrl: '',
      error: null,
      history,
      undoSteps: 12,
      redoSteps: 1,
      comparison,
    });
    const store = createAppStore(client);
    expect(await store.getState().restoreDocument('load')).toBe('restored');
    expect(store.getState()).toMatchObject({ history, comparison });
    expect(english(store.getState().notice)?.text).toBe(
      `Restored your work from ${english(formatSavedAt(savedAt))}, with 12 undo steps, 1 redo step and the comparison.`,
    );
  });

  it('restoredText names what came back', () => {
    const now = new Date(2026, 0, 2, 13, 0, 0).getTime();
    const savedAt = new Date(2026, 0, 2, 12, 3, 41).getTime();
    const base = { summary: SUMMARY, savedAt, siteUrl: '', error: null };
    expect(english(restoredText(base, now))).toBe('Restored your work from 12:03:41.');
    expect(english(restoredText({ ...base, undoSteps: 1, redoSteps: 0, comparison: null }, now))).toBe(
      'Restored your work from 12:03:41, with 1 undo step.',
    );
    expect(english(restoredText({ ...base, undoSteps: 0, comparison: { beforeUrls: 1 } as never }, now))).toBe(
      'Restored your work from 12:03:41, with the comparison.',
    );
    expect(english(restoredText({ ...base, undoSteps: 1200, redoSteps: 2 }, now))).toBe(
      'Restored your work from 12:03:41, with 1,200 undo steps and 2 redo steps.',
    );
  });

  it("follows the worker's saving: pending, saved at, failed (shown plainly)", () => {
    const { client } = fakeClient(NOTHING);
    const store = createAppStore(client);
    client.onPersist?.({ type: 'persist', state: 'pending' });
    expect(store.getState().save.state).toBe('pending');
    client.onPersist?.({ type: 'persist', state: 'saved', savedAt: 5 });
    expect(store.getState().save).toEqual({ state: 'saved', savedAt: 5, message: null });
    client.onPersist?.({ type: 'persist', state: 'failed', message: 'No room left.' });
    expect(store.getState().save.state).toBe('failed');
    expect(english(store.getState().notice)).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('only in memory'),
    });
  });

  it('a lost worker fails the job with a Retry that runs it again, and the rows come back from the save', async () => {
    const { client, imports } = fakeClient({ summary: BIGGER, savedAt: 1, siteUrl: '', error: null });
    const store = createAppStore(client);
    const done = store.getState().importFiles(files);
    imports[0]!.reject(new WorkerLostError('The import worker stopped.'));
    await done;
    await vi.waitFor(() => expect(store.getState().summary).toBe(BIGGER));
    const notice = english(store.getState().notice);
    expect(notice).toMatchObject({ kind: 'error', action: { label: 'Retry' } });
    notice!.action!.run();
    expect(imports).toHaveLength(2);
    imports[1]!.resolve(SUMMARY);
    await vi.waitFor(() => expect(store.getState().job).toBeNull());
    expect(store.getState().summary).toBe(SUMMARY);
  });

  it('cancelling an added import puts the earlier rows back from the save', async () => {
    const { client, imports } = fakeClient({ summary: SUMMARY, savedAt: 1, siteUrl: '', error: null });
    const store = createAppStore(client);
    const first = store.getState().importFiles(files);
    imports[0]!.resolve(SUMMARY);
    await first;
    const second = store.getState().importFiles(files);
    expect(imports[1]!.params).toMatchObject({ append: true });
    store.getState().cancelJob();
    await second;
    await vi.waitFor(() => expect(client.restore).toHaveBeenCalled());
    expect(store.getState().summary).toBe(SUMMARY);
    expect(english(store.getState().notice)).toMatchObject({
      kind: 'info',
      text: expect.stringContaining('cancelled'),
    });
  });

  it('clear empties the page and the saved copy', async () => {
    const { client } = fakeClient({ summary: SUMMARY, savedAt: 1, siteUrl: '', error: null });
    const store = createAppStore(client);
    await store.getState().restoreDocument('load');
    await store.getState().clearDocument();
    expect(client.clearDocument).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ summary: null, viewCount: 0, save: { state: 'idle' } });
  });

  it('clear and an empty recovery go through the one reset: rows, selection, open details, comparison and undo state all go', async () => {
    const history = { canUndo: true, undoLabel: 'Edit priority (1 cell)', canRedo: false, redoLabel: null };
    const comparison = { beforeUrls: 3 } as never;
    const shown = {
      summary: SUMMARY,
      viewCount: 2,
      history,
      comparison,
      detailsRow: 7,
      selected: new Set([7]),
      selectAllView: false,
    };
    const cleared = {
      summary: null,
      viewCount: 0,
      history: NO_HISTORY,
      comparison: null,
      detailsRow: null,
      selected: new Set(),
      selectAllView: false,
    };

    const { client } = fakeClient(NOTHING);
    const store = createAppStore(client);
    store.setState(shown);
    const { viewVersion, rowsVersion } = store.getState();
    await store.getState().clearDocument();
    expect(store.getState()).toMatchObject({
      ...cleared,
      viewVersion: viewVersion + 1,
      rowsVersion: rowsVersion + 1,
      save: NOT_SAVED,
    });
    expect(english(store.getState().notice)).toEqual({
      kind: 'info',
      text: 'Cleared: the rows and their saved copy are gone.',
    });

    store.setState({ ...shown, selectAllView: true, selected: new Set() });
    expect(await store.getState().restoreDocument('recover')).toBe('none');
    expect(store.getState()).toMatchObject(cleared);
  });

  it('a restore shows the saved document whole, through the same reset', async () => {
    const history = { canUndo: false, undoLabel: null, canRedo: true, redoLabel: 'Add a URL' };
    const { client } = fakeClient({ summary: BIGGER, savedAt: 1, siteUrl: '', error: null, history, comparison: null });
    const store = createAppStore(client);
    store.setState({
      summary: SUMMARY,
      viewCount: 2,
      detailsRow: 3,
      selected: new Set([3]),
      comparison: { beforeUrls: 1 } as never,
    });
    expect(await store.getState().restoreDocument('recover')).toBe('restored');
    expect(store.getState()).toMatchObject({
      summary: BIGGER,
      viewCount: 5,
      history,
      comparison: null,
      detailsRow: null,
      selected: new Set(),
      notice: null,
    });
  });

  it('a failed clear is reported as every failure is, and leaves the document', async () => {
    const client = completeClient({ clearDocument: () => Promise.reject(new Error('IndexedDB refused')) });
    const store = createAppStore(client);
    store.setState({ summary: SUMMARY, viewCount: 2 });
    await store.getState().clearDocument();
    expect(english(store.getState())).toMatchObject({
      summary: SUMMARY,
      notice: { kind: 'error', text: 'Clearing failed: IndexedDB refused' },
    });
  });
});
