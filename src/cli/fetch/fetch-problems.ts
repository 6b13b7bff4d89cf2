import { makeProblem } from '../../core/rules/problem';
import type { Problem } from '../../core/rules/problem';
import {
  FETCH_FAILED,
  FETCH_HTTP_ERROR,
  FETCH_OTHER_HOST,
  FETCH_REDIRECT,
  FETCH_REFUSED,
} from '../../core/rules/fetch/fetch-rules';
import { shownUrl, type Fetched } from './fetch-policy';

/** A failed fetch as the problem the report shows, located by the URL asked for. */
export function fetchProblem(f: Extract<Fetched, { ok: false }>): Problem {
  const where = { file: f.url };
  const hops = f.redirects.map(shownUrl).join(' → ');
  const via = f.redirects.length ? ` (after redirects to ${hops})` : '';
  switch (f.failure.kind) {
    case 'http':
      return makeProblem(
        FETCH_HTTP_ERROR,
        `HTTP error: ${f.failure.status}${f.failure.statusText ? ` ${f.failure.statusText}` : ''}${via}: the server did not send the file`,
        where,
      );
    case 'redirect':
      return makeProblem(
        FETCH_REDIRECT,
        `The URL redirects ${f.failure.reason}${f.redirects.length ? `: ${hops}` : ''}; crawlers give up`,
        where,
      );
    case 'refused':
      return makeProblem(FETCH_REFUSED, `Not fetched${via}: ${f.failure.reason}`, where);
    case 'network':
      return makeProblem(FETCH_FAILED, `Couldn't fetch the URL${via}: ${f.failure.reason}`, where);
  }
}

/** The hosts a run reached that the user did not name, one info each, located at the first URL read there. */
export function otherHostProblems(hosts: ReadonlyMap<string, readonly string[]>): Problem[] {
  return [...hosts].map(([host, urls]) =>
    makeProblem(
      FETCH_OTHER_HOST,
      `Fetched from ${host}, a host not named on the command line (${urls.length === 1 ? '1 URL' : `${urls.length} URLs`}, the first ${shownUrl(urls[0] ?? '')}); --same-host fetches only the hosts named`,
      { file: urls[0] ?? '' },
    ),
  );
}
