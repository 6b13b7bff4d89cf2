import type { StateCreator, StoreApi } from 'zustand';
import type { RuleCode } from '../core/types';
import type { WorkerClient } from '../worker/client';
import type { ExportDownload, ExportPlan, ExportPrefs, ExportSettings, FixOutcome, JobProgress } from '../worker/protocol';
import type { AppState } from './app-store';
import { mergeNotice } from './merge-notice';

/** The export dialog's choices; the Site URL is the worker's (setSiteUrl). */
export type { ExportPrefs };

export const DEFAULT_EXPORT_PREFS: ExportPrefs = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  schemaLocation: false,
  lastmodForm: 'as-is',
};

/** What changes rows or writes files besides imports: fixes and exports. */
export type EditTask = 'fix' | 'export';

export interface EditSlice {
  exportPrefs: ExportPrefs;
  setExportPrefs: (patch: Partial<ExportPrefs>) => void;
  /**
   * The fix or export running, or null. Neither can be cancelled: cancelling
   * a worker job terminates the worker, and the imported set with it.
   */
  editTask: EditTask | null;
  exportProgress: JobProgress | null;
  /** Applies the automatic fixes of these codes (or all) and says what changed. */
  fixCodes: (codes: RuleCode[] | 'all') => Promise<FixOutcome | null>;
  /** The files an export with the current settings would write. */
  planExport: () => Promise<ExportPlan>;
  /** Writes the files in the worker; null when it failed (the notice says why). */
  exportFiles: () => Promise<ExportDownload | null>;
}

/** The dialog's choices plus the Site URL: what an export depends on (the dialog plans again when it changes). */
export function exportSettingsOf(state: Pick<AppState, 'exportPrefs' | 'siteUrl'>): ExportSettings {
  return { ...state.exportPrefs, siteUrl: state.siteUrl };
}

export function createEditSlice(client: WorkerClient): StateCreator<AppState, [], [], EditSlice> {
  return (set, get) => ({
    exportPrefs: DEFAULT_EXPORT_PREFS,
    setExportPrefs: (patch) => set((s) => ({ exportPrefs: { ...s.exportPrefs, ...patch } })),
    editTask: null,
    exportProgress: null,
    fixCodes: async (codes) => {
      const summary = get().summary;
      if (!summary || get().editTask || get().job) return null;
      // Relative URLs are made absolute with the Site URL: without one, say so rather than "could not be fixed".
      const relative = !get().siteUrl && (codes === 'all' || codes.includes('loc-not-absolute')) ? (summary.byCode['loc-not-absolute'] ?? 0) : 0;
      if (relative > 0 && codes !== 'all' && codes.every((c) => c === 'loc-not-absolute')) {
        set({ notice: { kind: 'error', text: needSiteUrl(relative) } });
        get().focusSiteUrl();
        return null;
      }
      set({ editTask: 'fix' });
      try {
        const outcome = await client.call('fix', { codes });
        get().applyChanged(outcome);
        const waiting = Math.min(relative, outcome.skipped);
        const text = describeFixes({ ...outcome, skipped: outcome.skipped - waiting }) + (waiting > 0 ? ` ${needSiteUrl(waiting)}` : '');
        set({ notice: mergeNotice(text, outcome.merge, MERGE_HINT) });
        if (waiting > 0) get().focusSiteUrl();
        return outcome;
      } catch (err) {
        get().reportFailure('Fixing', err, () => void get().fixCodes(codes));
        return null;
      } finally {
        set({ editTask: null });
      }
    },
    planExport: () => client.call('planExport', { settings: get().exportPrefs }),
    exportFiles: async () => {
      if (!get().summary || get().editTask || get().job) return null;
      set({ editTask: 'export', exportProgress: null });
      try {
        return await client.call('export', { settings: get().exportPrefs }, {
          onProgress: (progress) => set({ exportProgress: progress }),
        });
      } catch (err) {
        get().reportFailure('Export', err, null);
        return null;
      } finally {
        set({ editTask: null, exportProgress: null });
      }
    },
  });
}

/** What Fix all of loc-not-absolute needs first, in words. */
export function needSiteUrl(relative: number): string {
  return `Set the Site URL first: ${relative === 1 ? 'the relative URL is' : `the ${relative.toLocaleString('en-US')} relative URLs are`} made absolute by putting it in front (loc-not-absolute), then choose Fix all again.`;
}

/**
 * "Fixed 12 × lastmod-format, removed 3 duplicate rows; 2 could not be fixed
 * safely": every repair is listed (SPEC §4), none is silent.
 */
export function describeFixes(outcome: Pick<FixOutcome, 'applied' | 'removedRows' | 'skipped'>): string {
  const parts: string[] = [];
  for (const [code, n] of Object.entries(outcome.applied) as [RuleCode, number][]) {
    // Duplicates are reported as the rows removed, below.
    if (code === 'loc-duplicate' || !n) continue;
    parts.push(`${n} × ${code}`);
  }
  const done: string[] = [];
  if (parts.length > 0) done.push(`Fixed ${parts.join(', ')}`);
  if (outcome.removedRows > 0) {
    done.push(`${done.length > 0 ? 'removed' : 'Removed'} ${outcome.removedRows} duplicate ${outcome.removedRows === 1 ? 'row' : 'rows'}`);
  }
  let text = done.length > 0 ? done.join(', ') : 'Nothing needed an automatic fix';
  if (outcome.skipped > 0) text += `; ${outcome.skipped} could not be fixed safely and ${outcome.skipped === 1 ? 'is' : 'are'} left as ${outcome.skipped === 1 ? 'it was' : 'they were'}`;
  return text + '.';
}

/** Fix all merges by the default rule: say where the others are. */
const MERGE_HINT = ' To keep the newest lastmod or the highest priority instead, undo and use Remove duplicates.';

const STORAGE_KEY = 'sitemap-editor:settings';

interface Stored {
  siteUrl: string;
  exportPrefs: ExportPrefs;
}

/** Reads what was stored, keeping only values of the right shape (the storage is the user's to edit). */
function readStored(raw: string | null): Partial<Stored> {
  if (!raw) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const out: Partial<Stored> = {};
  if (typeof record.siteUrl === 'string') out.siteUrl = record.siteUrl;
  const prefs = record.exportPrefs;
  if (typeof prefs === 'object' && prefs !== null) {
    const p = prefs as Record<string, unknown>;
    const d = DEFAULT_EXPORT_PREFS;
    const oneOf = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T =>
      allowed.includes(v as T) ? (v as T) : fallback;
    const count = (v: unknown, fallback: number): number =>
      typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : fallback;
    out.exportPrefs = {
      format: oneOf(p.format, ['xml', 'txt'], d.format),
      gzip: typeof p.gzip === 'boolean' ? p.gzip : d.gzip,
      index: oneOf(p.index, ['auto', 'always'], d.index),
      profile: oneOf(p.profile, ['standard', 'legacy', 'custom'], d.profile),
      maxUrls: Math.min(count(p.maxUrls, d.maxUrls), d.maxUrls),
      maxBytes: Math.min(count(p.maxBytes, d.maxBytes), d.maxBytes),
      schemaLocation: typeof p.schemaLocation === 'boolean' ? p.schemaLocation : d.schemaLocation,
      lastmodForm: oneOf(p.lastmodForm, ['as-is', 'date', 'datetime'], d.lastmodForm),
    };
  }
  return out;
}

/**
 * Restores the Site URL and the export choices from localStorage, then keeps
 * them there. Called once by the app shell (not in store tests, which have no
 * storage). Storage may be missing or refuse writes (private windows, quota):
 * the settings then simply last for the session.
 */
export function persistSettings(store: StoreApi<AppState>): () => void {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return () => {};
  }
  let stored: Partial<Stored> = {};
  try {
    stored = readStored(storage.getItem(STORAGE_KEY));
  } catch {
    // Reading is refused: start from the defaults.
  }
  if (stored.exportPrefs) store.setState({ exportPrefs: stored.exportPrefs });
  if (stored.siteUrl) store.getState().setSiteUrl(stored.siteUrl);

  return store.subscribe((state, prev) => {
    if (state.siteUrl === prev.siteUrl && state.exportPrefs === prev.exportPrefs) return;
    const value: Stored = { siteUrl: state.siteUrl, exportPrefs: state.exportPrefs };
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Full or refused: nothing to do but keep working.
    }
  });
}
