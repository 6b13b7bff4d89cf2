import { useId } from 'react';
import { URL_FIELD_GROUPS, type UrlFieldGroup } from '../../core/edit/url-field-groups';
import type { MessageId } from '../../i18n/translator';
import { useWords } from '../i18n/words';

const LABELS: Record<UrlFieldGroup, MessageId> = {
  loc: 'bulk.urlField.loc',
  image: 'bulk.urlField.image',
  video: 'bulk.urlField.video',
  hreflang: 'bulk.urlField.hreflang',
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
  const words = useWords();
  const all = URL_FIELD_GROUPS.every((g) => fields.includes(g));
  const toggle = (g: UrlFieldGroup, on: boolean) =>
    onChange(URL_FIELD_GROUPS.filter((x) => (x === g ? on : fields.includes(x))));
  return (
    <fieldset className="bulk-target bulk-url-fields" aria-describedby={`${id}-news`}>
      <legend>{words.t('bulk.in')}</legend>
      <label>
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? [...URL_FIELD_GROUPS] : ['loc'])}
        />
        {words.t('bulk.allUrlFields')}
      </label>
      {URL_FIELD_GROUPS.map((g) => (
        <label key={g}>
          <input type="checkbox" checked={fields.includes(g)} onChange={(e) => toggle(g, e.target.checked)} />
          {words.t(LABELS[g])}
        </label>
      ))}
      <p id={`${id}-news`} className="muted bulk-note">
        {words.t('bulk.newsNote')}
      </p>
    </fieldset>
  );
}
