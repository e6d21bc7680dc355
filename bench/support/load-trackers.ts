/**
 * Loads the chart and vitals benches' data ONCE into a database you keep, so that 10M readings (about
 * ten minutes of loading on a shared machine) are not reloaded for every run: copy it per run with
 * `createdb -T <kept> <copy>` and point the bench at the copy with `BENCH_PRELOADED=1` (see README).
 *
 *   BENCH_DATABASE_URL=postgres://…/kept BENCH_READINGS=10000000 BENCH_PETS=100 npx tsx support/load-trackers.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { rebuildRollups } from '../../apps/api/src/modules/records/trackers/trackers.writes.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { countReadings, createPets, loadReadings } from './tracker-data.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to an empty database to keep');
const readings = Number(process.env.BENCH_READINGS ?? 10_000_000);
const pets = Number(process.env.BENCH_PETS ?? 100);

const database = await openPostgres(url);
try {
  await migrateDatabase(database);
  const db = database.db;
  if ((await countReadings(db)) > 0) throw new Error('the database already holds readings');
  const started = performance.now();
  const petIds = await createPets(db, pets);
  await loadReadings(db, petIds, Math.floor(readings / pets), new Date());
  await rebuildRollups(db);
  // What autovacuum does in a running database: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze`);
  console.log(
    `${(await countReadings(db)).toLocaleString('en')} readings for ${pets} pets in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  await database.close();
}
