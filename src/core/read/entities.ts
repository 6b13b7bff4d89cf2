/**
 * Resolves XML character references in text. Only the five predefined
 * entities and numeric references are resolved: no DTD entity is ever
 * expanded (that is how external-entity and billion-laughs attacks work), so
 * an unknown `&name;` is kept literally and reported.
 */

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export interface EntityDefect {
  /** Offset within the decoded input string. */
  at: number;
  message: string;
  /** A reference to an entity the DOCTYPE declares: well-formed, only never expanded. */
  declared?: boolean;
}

/**
 * Decodes `raw`; each defect (a raw `&`, an unknown or invalid reference) is
 * passed to `onDefect` with its offset in `raw`, and the text is kept as written.
 */
export function decodeEntities(raw: string, onDefect: (d: EntityDefect) => void, declared?: DeclaredEntities): string {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  // The common case in URLs, `&amp;` only: a native replace gives one flat
  // string (a built-up one would be flattened again, slowly, at every join).
  const quick = raw.replaceAll('&amp;', '&');
  if (quick.indexOf('&') === -1) return quick;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    out += raw.slice(from, amp);
    const semi = raw.indexOf(';', amp + 1);
    // A reference is short; a far-away ';' means this '&' was never one.
    const ref = semi !== -1 && semi - amp <= 12 ? raw.slice(amp + 1, semi) : '';
    const value = ref ? resolveReference(ref) : undefined;
    if (value !== undefined) {
      out += value;
      from = semi + 1;
    } else {
      const decl = ref ? declared?.get(ref) : undefined;
      if (decl?.external) {
        onDefect({
          at: amp,
          declared: true,
          message: `The external entity &${ref}; (declared in the DOCTYPE${decl.system ? ` as "${decl.system}"` : ''}) was not loaded: entities are never fetched, so the value keeps "&${ref};" as written`,
        });
      } else if (decl) {
        onDefect({
          at: amp,
          declared: true,
          message: `The entity &${ref}; declared in the DOCTYPE was not expanded (entities never are), so the value keeps "&${ref};" as written`,
        });
      } else if (ref && /^[A-Za-z_][\w.-]*$/.test(ref)) {
        onDefect({ at: amp, message: `undefined entity &${ref}; (kept as written, never expanded)` });
      } else {
        onDefect({ at: amp, message: 'a raw "&" that should be written "&amp;"' });
      }
      out += '&';
      from = amp + 1;
    }
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

function resolveReference(ref: string): string | undefined {
  const named = PREDEFINED[ref];
  if (named !== undefined) return named;
  if (ref.charCodeAt(0) !== 35 /* # */) return undefined;
  const hex = ref[1] === 'x' || ref[1] === 'X';
  const digits = ref.slice(hex ? 2 : 1);
  if (digits === '' || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  if (!isXmlChar(code)) return undefined;
  return String.fromCodePoint(code);
}

/** XML 1.0 Char production. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** An entity a DOCTYPE declares. */
export interface DeclaredEntity {
  name: string;
  /** Declared with SYSTEM or PUBLIC: its text would be fetched from elsewhere. */
  external: boolean;
  /** The SYSTEM identifier, for the message ('' when none). */
  system: string;
}

export type DeclaredEntities = ReadonlyMap<string, DeclaredEntity>;

/**
 * The general entities declared in the DOCTYPE that starts at `at`, read so
 * that a reference to one is named for what it is (an external entity not
 * loaded, an internal one not expanded) rather than "undefined". Nothing is
 * expanded or fetched; parameter entities (`%`) are skipped.
 */
export function readEntityDeclarations(text: string, at: number): Map<string, DeclaredEntity> {
  const out = new Map<string, DeclaredEntity>();
  const open = text.indexOf('[', at);
  const gt = text.indexOf('>', at);
  if (open === -1 || (gt !== -1 && gt < open)) return out;
  const close = text.indexOf(']', open);
  const subset = text.slice(open + 1, close === -1 ? Math.min(text.length, open + 65536) : close);
  const decl =
    /<!ENTITY\s+([A-Za-z_][\w.:-]*)\s+(?:(SYSTEM|PUBLIC)\s+(?:"[^"]*"\s+|'[^']*'\s+)?(?:"([^"]*)"|'([^']*)'))?/g;
  for (let m = decl.exec(subset); m; m = decl.exec(subset)) {
    const name = m[1] as string;
    if (!out.has(name)) out.set(name, { name, external: m[2] !== undefined, system: m[3] ?? m[4] ?? '' });
  }
  return out;
}

/** The `xml-doctype` warning: what the DOCTYPE declares, and that none of it is used. */
export function doctypeMessage(entities: DeclaredEntities): string {
  const named = [...entities.values()];
  const external = named.filter((e) => e.external).map((e) => `&${e.name};`);
  const more =
    external.length > 0
      ? `; it declares the external ${external.length === 1 ? 'entity' : 'entities'} ${external.join(', ')}, never loaded`
      : named.length > 0
        ? `; its ${named.length === 1 ? 'entity is' : `${named.length} entities are`} never expanded`
        : '';
  return `A DOCTYPE declaration: sitemaps have none, and nothing in it is used${more}`;
}
