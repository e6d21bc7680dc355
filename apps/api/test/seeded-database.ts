import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { databaseUrlFor } from './template.ts';
import { createTestDatabase } from './test-app.ts';

export const SEED_CONFIG = { demoPassword: 'demo-password-123', passwordHashCost: 'low' as const };
/** The seeding time of the shared demo database: its readings, subscriptions and histories end here. */
export const SEEDED_NOW = new Date('2026-11-20T10:30:00Z');
const WAIT_MS = 300_000;

/**
 * A copy of one database seeded with the demo data (no tracker readings, at SEEDED_NOW), made by the
 * first test file of the run that asks and copied by the others: the seed takes 4 s on PGlite and up to
 * 18 s on PostgreSQL beside the browser tests, a copy well under one. Files race to make it through an
 * exclusive lock file; the others wait for its "ready" file.
 */
export async function createSeededTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  const key = template.engine === 'pglite' ? path.dirname(template.dumpPath) : template.templateName;
  const dir = template.engine === 'pglite' ? key : path.join(os.tmpdir(), `${key}-seeded`);
  fs.mkdirSync(dir, { recursive: true });
  const ready = path.join(dir, 'seeded.ready');
  const failed = path.join(dir, 'seeded.failed');
  const dump = path.join(dir, 'seeded.tar');
  const seededName = `${key}_seeded`;

  if (!fs.existsSync(ready) && takeLock(path.join(dir, 'seeded.lock'))) {
    try {
      if (template.engine === 'pglite') {
        const database = await createTestDatabase();
        await seedDemoData({ db: database.db, config: SEED_CONFIG, trackers: false, now: SEEDED_NOW });
        const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'none'): Promise<Blob> } })
          .$client;
        fs.writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
        fs.writeFileSync(ready, '');
        return database;
      }
      await admin(template.adminUrl, `CREATE DATABASE "${seededName}" TEMPLATE "${template.templateName}"`);
      const seeded = await openPostgres(databaseUrlFor(template.adminUrl, seededName));
      try {
        await seedDemoData({ db: seeded.db, config: SEED_CONFIG, trackers: false, now: SEEDED_NOW });
      } finally {
        // A database with a connection open cannot be a template.
        await seeded.close();
      }
      fs.writeFileSync(ready, '');
    } catch (error) {
      // The files waiting for it fail at once instead of at their timeout.
      fs.writeFileSync(failed, String(error));
      throw error;
    }
  }
  await waitFor(ready, failed);
  if (template.engine === 'pglite') return openPglite({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  const name = `${seededName}_${Math.random().toString(16).slice(2, 10)}`;
  await admin(template.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${seededName}"`);
  const database = await openPostgres(databaseUrlFor(template.adminUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(template.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

function takeLock(file: string): boolean {
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function waitFor(file: string, failed: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(file)) {
    if (fs.existsSync(failed))
      throw new Error(`seeding the shared test database failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline)
      throw new Error(`the seeded test database was not ready within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
