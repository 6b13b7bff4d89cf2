import { hostsOf, IndexNowInputError, planIndexNow, type IndexNowOptions, type RefusedUrl } from './payload';

/** Refused URLs named one by one in an offer; the rest are counted. */
const REFUSED_LISTED = 50;

/** The payload of a comparison as the page offers it, to copy or download. */
export interface IndexNowOffer {
  /** Why no payload could be built (a bad key, several hosts and none chosen); null when it was. */
  error: string | null;
  /** The hosts of the URLs to notify, most first: one is chosen when there are several. */
  hosts: { host: string; urls: number }[];
  host: string;
  /** URLs in the payload. */
  urls: number;
  /** Requests it takes (10,000 URLs each at most). */
  requests: number;
  /** One request body as JSON, or an array of them when it takes several; '' when none. */
  json: string;
  /** The first refused URLs and why; `refusedCount` counts them all. */
  refused: RefusedUrl[];
  refusedCount: number;
}

/**
 * The IndexNow payload of `urls` (a comparison's added and changed ones) as
 * JSON text a person can read and a script can post: one request body, or
 * an array of request bodies past 10,000 URLs.
 */
export function offerIndexNow(urls: readonly string[], opts: IndexNowOptions): IndexNowOffer {
  const hosts = hostsOf(urls);
  try {
    const plan = planIndexNow(urls, opts);
    const json =
      plan.batches.length === 0
        ? ''
        : JSON.stringify(plan.batches.length === 1 ? plan.batches[0] : plan.batches, null, 2);
    return {
      error: null,
      hosts,
      host: plan.host,
      urls: plan.urls,
      requests: plan.batches.length,
      json,
      refused: plan.refused.slice(0, REFUSED_LISTED),
      refusedCount: plan.refused.length,
    };
  } catch (e) {
    if (!(e instanceof IndexNowInputError)) throw e;
    return { error: e.message, hosts, host: '', urls: 0, requests: 0, json: '', refused: [], refusedCount: 0 };
  }
}
