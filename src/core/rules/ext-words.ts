/* Words the extension rules share: which element of a row a message names. */
import { quote } from './problem';

/** "video 2 ("Title")": which of a row's elements of a kind, for a message. */
export function nth(kind: string, k: number, of: number, title = ''): string {
  const which = of > 1 ? `${kind.charAt(0).toUpperCase() + kind.slice(1)} ${k + 1} of ${of}` : `The ${kind}`;
  return title ? `${which} (${quote(title, 40)})` : which;
}

/** The first of the details `pick` finds in `list`, and how many more there are. */
export function firstOf<T>(list: readonly T[], pick: (x: T, k: number) => string): string {
  const found: string[] = [];
  list.forEach((x, k) => {
    const d = pick(x, k);
    if (d) found.push(d);
  });
  return found.length > 0 ? (found[0] as string) + more(found.length) : '';
}

/** " (and 2 more)" after the first of `n`. */
export function more(n: number): string {
  return n > 1 ? ` (and ${n - 1} more)` : '';
}
