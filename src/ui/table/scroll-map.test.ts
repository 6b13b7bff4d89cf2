import { describe, expect, it } from 'vitest';
import {
  MAX_BODY_HEIGHT,
  ROW_HEIGHT,
  ROW_HEIGHT_WRAPPED,
  rowsBase,
  rowWindow,
  scrollMap,
  scrollTopFor,
} from './scroll-map';

describe('the table geometry', () => {
  it('is unscaled while the rows fit under the height cap', () => {
    const map = scrollMap(1000, 600);
    expect(ROW_HEIGHT).toBe(28);
    expect(map.bodyHeight).toBe(28_000);
    expect(map.ratio).toBe(1);
    expect(rowWindow(map, 1000, 2800, 600, 5)).toEqual({
      start: 95,
      end: 127,
      firstVisible: 100,
      endVisible: 122,
      shift: 0,
    });
    // Wrapped URLs: taller rows, fewer of them in the same viewport.
    const wrapped = scrollMap(1000, 600, ROW_HEIGHT_WRAPPED);
    expect(wrapped.bodyHeight).toBe(52_000);
    expect(rowWindow(wrapped, 1000, 5200, 600, 5, ROW_HEIGHT_WRAPPED)).toEqual({
      start: 95,
      end: 117,
      firstVisible: 100,
      endVisible: 112,
      shift: 0,
    });
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

  it("keeps the rows' base while the window stays within its span, and lands it at the near end when the window leaves", () => {
    // Row by row down: the base stays until the window's end passes base + span.
    expect(rowsBase(100, 100, 130, 128)).toBe(100);
    expect(rowsBase(100, 197, 227, 128)).toBe(100);
    expect(rowsBase(100, 199, 229, 128)).toBe(199);
    // Up past it: the window at the span's end, so scrolling on upward keeps it as long.
    expect(rowsBase(100, 99, 129, 128)).toBe(1);
    expect(rowsBase(100, 20, 50, 128)).toBe(0);
    // A window wider than the span starts at its own first row.
    expect(rowsBase(500, 300, 450, 128)).toBe(300);
    // A dragged scrollbar: every frame a whole window further, and each row keeps its distance from the base.
    let base = 0;
    const tops: number[] = [];
    for (const start of [3_600, 7_200, 10_800]) {
      base = rowsBase(base, start, start + 30, 128);
      tops.push(start + 5 - base);
    }
    expect(tops).toEqual([5, 5, 5]);
    for (const start of [7_200, 3_600]) {
      base = rowsBase(base, start, start + 30, 128);
      tops.push(start + 5 - base);
    }
    expect(tops).toEqual([5, 5, 5, 103, 103]);
  });
});
