import { defineProject } from 'vitest/config';

/**
 * The API suite's settings; the root config makes a project of it per engine and says which files each
 * runs (an `include` here would be added to theirs, not replaced), each with its own global setup that
 * builds a migrated template.
 */
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/no-queued-queries.ts'],
    // Test files share their worker's module cache: importing the app once per worker instead of once
    // per file took the PGlite pass from ~350 s to ~215 s. Each file still gets its own app and
    // database (test/test-app.ts); module-level state is limited to caches keyed by database or token.
    isolate: false,
  },
});
