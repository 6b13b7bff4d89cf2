import { describe, expect, it } from 'vitest';
import { MAX_BODY_HEIGHT, ROW_HEIGHT, ROW_HEIGHT_WRAPPED, rowWindow, scrollMap, scrollTopFor } from './scroll-map';

describe('the table geometry', () => {
  it('is unscaled while the rows fit under the height cap', () => {
    const map = scrollMap(1000, 600);
    expect(ROW_HEIGHT).toBe(28);
    expect(map.bodyHeight).toBe(28_000);
    expect(map.ratio).toBe(1);
    expect(rowWindow(map, 1000, 2800, 600, 5)).toEqual({ start: 95, end: 127, firstVisible: 100, endVisible: 122, shift: 0 });
    // Wrapped URLs: taller rows, fewer of them in the same viewport.
    const wrapped = scrollMap(1000, 600, ROW_HEIGHT_WRAPPED);
    expect(wrapped.bodyHeight).toBe(52_000);
    expect(rowWindow(wrapped, 1000, 5200, 600, 5, ROW_HEIGHT_WRAPPED)).toEqual({ start: 95, end: 117, firstVisible: 100, endVisible: 112, shift: 0 });
  });

  it('caps the body at a million rows and maps the scroll position proportionally', () => {
    const count = 1_000_000;
    const map = scrollMap(count, 600);
    expect(map.bodyHeight).toBe(MAX_BODY_HEIGHT);
    expect(map.ratio).toBeCloseTo((count * ROW_HEIGHT - 600) / (MAX_BODY_HEIGHT - 600));
    // The bottom of the scrollbar shows the last row, flush with the viewport's bottom.
    const end = rowWindow(map, count, MAX_BODY_HEIGHT - 600, 600, 0);
    expect(end.endVisible).toBe(count);
    expect((count - 1) * ROW_HEIGHT + end.shift + ROW_HEIGHT).toBeCloseTo(MAX_BODY_HEIGHT);
    // The middle of the scrollbar shows the middle rows.
    const mid = rowWindow(map, count, (MAX_BODY_HEIGHT - 600) / 2, 600, 0);
    expect(mid.firstVisible).toBe(Math.floor((count * ROW_HEIGHT - 600) / 2 / ROW_HEIGHT));
    // A drawn row's top stays inside the body whatever the scale.
    expect(mid.firstVisible * ROW_HEIGHT + mid.shift).toBeGreaterThan((MAX_BODY_HEIGHT - 600) / 2 - ROW_HEIGHT);
  });

  it('finds the scroll position that reveals a row, scaled or not', () => {
    for (const count of [1000, 1_000_000]) {
      const map = scrollMap(count, 600);
      for (const pos of [0, 17, Math.floor(count / 2), count - 1]) {
        const top = scrollTopFor(map, pos, 0, 600) ?? 0;
        const w = rowWindow(map, count, top, 600, 0);
        expect(pos).toBeGreaterThanOrEqual(w.firstVisible);
        expect(pos).toBeLessThan(w.endVisible);
      }
    }
    expect(scrollTopFor(scrollMap(1000, 600), 3, 0, 600)).toBeNull();
  });

  it('draws nothing for an empty view', () => {
    const map = scrollMap(0, 600);
    expect(map.bodyHeight).toBe(0);
    expect(rowWindow(map, 0, 0, 600, 8)).toMatchObject({ start: 0, end: 0 });
  });
});
