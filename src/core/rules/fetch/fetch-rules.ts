/*
 * The rules of live sources: the CLI fetches sitemaps, indexes and
 * robots.txt, and reports what went wrong located by URL.
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

export const FETCH_RULES = [FETCH_FAILED, FETCH_HTTP_ERROR, FETCH_REDIRECT, FETCH_REDIRECTED] as const;
