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
      // The same API suite again on a real server when one is configured (issue #2 §2).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
