import { Totals } from '../ui/summary/Totals';

export function Header() {
  return (
    <header className="app-header">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <h1>Sitemap Editor</h1>
      </div>
      <Totals />
    </header>
  );
}
