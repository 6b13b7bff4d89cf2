import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // e2e/ holds the unit tests of the browser tests' own set-up (Playwright runs *.spec.ts only).
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    // Some core tests read large real-world files and million-row sets.
    testTimeout: 60_000,
    pool: 'forks',
    // Lets the suite run green while the first tests are still being written.
    passWithNoTests: true,
    // The CLI speaks the locale's language (LC_ALL, LC_MESSAGES, LANG): the suite expects English
    // whatever the machine's locale; the tests of the locale set their own (src/cli/lang.test.ts).
    env: { LC_ALL: 'C.UTF-8' },
  },
});
