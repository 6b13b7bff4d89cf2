import { SaveStatus } from '../ui/persist/SaveStatus';
import { Totals } from '../ui/summary/Totals';
import { ShortcutSheet } from '../ui/help/ShortcutSheet';

export function Header() {
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <h1>Sitemap Editor</h1>
      </div>
      <div className="header-end">
        <SaveStatus />
        <Totals />
        <ShortcutSheet />
      </div>
    </header>
  );
}
