import type { Message } from '../core/base/message';
import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { plannedPageLoc, type BranchEdit } from '../core/edit/move-branch';
import type { DiagramAsk } from '../core/view/diagram-levels';
import type { DiagramLevel } from '../core/view/diagram-pages';
import type { PlanFields } from '../core/plan/plan-fields';
import { locInBranch } from '../core/text/url-branches';
import type { RedirectFormat } from '../core/write/redirect-map';
import type { WorkerClient } from '../worker/client';
import type { BranchOutcome, BranchPreview, DiagramBoard, RedirectDownload } from '../worker/diagram-protocol';
import type { AppState } from './app-store';

/** What the work area shows: the table of URLs, the site as a diagram, or its hreflang clusters (Languages). */
type MainView = 'table' | 'diagram' | 'languages';

/** How the board is laid out: org chart, home at the top, or today's tree from left to right. */
export type DiagramLayoutKind = 'top-down' | 'left-right';

/** Sites up to this many URLs open as a top-down board of every page; larger ones left to right, a level at a time. */
export const TOP_DOWN_UP_TO = 2000;

const NO_LEVELS: ReadonlyMap<string, DiagramLevel> = new Map();

export interface DiagramSlice {
  mainView: MainView;
  setMainView: (view: MainView) => void;
  /** The layout the user chose; null: by the site's size (see {@link TOP_DOWN_UP_TO}). */
  diagramLayout: DiagramLayoutKind | null;
  setDiagramLayout: (layout: DiagramLayoutKind) => void;
  /** The diagram's levels, each cut to its limit, by one pass over the rows; none when there is no document. */
  diagramLevels: (asks: DiagramAsk[]) => Promise<ReadonlyMap<string, DiagramLevel>>;
  /** The whole board down to the depth that fits `budget` boxes; null when there is no document. */
  diagramBoard: (budget: number) => Promise<DiagramBoard | null>;
  /** Changes fields of a page's plan (by row id): one undo step. False when it failed (a notice says why). */
  setPlan: (row: number, patch: Partial<PlanFields>) => Promise<boolean>;
  /** Whether the sitemap export writes the pages whose status is Planned too (not by default). */
  includePlanned: boolean;
  setIncludePlanned: (include: boolean) => void;
  /** What a branch move or rename would change, or null when there is no document. */
  previewBranchEdit: (edit: BranchEdit, limit?: number) => Promise<BranchPreview | null>;
  /**
   * Moves or renames a branch: one undo step. A table filtered to the branch
   * follows it to its new key, so the rows stay in view.
   */
  applyBranchEdit: (edit: BranchEdit) => Promise<BranchOutcome | null>;
  /** The loc of a planned page under a branch, or why it cannot be one (nothing is added). */
  plannedPage: (parent: string, segment: string) => { ok: true; loc: string } | { ok: false; message: string };
  /** Adds a planned page under a branch as a new row whose status is Planned (one undo step); the new row's id, or null. */
  addPlannedPage: (parent: string, segment: string) => Promise<number | null>;
  /** The redirect map of the session's loc changes in one format; null when it is empty or failed (a notice says so). */
  redirectMap: (format: RedirectFormat) => Promise<RedirectDownload | null>;
}

export function createDiagramSlice(client: WorkerClient): StateCreator<AppState, [], [], DiagramSlice> {
  return (set, get) => {
    const failed = (what: Message, err: unknown, retry: (() => void) | null = null) =>
      get().reportFailure(what, err, retry);
    const idle = () => {
      const s = get();
      return s.summary !== null && !s.job && !s.editTask;
    };
    return {
      mainView: 'table',
      setMainView: (mainView) => set({ mainView }),
      diagramLayout: null,
      setDiagramLayout: (diagramLayout) => set({ diagramLayout }),
      includePlanned: false,
      setIncludePlanned: (includePlanned) => set({ includePlanned }),
      diagramLevels: async (asks) => {
        if (!get().summary) return NO_LEVELS;
        return client.call('diagramLevels', { asks });
      },
      diagramBoard: async (budget) => {
        if (!get().summary) return null;
        return client.call('diagramBoard', { budget });
      },
      setPlan: async (row, patch) => {
        if (!idle()) return false;
        try {
          get().applyChanged(await client.call('setPlan', { row, patch }));
          return true;
        } catch (err) {
          failed(msg('job.changingPlan'), err, () => void get().setPlan(row, patch));
          return false;
        }
      },
      previewBranchEdit: async (edit, limit = 8) => {
        if (!get().summary) return null;
        return client.call('branchPreview', { edit, limit });
      },
      applyBranchEdit: async (edit) => {
        if (!idle()) return null;
        try {
          const outcome = await client.call('branchEdit', { edit });
          get().applyChanged(outcome);
          set({
            notice: {
              kind: 'info',
              text: msg(edit.kind === 'move' ? 'branch.moved' : 'branch.renamed', { count: outcome.changed }),
            },
          });
          const prefix = get().query.prefix ?? '';
          if (prefix !== '' && locInBranch(prefix, edit.from))
            void get().setQuery({ prefix: outcome.to + prefix.slice(edit.from.length) });
          return outcome;
        } catch (err) {
          failed(
            msg(edit.kind === 'move' ? 'job.moving' : 'job.renaming'),
            err,
            () => void get().applyBranchEdit(edit),
          );
          return null;
        }
      },
      plannedPage: (parent, segment) => plannedPageLoc(parent, segment),
      addPlannedPage: async (parent, segment) => {
        const planned = plannedPageLoc(parent, segment);
        if (!planned.ok || !idle()) return null;
        try {
          const outcome = await client.call('addRow', { entry: { loc: planned.loc }, plan: { status: 'planned' } });
          get().applyChanged(outcome);
          set({ notice: { kind: 'info', text: msg('branch.planned', { loc: planned.loc }) } });
          return outcome.rowId;
        } catch (err) {
          failed(msg('job.addingPage'), err);
          return null;
        }
      },
      redirectMap: async (format) => {
        if (!get().summary) return null;
        try {
          const map = await client.call('redirectMap', { format });
          if (map.leftOut > 0) {
            set({ notice: { kind: 'info', text: msg('redirects.leftOut', { count: map.leftOut }) } });
            return map;
          }
          if (map.count > 0) return map;
          set({
            notice: {
              kind: 'info',
              text: msg('redirects.none'),
            },
          });
          return null;
        } catch (err) {
          failed(msg('job.redirectMap'), err);
          return null;
        }
      },
    };
  };
}
