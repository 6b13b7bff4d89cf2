/*
 * The security headers the build writes for static hosts (`dist/_headers`,
 * src/build/security-headers.ts), read back so that `serve` sends exactly
 * those: one set, whoever serves the page.
 */

/** One rule of a `_headers` file: a path (exact, or ending in `*`) and its headers. */
interface HeaderRule {
  path: string;
  headers: [string, string][];
}

/** Parses `_headers` (Netlify's format: a path line, then indented `Name: value` lines; `#` comments). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ path: raw.trim(), headers: [] });
      continue;
    }
    const m = /^\s+([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(raw);
    const rule = rules.at(-1);
    if (!m || !rule) throw new Error(`_headers: "${raw.trim()}" is neither a path nor a header of one`);
    rule.headers.push([m[1] as string, (m[2] as string).trim()]);
  }
  return rules;
}

function matches(rulePath: string, path: string): boolean {
  return rulePath.endsWith('*') ? path.startsWith(rulePath.slice(0, -1)) : rulePath === path;
}

/** The headers of `path`: every rule that matches it, in order, a later one replacing a header an earlier one set. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) if (matches(rule.path, path)) for (const [name, value] of rule.headers) out[name] = value;
  return out;
}
