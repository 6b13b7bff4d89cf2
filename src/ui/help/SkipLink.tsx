import { focusTable } from '../focus-table';
import './help.css';
import { useWords } from '../i18n/words';
/**
 * The page's first Tab stop: straight to the table's focused cell (past the
 * toolbar and the side panels), or to the main content when no table is
 * shown. Out of sight until it has the focus.
 */
export function SkipLink({ hasTable }: { hasTable: boolean }) {
  const words = useWords();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        if (hasTable) focusTable(0);
        else document.getElementById('main')?.focus();
      }}
    >
      {words.t(hasTable ? 'skip.table' : 'skip.main')}
    </a>
  );
}
