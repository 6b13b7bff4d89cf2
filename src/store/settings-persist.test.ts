import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import type { SetSummary } from '../worker/protocol';
import { createAppStore } from './app-store';
import { OLD_COLUMNS_KEY } from './column-layout';
import { OLD_SIDE_PANELS_KEY, readSettings, SETTINGS_KEY, SETTINGS_VERSION } from './settings-persist';
import { DEFAULT_EXPORT_PREFS } from './settings-slice';
import { fakeClient } from './testing/fake-client';

/** A localStorage of the test's own, counting its writes. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  const writes: string[] = [];
  const storage: StateStorage = {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => {
      writes.push(name);
      items.set(name, value);
    },
    removeItem: (name) => void items.delete(name),
  };
  return {
    storage,
    writes,
    has: (name: string) => items.has(name),
    read: (name: string): unknown => JSON.parse(items.get(name) ?? 'null'),
  };
}

const OLD_PREFS = {
  format: 'txt',
  gzip: true,
  index: 'always',
  profile: 'custom',
  maxUrls: 1000,
  maxBytes: 1048576,
  schemaLocation: true,
  lastmodForm: 'date',
} as const;
const SUMMARY = { urlCount: 1, viewCount: 1, counts: { error: 0, warning: 0, info: 0 } } as SetSummary;

describe('the settings kept across visits (zustand persist)', () => {
  it('reads the format written before persist (bare, unversioned), tells the worker the Site URL and writes it anew', () => {
    const { storage, read } = memoryStorage({
      [SETTINGS_KEY]: JSON.stringify({ siteUrl: 'https://www.example.com/', exportPrefs: OLD_PREFS }),
      [OLD_SIDE_PANELS_KEY]: 'closed',
    });
    const client = fakeClient();
    const store = createAppStore(client, null, storage);
    expect(store.getState()).toMatchObject({
      siteUrl: 'https://www.example.com/',
      exportPrefs: OLD_PREFS,
      sidePanelsOpen: false,
    });
    expect(client.calls).toEqual([{ type: 'setSiteUrl', params: { siteUrl: 'https://www.example.com/' } }]);
    expect(read(SETTINGS_KEY)).toEqual({
      state: {
        siteUrl: 'https://www.example.com/',
        // Choices added since (the layout) take their defaults.
        exportPrefs: { ...OLD_PREFS, stylesheet: false, layout: 'auto', newRowsTo: '' },
        sidePanelsOpen: false,
        columnLayout: null,
        language: null,
      },
      version: SETTINGS_VERSION,
    });
  });

  it('remembers the export Layout, and reads a bad stored one as automatic', () => {
    const good = readSettings({ exportPrefs: { layout: 'section', newRowsTo: 'post-sitemap' } });
    expect(good.exportPrefs?.layout).toBe('section');
    expect(good.exportPrefs?.newRowsTo).toBe('post-sitemap');
    const bad = readSettings({ exportPrefs: { layout: 'sideways', newRowsTo: '<script>' } });
    expect(bad.exportPrefs?.layout).toBe('auto');
    expect(bad.exportPrefs?.newRowsTo).toBe('');
  });

  it('reads the side panels closed by an older version that stored nothing else', () => {
    const { storage } = memoryStorage({ [OLD_SIDE_PANELS_KEY]: 'closed' });
    const client = fakeClient();
    const store = createAppStore(client, null, storage);
    expect(store.getState()).toMatchObject({ siteUrl: '', exportPrefs: DEFAULT_EXPORT_PREFS, sidePanelsOpen: false });
    // No Site URL: nothing to tell the worker.
    expect(client.calls).toEqual([]);
  });

  it('drops the old side panels key once the settings hold its value, and a later visit still finds the panels closed', () => {
    const { storage, read, has } = memoryStorage({ [OLD_SIDE_PANELS_KEY]: 'closed' });
    createAppStore(fakeClient(), null, storage);
    expect(has(OLD_SIDE_PANELS_KEY)).toBe(false);
    expect(read(SETTINGS_KEY)).toEqual({
      state: {
        siteUrl: '',
        exportPrefs: DEFAULT_EXPORT_PREFS,
        sidePanelsOpen: false,
        columnLayout: null,
        language: null,
      },
      version: SETTINGS_VERSION,
    });
    expect(createAppStore(fakeClient(), null, storage).getState().sidePanelsOpen).toBe(false);
  });

  it('drops the old side panels key beside settings written before persist too', () => {
    const { storage, has } = memoryStorage({
      [SETTINGS_KEY]: JSON.stringify({ siteUrl: 'https://www.example.com/' }),
      [OLD_SIDE_PANELS_KEY]: 'open',
    });
    expect(createAppStore(fakeClient(), null, storage).getState().sidePanelsOpen).toBe(true);
    expect(has(OLD_SIDE_PANELS_KEY)).toBe(false);
  });

  it('keeps the old side panels key while the settings cannot be written', () => {
    const { storage, has } = memoryStorage({ [OLD_SIDE_PANELS_KEY]: 'closed' });
    const full: StateStorage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(createAppStore(fakeClient(), null, full).getState().sidePanelsOpen).toBe(false);
    expect(has(OLD_SIDE_PANELS_KEY)).toBe(true);
  });

  it('keeps what the user changes, and a later visit finds it', () => {
    const { storage, read } = memoryStorage();
    const first = createAppStore(fakeClient(), null, storage);
    first.getState().setSiteUrl(' https://shop.example/ ');
    first.getState().setExportPrefs({ gzip: true, maxUrls: 10 });
    first.getState().setSidePanelsOpen(false);
    const expected = {
      siteUrl: 'https://shop.example/',
      exportPrefs: { ...DEFAULT_EXPORT_PREFS, gzip: true, maxUrls: 10 },
      sidePanelsOpen: false,
      columnLayout: null,
      language: null,
    };
    expect(read(SETTINGS_KEY)).toEqual({ state: expected, version: SETTINGS_VERSION });

    const later = createAppStore(fakeClient(), null, storage);
    expect(later.getState()).toMatchObject(expected);
  });

  it('writes only when a setting changed, not on every change of the store', async () => {
    const { storage, writes } = memoryStorage();
    const store = createAppStore(fakeClient({ importFiles: () => SUMMARY }), null, storage);
    store.getState().setSiteUrl('https://shop.example/');
    const before = writes.length;
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    store.getState().setSelected([1, 2], true);
    store.getState().dismissNotice();
    expect(writes.length).toBe(before);
    store.getState().setExportPrefs({ format: 'txt' });
    expect(writes.length).toBe(before + 1);
  });

  it.each([
    ['not JSON', '{"siteUrl": "https://a.example/"'],
    ['an array', '[1, 2, 3]'],
    ['a string', '"https://a.example/"'],
    ['null', 'null'],
    ['an envelope of garbage', JSON.stringify({ state: 'oops', version: SETTINGS_VERSION })],
    [
      'mistyped fields',
      JSON.stringify({
        state: { siteUrl: 42, exportPrefs: 'xml', sidePanelsOpen: 'no', columnLayout: 'wide' },
        version: SETTINGS_VERSION,
      }),
    ],
  ])('rejects %s without breaking the app: the defaults hold, and the store works', async (_what, raw) => {
    const { storage, read } = memoryStorage({ [SETTINGS_KEY]: raw });
    const client = fakeClient({ importFiles: () => SUMMARY });
    const store = createAppStore(client, null, storage);
    expect(store.getState()).toMatchObject({ siteUrl: '', exportPrefs: DEFAULT_EXPORT_PREFS, sidePanelsOpen: true });
    await store.getState().importFiles([new File(['x'], 'a.xml')]);
    expect(store.getState().summary).toBe(SUMMARY);
    store.getState().setSidePanelsOpen(false);
    // The garbage is replaced by a good value.
    expect(read(SETTINGS_KEY)).toEqual({
      state: {
        siteUrl: '',
        exportPrefs: DEFAULT_EXPORT_PREFS,
        sidePanelsOpen: false,
        columnLayout: null,
        language: null,
      },
      version: SETTINGS_VERSION,
    });
  });

  it('repairs bad export choices one by one, keeping the good ones', () => {
    const stored = {
      siteUrl: 'https://a.example/',
      exportPrefs: {
        format: 'pdf',
        gzip: 'yes',
        index: 'always',
        profile: 'legacy',
        maxUrls: 999999,
        maxBytes: -5,
        schemaLocation: true,
        lastmodForm: 7,
      },
    };
    expect(readSettings(stored)).toEqual({
      siteUrl: 'https://a.example/',
      exportPrefs: { ...DEFAULT_EXPORT_PREFS, index: 'always', profile: 'legacy', schemaLocation: true },
    });
    // A limit above the protocol's is capped, a fractional one refused.
    expect(readSettings({ exportPrefs: { maxUrls: 50001, maxBytes: 1.5 } })).toEqual({
      exportPrefs: DEFAULT_EXPORT_PREFS,
    });
    expect(readSettings({ siteUrl: '  https://a.example/  ', unknown: 1 })).toEqual({ siteUrl: 'https://a.example/' });
  });

  it("remembers the language chosen in the header, and reads one it does not speak as the browser's", () => {
    const { storage, read } = memoryStorage();
    createAppStore(fakeClient(), null, storage).getState().setLanguage('tr');
    expect(read(SETTINGS_KEY)).toMatchObject({ state: { language: 'tr' } });
    expect(createAppStore(fakeClient(), null, storage).getState().language).toBe('tr');
    expect(readSettings({ language: 'sr-Cyrl' })).toEqual({ language: 'sr-Cyrl' });
    expect(readSettings({ language: 'de' })).toEqual({ language: null });
    expect(readSettings({ language: 7 })).toEqual({ language: null });
    expect(readSettings({ language: null })).toEqual({ language: null });
  });

  it('a storage that refuses every read and write leaves the settings for the session', () => {
    const refusing: StateStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const store = createAppStore(fakeClient(), null, refusing);
    store.getState().setExportPrefs({ gzip: true });
    expect(store.getState().exportPrefs).toEqual({ ...DEFAULT_EXPORT_PREFS, gzip: true });
  });

  it('a value a newer version wrote is read for the fields this one knows', () => {
    const { storage } = memoryStorage({
      [SETTINGS_KEY]: JSON.stringify({
        state: { siteUrl: 'https://a.example/', theme: 'dark' },
        version: SETTINGS_VERSION + 1,
      }),
    });
    const store = createAppStore(fakeClient(), null, storage);
    expect(store.getState()).toMatchObject({
      siteUrl: 'https://a.example/',
      exportPrefs: DEFAULT_EXPORT_PREFS,
      sidePanelsOpen: true,
    });
    expect((store.getState() as unknown as Record<string, unknown>).theme).toBeUndefined();
  });
});

const LAYOUT = {
  sizing: { loc: 500, lastmod: 140 },
  visibility: { changefreq: false },
  order: ['select', 'index', 'loc', 'lastmod', 'priority', 'changefreq'],
  pinned: ['select', 'loc'],
  wrap: true,
};

describe('the column layout among the settings', () => {
  it('reads the layout an older version kept under its own key into the settings, then drops that key', () => {
    const v1 = {
      state: { siteUrl: 'https://a.example/', exportPrefs: DEFAULT_EXPORT_PREFS, sidePanelsOpen: false },
      version: 1,
    };
    const { storage, read, has } = memoryStorage({
      [SETTINGS_KEY]: JSON.stringify(v1),
      [OLD_COLUMNS_KEY]: JSON.stringify(LAYOUT),
    });
    const store = createAppStore(fakeClient(), null, storage);
    expect(store.getState()).toMatchObject({
      siteUrl: 'https://a.example/',
      sidePanelsOpen: false,
      columnLayout: LAYOUT,
    });
    expect(read(SETTINGS_KEY)).toEqual({
      state: { ...v1.state, columnLayout: LAYOUT, language: null },
      version: SETTINGS_VERSION,
    });
    expect(has(OLD_COLUMNS_KEY)).toBe(false);
    // The next visit reads it from the settings alone.
    expect(createAppStore(fakeClient(), null, storage).getState().columnLayout).toEqual(LAYOUT);
  });

  it('reads an old layout stored with no settings at all', () => {
    const { storage, read, has } = memoryStorage({ [OLD_COLUMNS_KEY]: JSON.stringify(LAYOUT) });
    const store = createAppStore(fakeClient(), null, storage);
    expect(store.getState()).toMatchObject({
      siteUrl: '',
      exportPrefs: DEFAULT_EXPORT_PREFS,
      sidePanelsOpen: true,
      columnLayout: LAYOUT,
    });
    expect(read(SETTINGS_KEY)).toEqual({
      state: {
        siteUrl: '',
        exportPrefs: DEFAULT_EXPORT_PREFS,
        sidePanelsOpen: true,
        columnLayout: LAYOUT,
        language: null,
      },
      version: SETTINGS_VERSION,
    });
    expect(has(OLD_COLUMNS_KEY)).toBe(false);
  });

  it.each([
    ['not JSON', '{"sizing": {'],
    ['an array', '["loc"]'],
    ['a number', '42'],
  ])('rejects an old layout that is %s: the default layout, and the key is dropped', (_what, raw) => {
    const { storage, read, has } = memoryStorage({ [OLD_COLUMNS_KEY]: raw });
    const store = createAppStore(fakeClient(), null, storage);
    expect(store.getState().columnLayout).toBeNull();
    expect(read(SETTINGS_KEY)).toMatchObject({ state: { columnLayout: null }, version: SETTINGS_VERSION });
    expect(has(OLD_COLUMNS_KEY)).toBe(false);
  });

  it('repairs a stored layout part by part', () => {
    const stored = {
      sizing: { loc: 10, lastmod: 180.6 },
      visibility: { file: false, loc: true },
      order: ['loc', 'loc', 1],
      pinned: 'loc',
      wrap: 1,
    };
    const { storage } = memoryStorage({
      [SETTINGS_KEY]: JSON.stringify({ state: { columnLayout: stored }, version: SETTINGS_VERSION }),
    });
    expect(createAppStore(fakeClient(), null, storage).getState().columnLayout).toEqual({
      sizing: { lastmod: 181 },
      visibility: { file: false },
      order: ['loc'],
      wrap: false,
    });
  });

  it('keeps a changed layout for the next visit, and a reset one as the default', () => {
    const { storage, read } = memoryStorage();
    const first = createAppStore(fakeClient(), null, storage);
    first.getState().setColumnLayout(LAYOUT);
    first.getState().setColumnLayout((current) => (current ? { ...current, wrap: false } : current));
    expect(read(SETTINGS_KEY)).toMatchObject({ state: { columnLayout: { ...LAYOUT, wrap: false } } });
    expect(createAppStore(fakeClient(), null, storage).getState().columnLayout).toEqual({ ...LAYOUT, wrap: false });

    first.getState().setColumnLayout(null);
    expect(createAppStore(fakeClient(), null, storage).getState().columnLayout).toBeNull();
  });

  it('writes nothing when the layout did not change', () => {
    const { storage, writes } = memoryStorage();
    const store = createAppStore(fakeClient(), null, storage);
    store.getState().setColumnLayout(LAYOUT);
    const before = writes.length;
    store.getState().setColumnLayout(LAYOUT);
    store.getState().setColumnLayout((current) => current);
    // A copy of the same values: the store takes it, the storage has it already.
    store.getState().setColumnLayout(structuredClone(LAYOUT));
    store.getState().setSelected([1], true);
    expect(writes).toHaveLength(before);
    store.getState().setColumnLayout({ ...LAYOUT, sizing: { loc: 501 } });
    expect(writes).toHaveLength(before + 1);
  });

  it('keeps the old key while the settings cannot be written, so a later visit still finds the layout', () => {
    const { storage, has } = memoryStorage({ [OLD_COLUMNS_KEY]: JSON.stringify(LAYOUT) });
    const full: StateStorage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(createAppStore(fakeClient(), null, full).getState().columnLayout).toEqual(LAYOUT);
    expect(has(OLD_COLUMNS_KEY)).toBe(true);
  });
});
