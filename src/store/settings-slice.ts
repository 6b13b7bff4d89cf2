import type { StateCreator } from 'zustand';
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

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get) => ({
  siteUrl: '',
  siteUrlFocus: 0,
  focusSiteUrl: () => set((s) => ({ siteUrlFocus: s.siteUrlFocus + 1 })),
  setSiteUrl: (raw) => {
    const siteUrl = raw.trim();
    if (siteUrl === get().siteUrl) return;
    set({ siteUrl });
    // A running import picks the new value up when it ends.
    if (get().summary && get().job?.kind !== 'import') void get().recheck();
  },
});
