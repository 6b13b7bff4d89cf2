import { USER_AGENT } from './fetch/fetch-policy';

/** What an endpoint answered: its status and the start of its body (some say why they refused). */
interface PostAnswer {
  status: number;
  statusText: string;
  /** At most {@link BODY_SHOWN} characters. */
  body: string;
}

/** Posts a JSON body; rejects when no answer came (no connection, timed out). */
export type PostJson = (url: string, json: string) => Promise<PostAnswer>;

/** Per request. */
const POST_TIMEOUT_MS = 30_000;
const BODY_SHOWN = 300;

/**
 * The IndexNow request itself: one POST of JSON in UTF-8 with Node's fetch,
 * the seam the command's tests replace (or point at a server on 127.0.0.1).
 * A redirect is not followed: a POST redirected may arrive as a GET, so it is
 * reported as the answer it is. The endpoint is the one host the user names
 * (`--endpoint`, or IndexNow's own), never a URL found in content, so the
 * fetch policy's address checks (src/cli/fetch/) do not apply: the policy
 * too fetches a named host whatever its address.
 */
export const postJson: PostJson = async (url, json) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': USER_AGENT },
    body: json,
    redirect: 'manual',
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, statusText: res.statusText, body: text.slice(0, BODY_SHOWN) };
};
