import { ADDED_STEM, LAYOUT_LABELS, LAYOUTS, type Layout } from '../../core/write/layout';
import type { ExportPrefs } from '../../store/settings-slice';
import type { ExportPlan } from '../../worker/protocol';

/** What each layout writes, under the choice. */
const LAYOUT_NOTES: Record<Layout, string> = {
  keep: 'Each of your files back under its own name, format and index, rows in their order. Format and Gzip apply to new files only.',
  limits: 'One set of files cut at the limits: sitemap.xml, or sitemap-1.xml, sitemap-2.xml … and an index.',
  section: 'One file per first path segment (sitemap-blog.xml, sitemap-shop.xml) and an index.',
  type: 'Pages, images, videos and news apart (a URL with news goes to the news file), and an index.',
  locale: 'One file per language (the URL’s hreflang, or a locale path prefix such as /en/) and an index.',
  month: 'One file per lastmod month, freshest first, and an index.',
};

interface Props {
  prefs: ExportPrefs;
  plan: ExportPlan | null;
  onChange: (patch: Partial<ExportPrefs>) => void;
}

/**
 * The Layout choice: the user's own files back, or a split by limits or by
 * meaning. 'auto' (never chosen) shows what the worker decided for it.
 */
export function LayoutChoice({ prefs, plan, onChange }: Props) {
  const layout: Layout = prefs.layout === 'auto' ? (plan?.layout ?? 'limits') : prefs.layout;
  const targets = plan?.targets ?? [];
  return (
    <fieldset className="choice export-layout">
      <legend className="visually-hidden">Files</legend>
      <label className="field-row">
        <span className="field-label">Layout</span>
        <select
          value={layout}
          aria-describedby="export-layout-note"
          onChange={(e) => onChange({ layout: e.currentTarget.value as Layout })}
        >
          {LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {LAYOUT_LABELS[l]}
            </option>
          ))}
        </select>
      </label>
      <p id="export-layout-note" className="muted choice-note">
        {LAYOUT_NOTES[layout]}
      </p>
      {layout === 'keep' && targets.length > 0 && (
        <label className="field-row">
          <span className="field-label">New URLs go to</span>
          <select value={prefs.newRowsTo} onChange={(e) => onChange({ newRowsTo: e.currentTarget.value })}>
            <option value="">The file with most URLs of their section</option>
            {targets
              .filter((t) => t !== ADDED_STEM)
              .map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            <option value={ADDED_STEM}>A new {ADDED_STEM}.xml</option>
          </select>
        </label>
      )}
    </fieldset>
  );
}
