import { CLUSTER_CONFLICT, CLUSTER_FLAG } from '../../core/clusters/cluster-index';
import { useAppStore } from '../../store/app-store';
import type { ClusterMember, ClusterRow } from '../../worker/languages-protocol';
import { plural } from '../format';
import { splitLoc } from '../table/url-parts';

/** A URL as a cell shows it: its path when it is on the cluster's own origin, else whole. */
export function shownUrl(url: string, origin: string): string {
  const parts = splitLoc(url);
  return parts.origin !== '' && parts.origin === origin ? url.slice(origin.length) || '/' : url;
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
  const [cls, text, title] =
    f & CLUSTER_CONFLICT
      ? ['lg-status-conflict', 'Links disagree', row.conflict ?? '']
      : f & (CLUSTER_FLAG.incomplete | CLUSTER_FLAG.oneWay)
        ? [
            'lg-status-incomplete',
            'Incomplete',
            'Some pages lack alternates of the cluster: Add return links adds them',
          ]
        : ['lg-status-complete', 'Complete', 'Every page lists every page of the cluster'];
  return (
    <>
      <span className="lg-num">{index + 1}</span>
      <span className={`lg-status ${cls}`} title={title} data-testid="cluster-status">
        {text}
      </span>
      {f & CLUSTER_FLAG.languageUnknown ? <span className="lg-note">a page without a language</span> : null}
    </>
  );
}

/** The pages of one language (none: a gap; two or more: the links disagree); `total`: how many it has in all. */
export function MembersCell({ members, total, origin }: { members: ClusterMember[]; total: number; origin: string }) {
  if (members.length === 0)
    return (
      <span className="lg-gap" title="No page in this language">
        —
      </span>
    );
  const shown = members.slice(0, 2);
  return (
    <>
      {shown.map((m) => (
        <Member key={m.member} m={m} origin={origin} />
      ))}
      {total > shown.length && <span className="lg-note">and {plural(total - shown.length, 'more page')}</span>}
    </>
  );
}

function Member({ m, origin }: { m: ClusterMember; origin: string }) {
  const openDetails = useAppStore((s) => s.openDetails);
  const text = shownUrl(m.url, origin);
  return (
    <span className="lg-member">
      {m.rowId !== null ? (
        <button
          type="button"
          className="lg-url"
          title={`${m.url} — open its alternates`}
          onClick={() => openDetails(m.rowId as number)}
        >
          {text}
        </button>
      ) : (
        <span className="lg-url lg-outside" title={`${m.url} is not in these sitemaps: it cannot be given links`}>
          {text}
        </span>
      )}
      {m.rowId === null && <span className="lg-badge lg-badge-outside">not in these sitemaps</span>}
      {m.missing > 0 && (
        <span
          className="lg-badge lg-badge-missing"
          title={`Lists ${plural(m.missing, 'alternate')} of the cluster fewer than it should (itself and the x-default count)`}
        >
          lacks {m.missing}
        </span>
      )}
      {m.oneWay > 0 && (
        <span
          className="lg-badge lg-badge-oneway"
          title={`${plural(m.oneWay, 'page')} ${m.oneWay === 1 ? 'lists' : 'list'} this one, which does not list ${m.oneWay === 1 ? 'it' : 'them'} back: search engines ignore a one-way pair`}
        >
          {m.oneWay} one-way
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
  return (
    <>
      {row.xDefault === null ? (
        <span className="lg-gap" title="No x-default">
          —
        </span>
      ) : (
        <span className="lg-member">
          <span className="lg-url lg-plain" title={row.xDefault}>
            {shownUrl(row.xDefault, origin)}
          </span>
          {row.xDefaultOther !== null && (
            <span className="lg-badge lg-badge-oneway" title={`Some pages name ${row.xDefaultOther} instead`}>
              and {shownUrl(row.xDefaultOther, origin)}
            </span>
          )}
        </span>
      )}
      <select
        className="lg-pick"
        aria-label={`Set the x-default of cluster ${index + 1}`}
        value=""
        disabled={disabled}
        onChange={(e) => {
          const member = Number(e.currentTarget.value);
          if (e.currentTarget.value !== '') void setXDefault({ cluster: row.cluster, member });
        }}
      >
        <option value="">Set x-default…</option>
        {row.members.map((m) => (
          <option key={m.member} value={m.member}>
            {m.lang < 0 ? '?' : languages[m.lang]}: {shownUrl(m.url, origin)}
          </option>
        ))}
      </select>
    </>
  );
}
