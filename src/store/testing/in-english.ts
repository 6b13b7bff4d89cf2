import type { Message } from '../../core/base/message';
import { translatorFor } from '../../i18n/catalogues';

/** A value with every message in it shown as the English page shows it. */
export type English<T> = T extends Message
  ? string
  : T extends (...args: never[]) => unknown
    ? T
    : T extends readonly (infer U)[]
      ? English<U>[]
      : T extends object
        ? { [K in keyof T]: English<T[K]> }
        : T;

const en = translatorFor('en');

function isMessage(v: object): v is Message {
  const keys = Object.keys(v);
  return (
    typeof (v as { id?: unknown }).id === 'string' &&
    keys.every((k) => k === 'id' || k === 'values') &&
    keys.length <= 2
  );
}

/**
 * The store keeps what it says as messages (translated where shown); its
 * tests read them in English, as the page shows them by default. Plain
 * objects and arrays are copied, a few levels deep (a notice, a state).
 */
// recursion-ok: at most `depth` (4) levels
export function english<T>(value: T, depth = 4): English<T> {
  if (value === null || typeof value !== 'object') return value as English<T>;
  if (isMessage(value)) return en.text(value) as English<T>;
  if (depth === 0) return value as English<T>;
  if (Array.isArray(value)) return value.map((v: unknown) => english(v, depth - 1)) as English<T>;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value as English<T>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = english(v, depth - 1);
  return out as English<T>;
}
