import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useWords } from '../ui/i18n/words';

interface State {
  error: Error | null;
}

/**
 * The last line of defence: a rendering bug shows a way out instead of a blank
 * page. The rows live in the worker, which keeps saving them to IndexedDB, so
 * reloading brings back everything but the undo history.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Sitemap Editor crashed while rendering', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <Crash error={error} onRetry={() => this.setState({ error: null })} />;
  }
}

/** The way out, in the page's language (the language's provider stands outside the boundary). */
function Crash({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const words = useWords();
  return (
    <main className="crash" role="alert">
      <h1>{words.t('crash.title')}</h1>
      <p>{words.t('crash.body')}</p>
      <pre className="crash-detail">{error.message}</pre>
      <div className="crash-actions">
        <button type="button" className="button" onClick={onRetry}>
          {words.t('crash.retry')}
        </button>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {words.t('crash.reload')}
        </button>
      </div>
    </main>
  );
}
