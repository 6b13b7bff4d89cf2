import type { PersistOptions, PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';
import type { ExportPrefs } from '../worker/protocol';
import type { AppState } from './app-store';
import { OLD_COLUMNS_KEY, readColumnLayout } from './column-layout';
import { DEFAULT_EXPORT_PREFS } from './settings-slice';
import { LAYOUTS } from '../core/write/layout';
import { isLanguage } from '../i18n/languages';

/**
 * The settings that outlive the tab, kept by zustand's `persist` under one
 * localStorage key. The storage is the user's to edit (and older versions
 * wrote it), so nothing read from it is trusted: `merge` keeps only values of
 * the right shape and the defaults fill the rest.
 */
export type StoredSettings = Pick<AppState, 'siteUrl' | 'exportPrefs' | 'sidePanelsOpen' | 'columnLayout' | 'language'>;

export const SETTINGS_KEY = 'sitemap-editor:settings';
/** Where versions before 1 kept the side panels' state ('open' or 'closed'), apart from the rest. */
export const OLD_SIDE_PANELS_KEY = 'sitemap-editor:side-panels';
/**
 * 2: the grid's column layout among the settings (before, under
 * OLD_COLUMNS_KEY). 1: zustand's envelope `{ state, version }`. 0 (never
 * written as such): the hand-written format before it, the bare
 * `{ siteUrl, exportPrefs }`.
 */
export const SETTINGS_VERSION = 2;

/**
 * The persist options of the app store: only the settings are written, every
 * read is validated, and the old format is migrated (then written anew).
 * `storage` null (store tests, a browser refusing storage): the settings last
 * for the session. `restored` hears the state once the settings were read.
 */
export function settingsPersistOptions(
  storage: StateStorage | null,
  restored: (state: AppState) => void,
): PersistOptions<AppState, StoredSettings> {
  const old = { columns: false, sidePanels: false };
  return {
    name: SETTINGS_KEY,
    version: SETTINGS_VERSION,
    storage: settingsStorage(storage, old),
    partialize: (s) => ({
      siteUrl: s.siteUrl,
      exportPrefs: s.exportPrefs,
      sidePanelsOpen: s.sidePanelsOpen,
      columnLayout: s.columnLayout,
      language: s.language,
    }),
    migrate: (persisted, version) => {
      if (version === 0) old.sidePanels = true;
      const v1 = version === 0 ? fromVersion0(persisted, storage) : persisted;
      if (version >= 2) return v1 as StoredSettings;
      old.columns = true;
      return fromVersion1(v1, storage) as StoredSettings;
    },
    merge: (persisted, current) => ({ ...current, ...readSettings(persisted) }),
    onRehydrateStorage: () => (state) => {
      if (state) restored(state);
    },
  };
}

/**
 * The values of `data` that are settings of the right shape; anything else
 * (missing, mistyped, out of range) is left out, so the default stays.
 */
export function readSettings(data: unknown): Partial<StoredSettings> {
  if (!isRecord(data)) return {};
  const out: Partial<StoredSettings> = {};
  if (typeof data.siteUrl === 'string') out.siteUrl = data.siteUrl.trim();
  if (isRecord(data.exportPrefs)) out.exportPrefs = readExportPrefs(data.exportPrefs);
  if (typeof data.sidePanelsOpen === 'boolean') out.sidePanelsOpen = data.sidePanelsOpen;
  if ('columnLayout' in data) out.columnLayout = readColumnLayout(data.columnLayout);
  // A language this version does not speak (or null): the browser's decides.
  if ('language' in data) out.language = isLanguage(data.language) ? data.language : null;
  return out;
}

/** Each choice read on its own: one bad value falls back to its default, not the whole set. */
function readExportPrefs(p: Record<string, unknown>): ExportPrefs {
  const d = DEFAULT_EXPORT_PREFS;
  const oneOf = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.includes(v as T) ? (v as T) : fallback;
  const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
  // A limit above the protocol's cannot be written (Google refuses the file): it is capped.
  const count = (v: unknown, max: number): number =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 ? Math.min(v, max) : max;
  return {
    // Choices added since the value was stored take their defaults.
    ...d,
    format: oneOf(p.format, ['xml', 'txt', 'html'], d.format),
    gzip: flag(p.gzip, d.gzip),
    index: oneOf(p.index, ['auto', 'always'], d.index),
    profile: oneOf(p.profile, ['standard', 'legacy', 'custom'], d.profile),
    maxUrls: count(p.maxUrls, d.maxUrls),
    maxBytes: count(p.maxBytes, d.maxBytes),
    schemaLocation: flag(p.schemaLocation, d.schemaLocation),
    stylesheet: flag(p.stylesheet, d.stylesheet ?? false),
    lastmodForm: oneOf(p.lastmodForm, ['as-is', 'date', 'datetime'], d.lastmodForm),
    layout: oneOf(p.layout, ['auto', ...LAYOUTS], d.layout),
    // A file name part, as the dialog offers them; anything else goes back to automatic.
    newRowsTo: typeof p.newRowsTo === 'string' && /^[\w./-]{0,200}$/.test(p.newRowsTo) ? p.newRowsTo : d.newRowsTo,
  };
}

/** Version 0 had the same fields, bare, and the side panels under their own key. */
function fromVersion0(persisted: unknown, storage: StateStorage | null): unknown {
  const side = safely(() => storage?.getItem(OLD_SIDE_PANELS_KEY) ?? null, null);
  const base = isRecord(persisted) ? persisted : {};
  return typeof side === 'string' ? { ...base, sidePanelsOpen: side !== 'closed' } : base;
}

/** Version 1 and before kept the column layout under its own key: it joins the rest (and that key goes once written). */
function fromVersion1(persisted: unknown, storage: StateStorage | null): unknown {
  const raw = safely(() => storage?.getItem(OLD_COLUMNS_KEY) ?? null, null);
  const base = isRecord(persisted) ? persisted : {};
  if (typeof raw !== 'string') return base;
  return { ...base, columnLayout: readColumnLayout(safely<unknown>(() => JSON.parse(raw), null)) };
}

/**
 * JSON under the key, read and written without ever throwing: a value that is
 * not JSON reads as nothing stored, one without zustand's envelope as version
 * 0. A write that would store what is there already is skipped, since persist
 * writes after every change of the store, settings or not.
 */
function settingsStorage(
  storage: StateStorage | null,
  old: { columns: boolean; sidePanels: boolean },
): PersistStorage<StoredSettings> {
  let last: { raw: string; state: StoredSettings } | null = null;
  return {
    getItem: (name) => {
      const raw = safely(() => storage?.getItem(name) ?? null, null);
      if (typeof raw !== 'string') {
        // Version 0 wrote the settings only once one changed: the side panels or the columns may be all there is.
        const side = safely(() => storage?.getItem(OLD_SIDE_PANELS_KEY) ?? null, null);
        const columns = safely(() => storage?.getItem(OLD_COLUMNS_KEY) ?? null, null);
        return typeof side === 'string' || typeof columns === 'string'
          ? { state: {} as StoredSettings, version: 0 }
          : null;
      }
      const data = safely<unknown>(() => JSON.parse(raw), undefined);
      if (!isRecord(data)) return null;
      if ('state' in data && typeof data.version === 'number') return data as unknown as StorageValue<StoredSettings>;
      return { state: data as unknown as StoredSettings, version: 0 };
    },
    setItem: (name, value) => {
      const { state } = value;
      // The same values as last written (by reference: this runs on every change of the store).
      if (last && sameSettings(last.state, state)) return;
      const raw = JSON.stringify(value);
      if (raw === last?.raw) return;
      last = { raw, state };
      // Full or refused (private windows, quota): the settings last for the session.
      const written =
        storage !== null &&
        safely(() => {
          storage.setItem(name, raw);
          return true;
        }, false);
      // The old keys are dropped only once the new key holds what they held.
      if (written && old.columns) {
        old.columns = false;
        safely(() => storage.removeItem(OLD_COLUMNS_KEY), undefined);
      }
      if (written && old.sidePanels) {
        old.sidePanels = false;
        safely(() => storage.removeItem(OLD_SIDE_PANELS_KEY), undefined);
      }
    },
    removeItem: (name) => safely(() => storage?.removeItem(name), undefined),
  };
}

function sameSettings(a: StoredSettings, b: StoredSettings): boolean {
  return (
    a.siteUrl === b.siteUrl &&
    a.exportPrefs === b.exportPrefs &&
    a.sidePanelsOpen === b.sidePanelsOpen &&
    a.columnLayout === b.columnLayout &&
    a.language === b.language
  );
}

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
