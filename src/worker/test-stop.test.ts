import { describe, expect, it, vi } from 'vitest';
import type { HandlerTable } from './api';
import { MemoryDocumentStore } from './document-store';
import { createTestStop } from './test-stop';

class Hung extends Error {}

function setup() {
  const close = vi.fn();
  const worked: number[] = [];
  const stop = createTestStop(
    close,
    () => {
      throw new Hung();
    },
    (ms) => worked.push(ms),
  );
  const summary = vi.fn(() => 'answered');
  const handlers = stop.handlers({ summary: { run: summary } } as unknown as HandlerTable);
  const run = (type: string) => (handlers as unknown as Record<string, { run: () => unknown }>)[type]!.run();
  return { close, stop, summary, run, worked };
}

describe("createTestStop (the browser tests' stop in the middle of a job)", () => {
  it('lets every request run until armed, then stops the worker as the named one starts, once', () => {
    const { close, stop, summary, run } = setup();
    expect(run('summary')).toBe('answered');
    stop.arm('summary', 'close');
    expect(() => run('summary')).toThrow(/stopped by a test during summary/);
    expect(close).toHaveBeenCalledTimes(1);
    expect(summary).toHaveBeenCalledTimes(1);
    expect(stop.stopped).toBe(true);
  });

  it('works a while first and then answers, when only slow', () => {
    const { close, stop, summary, run, worked } = setup();
    stop.arm('summary', 'slow', 3_000);
    expect(run('summary')).toBe('answered');
    expect(worked).toEqual([3_000]);
    expect(summary).toHaveBeenCalledTimes(1);
    expect(close).not.toHaveBeenCalled();
    expect(stop.stopped).toBe(false);
  });

  it('hangs instead of closing when asked, and stops an autosave as its write starts', async () => {
    const { close, stop, run } = setup();
    stop.arm('summary', 'hang');
    expect(() => run('summary')).toThrow(Hung);
    expect(close).not.toHaveBeenCalled();

    const inner = new MemoryDocumentStore();
    const store = stop.store(inner);
    stop.arm('save', 'close');
    let settled = false;
    void store.save({} as never).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(inner.saved).toBeNull();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
