import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

export interface SettingsSlice {
  /** Where the sitemaps will be served; decides which URLs they may list. '' when unknown. */
  siteUrl: string;
  /** Sets the Site URL and checks the imported set again against it. */
  setSiteUrl: (siteUrl: string) => void;
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get) => ({
  siteUrl: '',
  setSiteUrl: (raw) => {
    const siteUrl = raw.trim();
    if (siteUrl === get().siteUrl) return;
    set({ siteUrl });
    // A running import picks the new value up when it ends.
    if (get().summary && get().job?.kind !== 'import') void get().recheck();
  },
});
