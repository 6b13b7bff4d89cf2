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
