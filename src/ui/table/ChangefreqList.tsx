import { CHANGEFREQ_VALUES } from '../../core/rules/changefreq/changefreq-rules';
import { CHANGEFREQ_LIST_ID } from './cells';

/** The seven changefreq values the cell editor offers as it is typed in (one list for every row). */
export function ChangefreqList() {
  return (
    <datalist id={CHANGEFREQ_LIST_ID}>
      {CHANGEFREQ_VALUES.map((v) => (
        <option key={v} value={v} />
      ))}
    </datalist>
  );
}
