import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
      './apps/web/vitest.config.ts',
      apiProject('pglite'),
      // The same API suite again on a real server when one is configured: production may run either engine.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
