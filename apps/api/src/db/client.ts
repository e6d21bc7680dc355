import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncBreeds } from '../modules/core/breeds/breeds.sync.ts';
import { installJobSchema } from '../modules/platform/jobs/jobs.service.ts';
import { syncIngredients } from '../modules/records/diets/ingredients.sync.ts';
import * as schema from './schema.ts';
import type { Db } from './types.ts';

// The types live apart so that code the client runs (the reference-data syncs) can name them.
export type { Db, DbOrTx, Schema, Tx } from './types.ts';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly engine: Engine;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Reference data follows the code: brought up to date after every migration, on both engines. */
async function syncReferenceData(db: Db): Promise<void> {
  await installJobSchema(db);
  await syncBreeds(db);
  await syncIngredients(db);
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await syncReferenceData(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  // JIT off: the app's statements are short and indexed, but a set-returning function (generate_series,
  // estimated at 1,000 rows whatever its bounds) lifts a chart's estimated cost over `jit_above_cost`,
  // and compiling then took 20 to 140 ms of a 90-day vitals statement that runs in under 10 (issue #13).
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000, options: '-c jit=off' });
  // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) emits 'error' on
  // the pool; without a listener Node would crash the whole process. The pool drops that client and the
  // next query opens a new connection, so there is nothing else to do here.
  pool.on('error', () => {});
  const drizzleDb = drizzlePg({ client: pool, schema });
  const db = drizzleDb as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      await migratePg(drizzleDb, { migrationsFolder });
      await syncReferenceData(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
