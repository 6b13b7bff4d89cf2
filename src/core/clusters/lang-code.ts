/*
 * hreflang values as cluster columns: `en-gb` and `en-GB` name the same
 * language (BCP 47 tags are case-insensitive), so a cluster compares them in
 * one canonical spelling — language in lower case, script in title case,
 * region in upper case, as the IANA registry writes them.
 */
import { hreflangValueDefect } from '../rules/hreflang/hreflang-value';

export const X_DEFAULT = 'x-default';

/** The canonical spelling of an hreflang value (trimmed); '' for an empty one. */
export function canonicalHreflang(raw: string): string {
  const value = raw.trim();
  if (value.toLowerCase() === X_DEFAULT) return X_DEFAULT;
  return value
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4 && /^[A-Za-z]+$/.test(part))
        return part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
      return part.length === 2 ? part.toUpperCase() : part.toLowerCase();
    })
    .join('-');
}

/**
 * The locale a URL's first path segment names (`https://example.com/pt-br/x`
 * → `pt-BR`), with the URL's key without it (`https://example.com/x`): pages
 * sharing a key are translations of one page. Null when the first segment is
 * not a language code Google reads (`/id/`, `/my/` are languages too: the
 * caller needs two languages under one key before it calls it a cluster).
 * The origin is compared in lower case (hosts are case-insensitive).
 */
export function localeOfLoc(loc: string): { lang: string; key: string } | null {
  const m = /^(https?:\/\/[^/?#]+)\/([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,4}){0,2})(?=[/?#]|$)(.*)$/.exec(loc.trim());
  if (!m) return null;
  const segment = (m[2] as string).replace(/_/g, '-');
  if (hreflangValueDefect(segment) !== '') return null;
  const rest = m[3] as string;
  return {
    lang: canonicalHreflang(segment),
    key: (m[1] as string).toLowerCase() + (rest.startsWith('/') ? rest : '/' + rest),
  };
}
