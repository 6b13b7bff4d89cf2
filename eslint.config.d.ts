/** The types of what eslint.config.js exports, for the tests that read its lists (core-order.test.ts). */
import type { Linter } from 'eslint';

/** The core's folders, bottom first: each imports only from itself and the folders below it. */
export const CORE_LAYERS: readonly string[];

declare const config: Linter.Config[];
export default config;
