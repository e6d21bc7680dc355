import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * API test files that open no database, so the engine cannot change what they check: the PGlite pass
 * runs them, the PostgreSQL pass does not again. The heavy ones only (27, 5 and 2 s of that pass's
 * 785 s beside the browser tests, 28 Nov 2026); a small one costs less than a list to keep.
 */
const ENGINE_FREE_API_TESTS = [
  'src/lib/fast-stringify.test.ts',
  'src/import-rules.test.ts',
  'src/modules/records/trackers/coverage-counting.test.ts',
];

const apiProject = (engine: 'pglite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: {
    name: `api:${engine}`,
    root: './apps/api',
    globalSetup: [`./test/global-setup.${engine}.ts`],
    ...(engine === 'postgres' ? { exclude: [...configDefaults.exclude, ...ENGINE_FREE_API_TESTS] } : {}),
  },
});

export default defineConfig({
  test: {
    // Vitest keeps a core for its main process by default, which on the 2-core CI machine leaves one
    // worker; the time goes in the workers (PGlite runs inside them), so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // Web test files share their worker's module cache (`isolate: false`): jsdom and Mantine are set
      // up once per worker instead of once per file (the web suite went from ~55 s to ~12 s). A file
      // that replaces a module with `vi.mock` needs a fresh cache: it is named `*.isolated.test.ts(x)`.
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [WEB_ISOLATED],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: { name: 'web:isolated', root: './apps/web', include: [WEB_ISOLATED] },
      },
      apiProject('pglite'),
      // The same API suite again on a real server when one is configured: production may run either engine.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
