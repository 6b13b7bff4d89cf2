import { useRef } from 'react';
import { appStore, useAppStore } from '../store/app-store';
import { ExportButton } from '../ui/export/ExportButton';
import { FileList } from '../ui/files/FileList';
import { UndoButtons } from '../ui/history/UndoButtons';
import { useUndoShortcuts } from '../ui/history/useUndoShortcuts';
import { DropOverlay } from '../ui/import/DropOverlay';
import { EmptyState } from '../ui/import/EmptyState';
import { ImportButton } from '../ui/import/ImportButton';
import { OpenUrlField } from '../ui/import/OpenUrlField';
import { JobProgress } from '../ui/import/JobProgress';
import { useRestoreShown } from '../ui/import/useRestoreShown';
import { useWindowDrop } from '../ui/import/useWindowDrop';
import { useWindowPaste } from '../ui/import/useWindowPaste';
import { NoticeBar } from '../ui/NoticeBar';
import { TabBanner } from '../ui/persist/TabBanner';
import { ClearButton } from '../ui/persist/ClearButton';
import { RowDetailsDialog } from '../ui/details/RowDetailsDialog';
import { ProblemsPanel } from '../ui/problems/ProblemsPanel';
import { ComparePanel } from '../ui/compare/ComparePanel';
import { SiteUrlField } from '../ui/settings/SiteUrlField';
import { LastmodChart } from '../ui/structure/LastmodChart';
import { StructureTree } from '../ui/structure/StructureTree';
import { CoveragePanel } from '../ui/coverage/CoveragePanel';
import { StreamPanel } from '../ui/stream/StreamPanel';
import { UrlTable } from '../ui/table/UrlTable';
import { DiagramView } from '../ui/diagram/DiagramView';
import { ViewToggle } from '../ui/diagram/ViewToggle';
import { LanguagesView } from '../ui/languages/LanguagesView';
import { Header } from './Header';
import { SkipLink } from '../ui/help/SkipLink';
import { SIDE_PANELS_ID, SideToggle } from './SideToggle';
import { useWords } from '../ui/i18n/words';

// Stable across renders, so the window listeners are attached once.
const importDropped = (files: File[]) => void appStore.getState().importFiles(files);

// The work saved in this browser comes back (the worker reads it from IndexedDB).
void appStore.getState().restoreDocument('load');
// One tab owns the document: another one opened on it reads only (tab-lock.ts).
void appStore.getState().claimTab();

export function App() {
  const inputRef = useRef<HTMLInputElement>(null);
  const dragging = useWindowDrop(importDropped);
  useWindowPaste(importDropped);
  useUndoShortcuts();
  const hasDocument = useAppStore((s) => s.summary !== null);
  const hasJob = useAppStore((s) => s.job !== null);
  // A job, or a saved document coming back (seconds at a million alternates).
  const busy = useRestoreShown() || hasJob;
  const restoring = useAppStore((s) => s.restoring);
  const streaming = useAppStore((s) => s.streamOffer !== null || s.streamRun !== null || s.streamResult !== null);
  const mainView = useAppStore((s) => s.mainView);
  // A setting: it outlives the tab (settings-persist.ts).
  const sideOpen = useAppStore((s) => s.sidePanelsOpen);
  const setSideOpen = useAppStore((s) => s.setSidePanelsOpen);
  const words = useWords();

  return (
    <div className={hasDocument ? 'app app-fit' : 'app'}>
      <SkipLink hasTable={hasDocument} />
      <Header />
      {/* A named section is a landmark: axe's `region` wants every control in one. */}
      <section className="toolbar" aria-label={words.t('toolbar.label')}>
        <ImportButton inputRef={inputRef} />
        <OpenUrlField />
        <SiteUrlField />
        <ExportButton />
        <UndoButtons />
        <ClearButton />
        <span className="toolbar-note muted">{words.t('toolbar.note')}</span>
      </section>
      <JobProgress />
      <TabBanner />
      <NoticeBar />
      <StreamPanel />
      <main
        id="main"
        tabIndex={-1}
        className={sideOpen ? 'workspace' : 'workspace workspace-side-closed'}
        aria-busy={busy}
      >
        {hasDocument ? (
          <>
            {/*
              Ordered so that no panel moves under the pointer a moment after
              the user's action: each panel below the first loads a moment
              after the change that concerns it and may change height then,
              shifting what is below. Problems changes with the answer to the
              user's own action, as the user sees it happen;
              compare after edits; the tree after edits; the lastmod chart
              after edits and after every change of the table's filter.
            */}
            <div className="workspace-side" id={SIDE_PANELS_ID} hidden={!sideOpen}>
              <ProblemsPanel />
              <ComparePanel />
              <CoveragePanel />
              <StructureTree />
              <LastmodChart />
            </div>
            <div className="workspace-main">
              <div className="workspace-mainbar">
                <SideToggle open={sideOpen} onToggle={setSideOpen} />
                <ViewToggle />
                <FileList />
              </div>
              {mainView === 'diagram' ? <DiagramView /> : mainView === 'languages' ? <LanguagesView /> : <UrlTable />}
            </div>
          </>
        ) : (
          !busy && !restoring && !streaming && <EmptyState onChoose={() => inputRef.current?.click()} />
        )}
      </main>
      <DropOverlay visible={dragging} />
      <RowDetailsDialog />
    </div>
  );
}
