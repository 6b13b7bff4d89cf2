import { SaveStatus } from '../ui/persist/SaveStatus';
import { Totals } from '../ui/summary/Totals';
import { ShortcutSheet } from '../ui/help/ShortcutSheet';
import { LanguageMenu } from '../ui/i18n/LanguageMenu';
import { useWords } from '../ui/i18n/words';

export function Header() {
  const words = useWords();
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <h1>{words.t('app.name')}</h1>
      </div>
      <div className="header-end">
        <SaveStatus />
        <Totals />
        <LanguageMenu />
        <ShortcutSheet />
      </div>
    </header>
  );
}
