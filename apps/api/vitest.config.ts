import { defineProject } from 'vitest/config';

/**
 * The API suite; the root config runs it once per engine (PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set), each with its own global setup that builds a migrated template.
 */
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
