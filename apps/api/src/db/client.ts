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
import type { Db } from './types.ts';

// The types live apart so that every repository can name them without opening a driver.
export type { Db, DbOrTx, Tx } from './types.ts';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly engine: Engine;
  /**
   * The schema's migrations only: reference data belongs to the modules, so callers migrate through
   * `migrateDatabase` (modules/registry.ts), which also brings every manifest's reference data up to date.
   */
  migrateSchema(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrateSchema: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

type PoolCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose checked-out clients survive the server ending their connection (a restart, a failover).
 * pg-pool takes its own 'error' listener off a client while it is checked out, so a connection ended
 * while a transaction held it (between two statements, or under one) emitted an unhandled 'error' and
 * killed the process on a restart under load (issue #47). Here that 'error' gives the broken client back
 * to the pool at once, which discards it: its holder's next statement fails with the connection error
 * (a 503, `isDatabaseUnavailable`) and its own release does nothing. Giving it back there matters as
 * much as the listener: drizzle sends `begin` before the `try` whose `finally` releases, so a `begin`
 * that met the restart kept its client checked out for ever, and enough of them would have left the
 * pool empty (and `close()` waiting).
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: PoolCallback): void;
  override connect(callback?: PoolCallback): Promise<pg.PoolClient> | undefined {
    // pool.query checks out through the callback and watches the client's errors itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (error: Error) => client.release(error);
      client.on('error', onError);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(error);
      };
      return client;
    });
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  // JIT off: the app's statements are short and indexed, but a set-returning function (generate_series,
  // estimated at 1,000 rows whatever its bounds) lifts a chart's estimated cost over `jit_above_cost`,
  // and compiling then took 20 to 140 ms of a 90-day vitals statement that runs in under 10 (issue #13).
  const pool = new ReleasingPool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  });
  // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) emits 'error' on
  // the pool; without a listener Node would crash the whole process. The pool drops that client and the
  // next query opens a new connection, so there is nothing else to do here.
  pool.on('error', () => {});
  // A client's own 'error' (a connection ended under a checked-out client) is handled where the pool
  // hands clients out: see ReleasingPool.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const drizzleDb = drizzlePg({ client: pool });
  const db = drizzleDb as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrateSchema: async () => {
      await migratePg(drizzleDb, { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
