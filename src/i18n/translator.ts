import type { IntlShape } from '@formatjs/intl';
import type { Message, MessageArg } from '../core/base/message';
import type en from './catalogues/en.json';
import { INTL_LOCALES, type Language } from './languages';

/** A key of the catalogues: the English one lists them all, and a test holds the others to it. */
export type MessageId = keyof typeof en;

/** A catalogue: every key's ICU message, as written (JSON) or precompiled to its syntax tree (the page's build). */
export type Catalogue = Readonly<Record<MessageId, unknown>>;

/** The arguments of a message: numbers are formatted in the reader's language, messages translated first. */
export type MessageValues = Readonly<Record<string, MessageArg | Date>>;

/** A message of the catalogues, typed by its key: what the store keeps for a notice until it is shown. */
export function msg(id: MessageId, values?: MessageValues): Message {
  return values ? { id, values: values as Message['values'] } : { id };
}

/**
 * Text from outside the catalogues (a file name, a problem message core
 * writes in English until its rules' words are keyed) as a message: shown
 * as it is in every language.
 */
export function verbatim(text: string): Message {
  return { id: 'verbatim', values: { text } };
}

/** Everything the page and the CLI say, in one language. */
export interface Translator {
  readonly lang: Language;
  /** The locale Intl formats in ("tr", "sr-Latn", "en-GB"). */
  readonly locale: string;
  /** A message of the catalogue. */
  t(id: MessageId, values?: MessageValues): string;
  /** A message given as data (a notice, core's words): its arguments that are messages translated first. */
  text(message: Message): string;
  /** A number: "1,000,000" in English, "1.000.000" in Turkish and Serbian. */
  n(value: number, options?: Intl.NumberFormatOptions): string;
  /** A size in binary units, as SPEC §1 writes the limits: "512 bytes", "1.5 KiB", "50 MiB". */
  bytes(value: number): string;
  /** A date or time of the reader's language (Intl.DateTimeFormat options). */
  date(value: number | Date, options?: Intl.DateTimeFormatOptions): string;
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/**
 * A translator over a FormatJS intl object (react-intl's on the page,
 * @formatjs/intl's in the CLI and tests): both format the same catalogues.
 */
export function translatorOf(
  intl: Pick<IntlShape, 'formatMessage' | 'formatNumber' | 'formatDate'>,
  lang: Language,
): Translator {
  // recursion-ok: messages nest only as our code builds them (commaList: one level per rule code), never as input sets
  const format = (id: string, values?: MessageValues): string =>
    // Only strings, numbers and dates reach it: the result is a string.
    intl.formatMessage({ id }, values ? resolve(values) : undefined) as string;
  // recursion-ok: messages nest only as our code builds them (commaList: one level per rule code), never as input sets
  const resolve = (values: MessageValues): Record<string, string | number | Date> => {
    const out: Record<string, string | number | Date> = {};
    for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'object' && !(v instanceof Date) ? text(v) : v;
    return out;
  };
  // recursion-ok: messages nest only as our code builds them (commaList: one level per rule code), never as input sets
  const text = (m: Message): string => format(m.id, m.values);
  const n = (value: number, options?: Intl.NumberFormatOptions) => intl.formatNumber(value, options);
  return {
    lang,
    locale: INTL_LOCALES[lang],
    t: format,
    text,
    n,
    bytes: (value) => {
      if (value < 1024) return format('unit.bytes', { count: value });
      let scaled = value / 1024;
      let unit = 0;
      while (scaled >= 1024 && unit < UNITS.length - 1) {
        scaled /= 1024;
        unit++;
      }
      return `${n(scaled, { maximumFractionDigits: 1 })} ${UNITS[unit]}`;
    },
    date: (value, options) => intl.formatDate(value, options),
  };
}

/** Messages one after another, comma-separated as the page lists values ("loc 3, image:loc 2"); null for none. */
export function commaList(parts: readonly Message[]): Message | null {
  let out: Message | null = null;
  for (const part of parts) out = out ? msg('list.comma', { a: out, b: part }) : part;
  return out;
}
