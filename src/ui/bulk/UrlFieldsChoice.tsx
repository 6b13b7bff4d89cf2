import { useId } from 'react';
import { URL_FIELD_GROUPS, type UrlFieldGroup } from '../../core/edit/url-field-groups';

const LABELS: Record<UrlFieldGroup, string> = {
  loc: 'loc (the page URL)',
  image: 'Image URLs (image:loc, license)',
  video: 'Video URLs (content, player, thumbnail, gallery, uploader)',
  hreflang: 'hreflang hrefs (xhtml:link)',
};

/** Which URL fields a find & replace acts on: each group, or all of them at once. */
export function UrlFieldsChoice({
  fields,
  onChange,
}: {
  fields: readonly UrlFieldGroup[];
  onChange: (f: UrlFieldGroup[]) => void;
}) {
  const id = useId();
  const all = URL_FIELD_GROUPS.every((g) => fields.includes(g));
  const toggle = (g: UrlFieldGroup, on: boolean) =>
    onChange(URL_FIELD_GROUPS.filter((x) => (x === g ? on : fields.includes(x))));
  return (
    <fieldset className="bulk-target bulk-url-fields" aria-describedby={`${id}-news`}>
      <legend>In</legend>
      <label>
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? [...URL_FIELD_GROUPS] : ['loc'])}
        />
        All URL fields
      </label>
      {URL_FIELD_GROUPS.map((g) => (
        <label key={g}>
          <input type="checkbox" checked={fields.includes(g)} onChange={(e) => toggle(g, e.target.checked)} />
          {LABELS[g]}
        </label>
      ))}
      <p id={`${id}-news`} className="muted bulk-note">
        News entries hold no URL (publication name, language, date and title): a replacement leaves them as they are.
      </p>
    </fieldset>
  );
}
