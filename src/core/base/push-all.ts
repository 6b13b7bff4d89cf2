/**
 * Appends `items` to `target` one by one. `target.push(...items)` passes
 * every item as an argument, and past about 120,000 of them V8 throws
 * "Maximum call stack size exceeded": a list whose length the input sets
 * (rows removed, a row's alternates, problems) is never spread.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
