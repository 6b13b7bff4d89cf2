import { CLUSTER_CONFLICT, CLUSTER_FLAG } from '../../core/clusters/cluster-index';
import { useAppStore } from '../../store/app-store';
import type { ClusterMember, ClusterRow } from '../../worker/languages-protocol';
import { useWords } from '../i18n/words';
import { readableUrl } from '../../core/view/readable-url';
import { splitLoc } from '../table/url-parts';

/** A URL as a cell shows it: its path when it is on the cluster's own origin, else whole. */
function shownUrl(url: string, origin: string): string {
  const parts = splitLoc(url);
  return readableUrl(parts.origin !== '' && parts.origin === origin ? url.slice(origin.length) || '/' : url);
}

/** The origin most members of a cluster share: their URLs are shown as paths. */
export function clusterOrigin(row: ClusterRow): string {
  const counts = new Map<string, number>();
  let best = '';
  for (const m of row.members) {
    const o = splitLoc(m.url).origin;
    const n = (counts.get(o) ?? 0) + 1;
    counts.set(o, n);
    if (n > (counts.get(best) ?? 0)) best = o;
  }
  return best;
}

/** The first cell of a row: the cluster's number and whether it is complete. */
export function StatusCell({ row, index }: { row: ClusterRow; index: number }) {
  const f = row.flags;
  const words = useWords();
  // A conflict's title is core's words (what disagrees), English until they are keyed.
  const [cls, text, title] =
    f & CLUSTER_CONFLICT
      ? ['lg-status-conflict', words.t('clusters.disagree'), row.conflict ?? '']
      : f & (CLUSTER_FLAG.incomplete | CLUSTER_FLAG.oneWay)
        ? ['lg-status-incomplete', words.t('clusters.incomplete'), words.t('clusters.incompleteTitle')]
        : ['lg-status-complete', words.t('clusters.completeStatus'), words.t('clusters.completeStatusTitle')];
  return (
    <>
      <span className="lg-num">{index + 1}</span>
      <span className={`lg-status ${cls}`} title={title} data-testid="cluster-status">
        {text}
      </span>
      {f & CLUSTER_FLAG.languageUnknown ? <span className="lg-note">{words.t('clusters.noLanguage')}</span> : null}
    </>
  );
}

/** The pages of one language (none: a gap; two or more: the links disagree); `total`: how many it has in all. */
export function MembersCell({ members, total, origin }: { members: ClusterMember[]; total: number; origin: string }) {
  const words = useWords();
  if (members.length === 0)
    return (
      <span className="lg-gap" title={words.t('clusters.gap')}>
        —
      </span>
    );
  const shown = members.slice(0, 2);
  return (
    <>
      {shown.map((m) => (
        <Member key={m.member} m={m} origin={origin} />
      ))}
      {total > shown.length && (
        <span className="lg-note">{words.t('clusters.morePages', { count: total - shown.length })}</span>
      )}
    </>
  );
}

function Member({ m, origin }: { m: ClusterMember; origin: string }) {
  const openDetails = useAppStore((s) => s.openDetails);
  const text = shownUrl(m.url, origin);
  const words = useWords();
  const url = readableUrl(m.url);
  return (
    <span className="lg-member">
      {m.rowId !== null ? (
        <button
          type="button"
          className="lg-url"
          title={words.t('clusters.open', { url })}
          onClick={() => openDetails(m.rowId as number)}
        >
          {text}
        </button>
      ) : (
        <span className="lg-url lg-outside" title={words.t('clusters.outsideTitle', { url })}>
          {text}
        </span>
      )}
      {m.rowId === null && <span className="lg-badge lg-badge-outside">{words.t('clusters.outside')}</span>}
      {m.missing > 0 && (
        <span className="lg-badge lg-badge-missing" title={words.t('clusters.lacksTitle', { count: m.missing })}>
          {words.t('clusters.lacks', { count: m.missing })}
        </span>
      )}
      {m.oneWay > 0 && (
        <span className="lg-badge lg-badge-oneway" title={words.t('clusters.oneWayTitle', { count: m.oneWay })}>
          {words.t('clusters.oneWay', { count: m.oneWay })}
        </span>
      )}
    </span>
  );
}

/** The x-default the cluster names, and a choice of member to make it. */
export function XDefaultCell({
  row,
  index,
  origin,
  languages,
  disabled,
}: {
  row: ClusterRow;
  index: number;
  origin: string;
  languages: readonly string[];
  disabled: boolean;
}) {
  const setXDefault = useAppStore((s) => s.setXDefault);
  const words = useWords();
  return (
    <>
      {row.xDefault === null ? (
        <span className="lg-gap" title={words.t('clusters.noXDefault')}>
          —
        </span>
      ) : (
        <span className="lg-member">
          <span className="lg-url lg-plain" title={readableUrl(row.xDefault)}>
            {shownUrl(row.xDefault, origin)}
          </span>
          {row.xDefaultOther !== null && (
            <span
              className="lg-badge lg-badge-oneway"
              title={words.t('clusters.otherXDefault', { url: readableUrl(row.xDefaultOther) })}
            >
              {words.t('clusters.andUrl', { url: shownUrl(row.xDefaultOther, origin) })}
            </span>
          )}
        </span>
      )}
      <select
        className="lg-pick"
        aria-label={words.t('clusters.setXDefaultOf', { n: index + 1 })}
        value=""
        disabled={disabled}
        onChange={(e) => {
          const member = Number(e.currentTarget.value);
          if (e.currentTarget.value !== '') void setXDefault({ cluster: row.cluster, member });
        }}
      >
        <option value="">{words.t('clusters.setXDefault')}</option>
        {row.members.map((m) => (
          <option key={m.member} value={m.member}>
            {m.lang < 0 ? '?' : languages[m.lang]}: {shownUrl(m.url, origin)}
          </option>
        ))}
      </select>
    </>
  );
}
