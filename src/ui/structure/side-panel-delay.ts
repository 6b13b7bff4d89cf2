/**
 * How long the side panels (structure tree, lastmod chart) wait after the
 * rows or the view changed before asking the worker again. Each answer is a
 * pass over every row (0.1–0.3 s at a million); asked at once, the next edit
 * or sort a user makes would wait behind it.
 */
export const SIDE_PANEL_DELAY_MS = 250;
