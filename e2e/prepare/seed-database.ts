/**
 * `tsx e2e/prepare/seed-database.ts <dir | postgres://…>`: what the server would do to an empty data
 * directory or database (migrate, seed the demo data, readings ending now), plus the spec families of
 * e2e/support/fixtures.ts. Run by prepared-database.ts in a child process, once per cache key.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { sqlExecutorFor } from '../../apps/api/src/db/sql-executor.ts';
import { hashToken } from '../../apps/api/src/lib/tokens.ts';
import { JOBS_SCHEMA } from '../../apps/api/src/modules/platform/jobs/jobs.service.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { withIndexesBuiltAfter } from '../../apps/api/src/seed/bulk-insert.ts';
import { READING_TABLES, seedDemoData } from '../../apps/api/src/seed/seed.ts';
import { DEMO_PASSWORD, FAILED_JOB, HEAD_VET, OWNER_APP_TOKEN } from '../support/demo.ts';
import { cloneRequests, SPEC_VETS, type SpecVetKey, specVet } from '../support/fixtures.ts';
import { cloneDeferredTables, cloneFamily, type Query } from './clone-family.ts';

/**
 * One connection of the pool for the whole preparation: cloning keeps its id map in a temporary table,
 * which only the session that made it sees.
 */
let releaseSession = () => {};
async function onePostgresSession(db: { $client: pg.Pool }): Promise<Query> {
  const session = await db.$client.connect();
  releaseSession = () => session.release();
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = await session.query(text, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

/**
 * The fleet's readings of the last ten weeks, the showcase pets' (and so their copies') year: the
 * specs chart those pets, and read the fleet only through what its recent weeks raise — the 28 days
 * the pending cards are replayed over, the eight weeks of weekly reports, the coverage of the last days
 * — which stays as in the full seed.
 */
const FLEET_READING_DAYS = 70;

const target = process.argv[2];
if (!target) throw new Error('usage: seed-database.ts <data dir | postgres url>');
const onPostgres = /^postgres(ql)?:\/\//.test(target);

const started = performance.now();
// The server keeps PGlite's files in DATA_DIR/pglite (apps/api/src/db/open.ts).
const pgliteDir = onPostgres ? '' : path.join(target, 'pglite');
const database = onPostgres ? await openPostgres(target) : await openPglite({ dataDir: pgliteDir });
let currentWal = '';
try {
  await migrateDatabase(database);
  const result = await seedDemoData({
    db: database.db,
    config: { demoPassword: DEMO_PASSWORD, passwordHashCost: 'low' },
    fleetReadingDays: FLEET_READING_DAYS,
  });
  if (!result.seeded) throw new Error(`${onPostgres ? 'The database' : target} already holds data`);
  const client = onPostgres
    ? await onePostgresSession(database.db as unknown as { $client: pg.Pool })
    : (database.db as unknown as { $client: Query }).$client;
  // The copies add about 60 % to the seed's readings and rollups. Family by family, each copy scanned
  // those tables and inserted into their indexes: half the preparation (40 of 86 s on PostgreSQL). They
  // are copied for all families in one scan per table, with the indexes built after.
  await withIndexesBuiltAfter(database.db, READING_TABLES, async () => {
    const requests = cloneRequests();
    for (const request of requests) await cloneFamily(client, request, new Set(READING_TABLES));
    await cloneDeferredTables(client, READING_TABLES);
  });
  for (const key of Object.keys(SPEC_VETS) as SpecVetKey[]) {
    const vet = specVet(key);
    // The head vet's hash is the demo password's: the spec vet logs in like every demo vet.
    await client.query(
      `insert into vets (id, email, password_hash, first_name, last_name, kind)
        select $1, $2, password_hash, $3, $4, $5::vet_kind from vets where email = $6`,
      [vet.uuid, vet.email, vet.firstName, vet.lastName, vet.kind, HEAD_VET.email],
    );
  }
  // The owner app, so specs can post an owner's checkup answers as it would.
  await client.query(
    `insert into integrations (id, name, token_hash) values ('0190b3c2-4e5a-7a01-8c11-0000000000e2', $1, $2)`,
    ['Owner app (browser tests)', hashToken(OWNER_APP_TOKEN)],
  );
  // A job that failed for good, for /jobs to show and retry: through pg-boss's own calls, in a queue
  // no worker takes, so it stays where the spec puts it.
  const boss = new PgBoss({ db: sqlExecutorFor(database.db), schema: JOBS_SCHEMA, migrate: false });
  await boss.createQueue(FAILED_JOB.queue, { name: FAILED_JOB.queue, retryLimit: 0 });
  const jobId = await boss.send(FAILED_JOB.queue, { week: 47 });
  if (!jobId) throw new Error(`no job queued on ${FAILED_JOB.queue}`);
  await boss.fail(FAILED_JOB.queue, jobId, new Error(FAILED_JOB.error));
  // The copies are a bulk load too: the planner's statistics of the tables they grew.
  await client.query('analyze');
  if (!onPostgres) {
    await client.query('checkpoint');
    const { rows } = await client.query<{ name: string }>(
      'select pg_walfile_name(pg_current_wal_lsn()) as name',
    );
    currentWal = rows[0]?.name ?? '';
  }
} finally {
  releaseSession();
  await database.close();
}
// The seed leaves ~700 MB of recycled WAL segments named after the current one, for writes to come;
// every run would copy them. After the clean shutdown only the current segment (and the next, should
// the shutdown checkpoint have crossed into it) is needed; the server makes new ones as it goes.
if (currentWal) {
  const walDir = path.join(pgliteDir, 'pg_wal');
  // Names are timeline, log and segment (8 hex digits each); a log holds 0x100 segments of 16 MB.
  const hex8 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const log = Number.parseInt(currentWal.slice(8, 16), 16);
  const segment = Number.parseInt(currentWal.slice(16), 16);
  const next =
    currentWal.slice(0, 8) + (segment === 0xff ? hex8(log + 1) + hex8(0) : hex8(log) + hex8(segment + 1));
  for (const file of fs.readdirSync(walDir)) {
    if (/^[0-9A-F]{24}$/.test(file) && file > next) fs.rmSync(path.join(walDir, file));
  }
}
console.log(
  `Prepared the browser tests' database in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
