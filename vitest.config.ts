import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Some core tests read large real-world files and million-row sets.
    testTimeout: 60_000,
    pool: 'forks',
    // Lets the suite run green while the first tests are still being written.
    passWithNoTests: true,
  },
});
