import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { appStore, useAppStore } from '../../store/app-store';
import type { ExportPlan } from '../../worker/protocol';
import { errorMessage } from '../../core/text/error-message';

/** Options change in bursts (typing a limit): plan once they settle. */
const DEBOUNCE_MS = 250;

export interface PlanState {
  plan: ExportPlan | null;
  error: string | null;
  loading: boolean;
}

/**
 * The files the current settings would write, planned in the worker and
 * refreshed (debounced) whenever the settings or the rows change. Only the
 * newest answer is kept.
 */
export function useExportPlan(active: boolean): PlanState {
  const { prefs, siteUrl, summary, includePlanned } = useAppStore(
    useShallow((s) => ({
      prefs: s.exportPrefs,
      siteUrl: s.siteUrl,
      summary: s.summary,
      includePlanned: s.includePlanned,
    })),
  );
  const [state, setState] = useState<PlanState>({ plan: null, error: null, loading: false });

  useEffect(() => {
    if (!active || !summary) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = window.setTimeout(() => {
      appStore
        .getState()
        .planExport()
        .then(
          (plan) => current && setState({ plan, error: null, loading: false }),
          (err: unknown) => current && setState({ plan: null, error: errorMessage(err), loading: false }),
        );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [active, prefs, siteUrl, summary, includePlanned]);

  return state;
}
