import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const WEB_ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * Where a PostgreSQL server answers (TEST_DATABASE_URL), the API suite runs once, on it, and these files
 * run on PGlite too: what they check depends on the engine, and production may run either. Everything
 * else speaks plain SQL through drizzle and gets nothing new from a second engine. With no server, every
 * file runs on PGlite. A file that starts to depend on the engine (its own driver path, a lock, a race,
 * the planner, a bulk path) belongs here.
 */
const ENGINE_SENSITIVE_API_TESTS = [
  // The PGlite data directory's lock, and the real install and commands that must respect it.
  'src/db/pglite-lock.test.ts',
  'src/server.test.ts',
  'src/cli/integration-cli.test.ts',
  // A pool of connections on PostgreSQL, one connection on PGlite.
  'src/db/read-together.test.ts',
  // Prepared statements and the statements a request sends, per driver.
  'src/modules/records/trackers/chart-statements-prepared-once.test.ts',
  'src/modules/core/users/users-at-scale.test.ts',
  // The planner's choice of index.
  'src/modules/core/users/users-list-at-any-size.test.ts',
  // LISTEN/NOTIFY: a connection of its own on PostgreSQL, PGlite's in-process listener.
  'src/modules/platform/events/live-events.test.ts',
  'src/modules/records/pending-cards/pending-cards-raised-and-worked.test.ts',
  // An item's transaction locking the cards its triggers feed, in id order.
  'src/modules/records/pending-cards/pending-cards-resolved-by-their-items.test.ts',
  // pg-boss on node-postgres, and on PGlite through its adapter.
  'src/modules/platform/jobs/jobs-overview.test.ts',
  'src/modules/platform/jobs/jobs-stop.test.ts',
  'src/modules/platform/mail/mail-delivery.test.ts',
  'src/modules/records/reminders/assignments-after-disabling-and-queued-digests.test.ts',
  // Concurrency: requests or jobs at the same moment, serialised by row locks and constraints.
  'src/modules/core/auth/auth.test.ts',
  'src/modules/core/vets/vets-create.test.ts',
  'src/modules/records/reminders/reminders-morning-digest.test.ts',
  'src/modules/records/preventive-care/preventive-owner-reminders-sent-once.test.ts',
  'src/modules/views/weekly-reports/weekly-reports-generated-reviewed-and-sent.test.ts',
  // Search ranking: pg_trgm and full-text weights.
  'src/modules/views/search/search-ranking.test.ts',
  // Bulk loads: unnest() arrays (PGlite cannot bind enum or jsonb arrays), indexes dropped and rebuilt.
  'src/modules/records/trackers/readings-ingestion.test.ts',
  'src/modules/records/diets/ingredients-sync.test.ts',
  'src/seed/bulk-load-indexes.test.ts',
  'src/seed/seed-trackers.test.ts',
  // The planner's statistics after a seed (PGlite has no autovacuum).
  'src/seed/seed-statistics.test.ts',
  // Triggers with transition tables and an advisory lock keeping a count.
  'src/modules/core/users/users-pets-count-kept.test.ts',
  // What each driver hands back: bytea as a Buffer or a Uint8Array, json parsed or as text.
  'src/modules/platform/files/files-stored-in-database.test.ts',
  'src/modules/views/home/home-counts-in-scope.test.ts',
];

// A moved or renamed file would otherwise drop out of the PGlite pass without a word.
const missing = ENGINE_SENSITIVE_API_TESTS.filter(
  (file) => !fs.existsSync(path.join(import.meta.dirname, 'apps/api', file)),
);
if (missing.length > 0)
  throw new Error(`ENGINE_SENSITIVE_API_TESTS names files that do not exist: ${missing.join(', ')}`);

const apiProject = (engine: 'pglite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: {
    name: `api:${engine}`,
    root: './apps/api',
    globalSetup: [`./test/global-setup.${engine}.ts`],
    include:
      engine === 'pglite' && process.env.TEST_DATABASE_URL
        ? ENGINE_SENSITIVE_API_TESTS
        : ['src/**/*.test.ts'],
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
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
