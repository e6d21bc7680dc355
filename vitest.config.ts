import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const WEB_ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

const apiProject = (engine: 'pglite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: {
    name: `api:${engine}`,
    root: './apps/api',
    globalSetup: [`./test/global-setup.${engine}.ts`],
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
