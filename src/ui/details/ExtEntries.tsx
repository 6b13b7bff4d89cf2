import type { ExtEntryView } from '../../worker/protocol';

const SECTIONS: { kind: ExtEntryView['kind']; title: string }[] = [
  { kind: 'image', title: 'Images' },
  { kind: 'video', title: 'Videos' },
  { kind: 'news', title: 'News' },
  { kind: 'other', title: 'Other extension elements' },
];

/** Entries shown per kind: a row may carry up to 1,000 images, more than anyone reads in a panel. */
const MAX_SHOWN = 100;

/** A row's image, video, news and other extension elements as labelled values (read only). */
export function ExtEntries({ entries }: { entries: ExtEntryView[] }) {
  return (
    <>
      {SECTIONS.map(({ kind, title }) => {
        const list = entries.filter((e) => e.kind === kind);
        if (list.length === 0) return null;
        const id = `ext-${kind}-title`;
        return (
          <section key={kind} aria-labelledby={id} className="details-section">
            <h3 id={id}>
              {title} ({list.length})
            </h3>
            <div className="ext-entries">
              {list.slice(0, MAX_SHOWN).map((entry) => (
                <article key={entry.at} className="ext-entry" aria-label={entry.label}>
                  <h4>{entry.label}</h4>
                  {entry.fields.length === 0 ? (
                    <p className="muted">No values.</p>
                  ) : (
                    <dl>
                      {entry.fields.map((f, k) => (
                        <div key={k} className="ext-field">
                          <dt>{f.name}</dt>
                          {/* Text only: imported values never become markup or links. */}
                          <dd>{f.value || <span className="muted">(empty)</span>}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </article>
              ))}
            </div>
            {list.length > MAX_SHOWN && <p className="muted">…and {list.length - MAX_SHOWN} more, not shown.</p>}
          </section>
        );
      })}
    </>
  );
}
