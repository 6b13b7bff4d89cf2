import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { AppState } from './app-store';
import type { TabLink, TabLockEvents } from './tab-lock';

/**
 * Whether this tab owns the document (tab-lock.ts). A tab that does not is
 * read-only: it shows the last save, changes nothing, saves nothing, and
 * says why, with a button to take the document over.
 */
export interface TabsSlice {
  /** 'owner' writes the saved document; 'reader' only shows it. */
  tabRole: 'owner' | 'reader';
  /** Why this tab reads only: another tab had the document first, or took it over since. */
  readOnlyWhy: 'open-elsewhere' | 'taken-over' | null;
  takingOver: boolean;
  /** Asks for the tab lock at page load; a tab that does not get it becomes a reader. */
  claimTab: () => Promise<void>;
  /** Takes the document over from the tab that owns it: that one saves what waits and becomes the reader. */
  takeOver: () => Promise<void>;
  /**
   * Says why an edit is not started here (a read-only tab), with Take over
   * as its action: the cell editor does not open, so nothing typed is lost.
   */
  sayReadOnly: () => void;
}

export function createTabsSlice(client: WorkerClient, tabs: TabLink | null): StateCreator<AppState, [], [], TabsSlice> {
  return (set, get) => {
    const becomeReader = async (why: 'open-elsewhere' | 'taken-over', flush: boolean) => {
      set({ tabRole: 'reader', readOnlyWhy: why });
      await client.call('setWriter', { writer: false, flush });
    };
    const events: TabLockEvents = {
      // The asking tab reads the save right after this: every change made here must be in it.
      yieldTo: () => becomeReader('taken-over', true).catch(() => {}),
      lost: () => void becomeReader('taken-over', false).catch(() => {}),
    };

    return {
      tabRole: 'owner',
      readOnlyWhy: null,
      takingOver: false,
      claimTab: async () => {
        if (!tabs) return;
        // A lost worker is reported by its own path; the next one is a reader too (the client remembers).
        if (!(await tabs.claim(events))) await becomeReader('open-elsewhere', false).catch(() => {});
      },
      sayReadOnly: () =>
        set({
          notice: {
            kind: 'error',
            text: msg('tabs.readOnly'),
            action: { label: msg('tabs.takeOver'), run: () => void get().takeOver() },
          },
        }),
      takeOver: async () => {
        if (!tabs || get().tabRole === 'owner' || get().takingOver) return;
        set({ takingOver: true });
        try {
          await tabs.takeOver(events);
          // The worker forgets what it showed, then reads the newest save: the other tab's last change included.
          await client.call('setWriter', { writer: true, flush: true });
          set({ tabRole: 'owner', readOnlyWhy: null });
          const back = await get().restoreDocument('recover');
          set({
            notice: {
              kind: 'info',
              text: msg(back === 'restored' ? 'tabs.tookOverRestored' : 'tabs.tookOver'),
            },
          });
        } catch (err) {
          get().reportFailure(msg('job.takingOver'), err, () => void get().takeOver());
        } finally {
          set({ takingOver: false });
        }
      },
    };
  };
}
