import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Imports point one way: core ← worker ← store ← ui ← app, and the CLI uses
 * core and src/i18n only (ARCHITECTURE.md); src/i18n (the catalogues and the
 * translator the page and the CLI share) sits on core, below the worker. Each folder gets one complete
 * `no-restricted-imports` setting, because in flat config a later block
 * replaces a rule's options rather than merging them.
 */

const layer = (name) => ({
  group: [`**/${name}`, `**/${name}/**`],
  message: `This layer may not import from src/${name} (imports go core ← worker ← store ← ui ← app; the CLI uses core and i18n only).`,
});

const pkg = (name, why) => ({ group: [name, `${name}/*`], message: why });

const NODE_BUILTINS = {
  group: [
    'node:*',
    'fs',
    'fs/*',
    'path',
    'path/*',
    'zlib',
    'child_process',
    'os',
    'worker_threads',
    'stream',
    'stream/*',
  ],
  message: 'Core runs in the browser worker too: no Node built-ins (tests excepted).',
};

const UI_LIBS_IN_CORE = 'Core knows nothing of React, the DOM or the store.';

/*
 * The core's own stack, bottom first (MAP.md says what each holds): a folder
 * imports from itself and the folders below it, never from one above, so no
 * two folders import each other (core-order.test.ts also proves there are no
 * circles of files).
 */
export const CORE_LAYERS = [
  'base',
  'text',
  'plan',
  'rows',
  'rules',
  'read',
  'live',
  'check',
  'edit',
  'fix',
  'clusters',
  'persist',
  'history',
  'write',
  'compare',
  'indexnow',
  'view',
  'stream',
];

const coreFolder = (name) => ({
  group: [`**/${name}/**`],
  message: `A folder of src/core imports only from the folders below it: ${CORE_LAYERS.join(' → ')} (eslint.config.js CORE_LAYERS).`,
});

/** The folders a core folder may not import from: those above it. */
const coreAbove = (name) => CORE_LAYERS.slice(CORE_LAYERS.indexOf(name) + 1).map(coreFolder);

/** Tests and their helpers read fixtures through any path a user takes: the order binds production files. */
const CORE_TESTS = ['src/core/**/*.test.ts', 'src/core/**/*test-helpers.ts'];

/*
 * @types/papaparse references Node's types, so once core imports papaparse
 * the worker's tsconfig no longer keeps Node globals out: lint does.
 */
const NODE_GLOBALS = [
  'Buffer',
  'process',
  'global',
  'require',
  'module',
  '__dirname',
  '__filename',
  'setImmediate',
].map((name) => ({
  name,
  message: 'Core and the worker run in the browser: no Node globals.',
}));

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const coreShared = [
  layer('worker'),
  layer('store'),
  layer('ui'),
  layer('app'),
  layer('cli'),
  pkg('react', UI_LIBS_IN_CORE),
  pkg('react-dom', UI_LIBS_IN_CORE),
  pkg('zustand', UI_LIBS_IN_CORE),
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-cli/',
      'dist-*/',
      'test-results*/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'e2e/artifacts/',
      'bench/out/',
      'coverage/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/main.tsx', 'src/app/**', 'src/ui/**', 'src/store/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/core/**', 'src/worker/**'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ['src/cli/**', 'bench/**', 'e2e/**', 'fixtures/**', 'src/**/*.test.ts', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/core/**'],
    rules: {
      ...restrict(...coreShared, NODE_BUILTINS),
      'no-restricted-globals': ['error', ...NODE_GLOBALS],
      // Finding and escaping control characters is part of the protocol's job
      // (XML 1.0 forbids most of them, a loc may contain none).
      'no-control-regex': 'off',
    },
  },
  ...CORE_LAYERS.map((name) => ({
    files: [`src/core/${name}/**`],
    ignores: CORE_TESTS,
    rules: restrict(...coreShared, NODE_BUILTINS, ...coreAbove(name)),
  })),
  {
    files: CORE_TESTS,
    rules: { ...restrict(...coreShared), 'no-restricted-globals': 'off', 'no-control-regex': 'off' },
  },
  {
    files: ['src/worker/**'],
    ignores: ['src/worker/**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', ...NODE_GLOBALS] },
  },
  {
    files: ['src/worker/**'],
    rules: restrict(
      layer('store'),
      layer('ui'),
      layer('app'),
      layer('cli'),
      pkg('react', 'The worker has no UI.'),
      pkg('react-dom', 'The worker has no UI.'),
      pkg('zustand', 'The store lives on the page, not in the worker.'),
    ),
  },
  {
    files: ['src/store/**'],
    rules: restrict(layer('ui'), layer('app'), layer('cli'), pkg('react-dom', 'The store does not render.')),
  },
  {
    files: ['src/ui/**'],
    rules: restrict(layer('app'), layer('cli')),
  },
  {
    // What the CLI takes from i18n stays framework-free: no React, no store, no page.
    files: ['src/i18n/**'],
    rules: restrict(
      layer('worker'),
      layer('store'),
      layer('ui'),
      layer('app'),
      layer('cli'),
      pkg('react', 'i18n is shared with the CLI: no React (the page binds it in src/ui/i18n).'),
      pkg('react-dom', 'i18n is shared with the CLI: no React.'),
      pkg('react-intl', 'i18n is shared with the CLI: @formatjs/intl, not react-intl.'),
      pkg('zustand', 'i18n is shared with the CLI: no store.'),
    ),
  },
  {
    files: ['src/cli/**'],
    rules: restrict(
      layer('worker'),
      layer('store'),
      layer('ui'),
      layer('app'),
      pkg('react', 'The CLI uses core and i18n only.'),
      pkg('react-dom', 'The CLI uses core and i18n only.'),
      pkg('zustand', 'The CLI uses core and i18n only.'),
    ),
  },
);
