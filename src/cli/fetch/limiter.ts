/** Runs at most `n` tasks at once, in the order they were given. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** One {@link limiter} per key (a host), made when first asked for. */
export function keyedLimiter(n: number): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const byKey = new Map<string, { run: ReturnType<typeof limiter>; users: number }>();
  return async (key, task) => {
    let entry = byKey.get(key);
    if (!entry) {
      entry = { run: limiter(n), users: 0 };
      byKey.set(key, entry);
    }
    entry.users++;
    try {
      return await entry.run(task);
    } finally {
      // A run that touches 50,000 hosts keeps no limiter for the ones it is done with.
      if (--entry.users === 0) byKey.delete(key);
    }
  };
}
