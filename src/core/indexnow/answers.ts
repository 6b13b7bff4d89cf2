/*
 * What an IndexNow endpoint's answer means, in the words of the protocol's
 * documentation (indexnow.org, "Response format"): 200 and 202 take the
 * URLs, the 4xx it names refuse them for a stated reason.
 */

interface IndexNowAnswer {
  accepted: boolean;
  /** "200 OK: URLs submitted successfully". */
  meaning: string;
}

const MEANINGS: Record<number, [boolean, string]> = {
  200: [true, 'OK: URLs submitted successfully'],
  202: [true, 'Accepted: URLs received; the key is still being validated (the search engine fetches the key file)'],
  400: [false, 'Bad request: the request is not in the format IndexNow expects'],
  403: [false, 'Forbidden: the key is not valid (the key file was not found, or it does not hold this key)'],
  422: [
    false,
    "Unprocessable Entity: URLs that don't belong to the host, or a key that does not match the protocol's format",
  ],
  429: [false, 'Too Many Requests: seen as potential spam; send less often'],
};

/** The meaning of an endpoint's HTTP status. */
export function describeIndexNowAnswer(status: number, statusText = ''): IndexNowAnswer {
  const known = MEANINGS[status];
  if (known) return { accepted: known[0], meaning: `${status} ${known[1]}` };
  const text = statusText ? ` ${statusText}` : '';
  if (status >= 200 && status < 300)
    return { accepted: true, meaning: `${status}${text}: a success, though not an answer the IndexNow protocol names` };
  return {
    accepted: false,
    meaning:
      status >= 500
        ? `${status}${text}: the endpoint failed (a server error); try again later`
        : `${status}${text}: not an answer the IndexNow protocol defines; the URLs are not known to be taken`,
  };
}
