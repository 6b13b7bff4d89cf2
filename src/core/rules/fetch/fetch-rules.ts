/*
 * The rules of live sources: the CLI fetches sitemaps, indexes and
 * robots.txt under one fetch policy (src/cli/fetch/fetch-policy.ts), and
 * reports what went wrong, what the policy refused and which hosts it
 * reached, located by URL (their words: src/cli/fetch/fetch-problems.ts).
 */
import type { FileRule } from '../rule';

export const FETCH_FAILED = {
  code: 'fetch-failed',
  severity: 'error',
  scope: 'file',
  title: 'The sitemap could not be fetched (no answer, timed out or too large)',
  searchConsole: "Couldn't fetch",
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_HTTP_ERROR = {
  code: 'fetch-http-error',
  severity: 'error',
  scope: 'file',
  title: "The server answered the sitemap's URL with an HTTP error",
  searchConsole: 'HTTP error',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_REDIRECT = {
  code: 'fetch-redirect',
  severity: 'error',
  scope: 'file',
  title: "The sitemap's URL redirects too often, in a loop or nowhere",
  searchConsole: 'Redirect error',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_REDIRECTED = {
  code: 'fetch-redirected',
  severity: 'info',
  scope: 'file',
  title: "The sitemap's URL redirects; the redirect was followed",
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_REFUSED = {
  code: 'fetch-refused',
  severity: 'error',
  scope: 'file',
  title:
    'The URL was not fetched: the fetch policy refused it (not http(s), a private or loopback address, another host with --same-host, a cap or the deadline)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_OTHER_HOST = {
  code: 'fetch-other-host',
  severity: 'info',
  scope: 'file',
  title: 'A URL found in the files led to a host not named on the command line, and it was fetched',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const FETCH_RULES = [
  FETCH_FAILED,
  FETCH_HTTP_ERROR,
  FETCH_REDIRECT,
  FETCH_REDIRECTED,
  FETCH_REFUSED,
  FETCH_OTHER_HOST,
] as const;
