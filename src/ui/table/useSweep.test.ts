import { describe, expect, it } from 'vitest';
import { SWEEP_MS, SweepClock } from './useSweep';

describe('the sweep clock', () => {
  it('takes a single jump, or rows scrolled one by one, for no sweep', () => {
    const clock = new SweepClock(0, SWEEP_MS);
    expect(clock.seen(1, 30, 0)).toBe(false);
    expect(clock.seen(2, 30, 10)).toBe(false);
    expect(clock.seen(900_000, 30, 20)).toBe(false);
    // The next jump comes after the sweep's pause: another single jump.
    expect(clock.seen(0, 30, 20 + SWEEP_MS)).toBe(false);
  });

  it('starts a sweep at the second jump in quick succession, keeps it while the jumps go on, and ends it when they stop', () => {
    const clock = new SweepClock(0, SWEEP_MS);
    expect(clock.seen(3_600, 30, 0)).toBe(false);
    expect(clock.seen(7_200, 30, 16)).toBe(true);
    expect(clock.until).toBe(16 + SWEEP_MS);
    expect(clock.seen(10_800, 30, 33)).toBe(true);
    // The same window drawn again (an answer's redraw) neither ends nor extends it.
    expect(clock.seen(10_800, 30, 40)).toBe(true);
    expect(clock.until).toBe(33 + SWEEP_MS);
    // A step of a few rows is no jump: the sweep runs out at its time.
    expect(clock.seen(10_805, 30, 50)).toBe(true);
    expect(clock.seen(10_805, 30, 33 + SWEEP_MS)).toBe(false);
  });
});
