import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { AppState } from './app-store';

export interface SettingsSlice {
  /** Where the sitemaps will be served; decides which URLs they may list. '' when unknown. */
  siteUrl: string;
  /** Sets the Site URL and checks the imported set again against it. */
  setSiteUrl: (siteUrl: string) => void;
  /** Moves each time something asks the user to set the Site URL: the field takes the focus. */
  siteUrlFocus: number;
  focusSiteUrl: () => void;
}

export function createSettingsSlice(client: WorkerClient): StateCreator<AppState, [], [], SettingsSlice> {
  return (set, get) => ({
    siteUrl: '',
    siteUrlFocus: 0,
    focusSiteUrl: () => set((s) => ({ siteUrlFocus: s.siteUrlFocus + 1 })),
    setSiteUrl: (raw) => {
      const siteUrl = raw.trim();
      if (siteUrl === get().siteUrl) return;
      set({ siteUrl });
      // With a document, a check job tells the worker (and shows the new totals).
      if (get().summary && get().job?.kind !== 'import') {
        void get().recheck();
        return;
      }
      // The worker holds the Site URL for the next import; one running now is checked again when it ends.
      client.call('setSiteUrl', { siteUrl }).catch((err: unknown) => get().reportFailure('Setting the Site URL', err, null));
    },
  });
}
