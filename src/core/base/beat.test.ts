import { afterEach, describe, expect, it, vi } from 'vitest';
import { beat, BEAT_EVERY, onBeat } from './beat';

afterEach(() => onBeat(null));

describe('beat', () => {
  it('runs the listener once every BEAT_EVERY units, counted across calls', () => {
    const heard = vi.fn();
    onBeat(heard);
    for (let i = 0; i < BEAT_EVERY - 1; i++) beat();
    expect(heard).not.toHaveBeenCalled();
    beat();
    expect(heard).toHaveBeenCalledTimes(1);
    beat(BEAT_EVERY * 3);
    expect(heard).toHaveBeenCalledTimes(2);
    beat(BEAT_EVERY / 2);
    beat(BEAT_EVERY / 2);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('costs a counter when nobody listens', () => {
    onBeat(null);
    expect(() => beat(BEAT_EVERY * 10)).not.toThrow();
  });
});
