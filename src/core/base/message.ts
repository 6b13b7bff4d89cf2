/**
 * Words for people as data: a catalogue key and its arguments, translated
 * where they are shown (src/i18n: the page in the user's language, the CLI
 * by --lang). Plain data, so it crosses the worker's postMessage and is
 * stored as it is; an argument may itself be a message (a change's label
 * inside "Undone: {label}."), translated first.
 */
export interface Message {
  readonly id: string;
  readonly values?: Readonly<Record<string, MessageArg>>;
}

/** A number is formatted for the reader's language ({n, number}, plurals); a string is shown as it is. */
export type MessageArg = string | number | Message;

/**
 * Core's words of one occurrence (a problem's detail): the English sentence,
 * kept for the outputs that stay English (the CLI's JSON, GitHub and JUnit),
 * and the same as a catalogue message with its values, translated where it
 * is shown. The English catalogue holds the same sentence: a test formats
 * each message in English and compares (src/i18n/problem-details.test.ts).
 */
export interface Said {
  readonly en: string;
  readonly message: Message;
}

/** A detail as core writes it: keyed (`Said`) or, where its words are not keyed yet, English only. */
export type Detail = string | Said;

/** A keyed detail: its catalogue key (`detail.…`), its values, and its English sentence. */
export function said(id: string, values: Readonly<Record<string, MessageArg>>, en: string): Said {
  return { en, message: { id, values } };
}

/** A detail's English sentence. */
export function englishOf(detail: Detail): string {
  return typeof detail === 'string' ? detail : detail.en;
}
