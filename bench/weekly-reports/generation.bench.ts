/**
 * Weekly report generation: one ISO week's reports for BENCH_PETS monitored pets (default 10,000 on
 * PostgreSQL, 1,000 on PGlite) through `generateWeeklyReports`, the Monday job's own code, against the
 * plain aggregate query that reads the same daily rollups (the floor: what the trackers' part of a
 * report costs in one statement). Then whether generating slows the API: the p99 of
 * `GET /v1/weekly-reports` under load while another week is generated, against the same load idle.
 *
 *   npm run bench:weekly-reports                                    # PGlite, in a temporary directory
 *   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench:weekly-reports   # PostgreSQL (empty, disposable)
 *
 * Pets get two weeks of daily rollups (four kinds), a weighing and a target weight directly in SQL:
 * generation reads rollups, never raw readings, so none are loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isoWeekRange, shiftIsoWeek } from '@vetboard/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { writeSecondFactorRequirement } from '../../apps/api/src/modules/core/auth/index.ts';
import { insertVet } from '../../apps/api/src/modules/core/vets/vets.repository.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { generateWeeklyReports } from '../../apps/api/src/modules/views/weekly-reports/weekly-reports.service.ts';
import { systemActor } from '../../apps/api/src/policy/actor.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const PETS = Number(process.env.BENCH_PETS ?? (POSTGRES_URL ? 10_000 : 1_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench-password-123';
const WEEK = '2026-W46';
const NEXT_WEEK = '2026-W47';
const KINDS = ['respiratory_rate', 'heart_rate', 'shaking', 'drinking'];
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

function benchUuid(prefix: number, n: ReturnType<typeof sql>) {
  return sql`(lpad(to_hex(${prefix}::int), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
}

/** Pets with owners, a target weight, a weighing a week and daily rollups over weeks W-1 to W+1. */
async function createPets(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into families (id, family_kind) select ${benchUuid(1, sql`i`)}, 'paid' from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, timezone)
    select ${benchUuid(2, sql`i`)}, 'bench.owner' || i || '@example.test', 'Bench', 'Owner', 1, ${benchUuid(1, sql`i`)},
           'Europe/London'
    from generate_series(1, ${count}::int) i`);
  await db.execute(sql`update families f set owner_user_id = u.id from users u where u.family_id = f.id`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id)
    select ${benchUuid(3, sql`i`)}, 'Bench ' || i, 'dog', ${benchUuid(1, sql`i`)} from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    insert into pet_health_profiles (pet_id, target_weight_kg)
    select ${benchUuid(3, sql`i`)}, 12 from generate_series(1, ${count}::int) i`);
  const from = isoWeekRange(shiftIsoWeek(WEEK, -1)).start;
  await db.execute(sql`
    insert into tracker_rollups_daily (pet_id, kind, local_date, count, sum, min, max)
    select ${benchUuid(3, sql`i`)}, k::reading_kind, ${from}::date + d, 48,
           48 * (20 + (i + d) % 7), 15 + (i + d) % 5, 25 + (i + d) % 9
    from generate_series(1, ${count}::int) i, unnest(${sql.param(KINDS)}::text[]) k, generate_series(0, 20) d`);
  await db.execute(sql`
    insert into weight_entries (id, pet_id, value_kg, measured_at, location, author)
    select ${benchUuid(4, sql`(i * 10 + w)`)}, ${benchUuid(3, sql`i`)}, 13 - w * 0.1,
           ${from}::timestamptz + make_interval(days => 3 + w * 7), 'home', 'user'
    from generate_series(1, ${count}::int) i, generate_series(0, 2) w`);
  await db.execute(sql`analyze`);
}

/** The trackers' figures of a week and the week before for every pet, in one statement. */
async function plainAggregate(db: Db): Promise<number> {
  const previous = isoWeekRange(shiftIsoWeek(WEEK, -1)).start;
  const { end } = isoWeekRange(WEEK);
  const result = await db.execute(sql`
    select pet_id, kind, local_date >= ${isoWeekRange(WEEK).start}::date as this_week,
           sum(sum) / sum(count) as average, min(min) as min, max(max) as max, count(*) as days
    from tracker_rollups_daily
    where local_date between ${previous}::date and ${end}::date
    group by 1, 2, 3`);
  return rows(result).length;
}

async function load(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie },
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
  };
}

async function main() {
  const dataDir = POSTGRES_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-weekly-bench-'));
  const database: Database = POSTGRES_URL ? await openPostgres(POSTGRES_URL) : await openPglite({ dataDir });
  const db = database.db;
  await migrateDatabase(database);
  // A bench logs its head vet in with the password alone, as the demo seed has it (issue #47).
  await writeSecondFactorRequirement(database.db, 'none', new Date());
  console.log(`${database.engine}: ${PETS} pets…`);
  await createPets(db, PETS);

  const aggregateStart = performance.now();
  const aggregateRows = await plainAggregate(db);
  const aggregateMs = performance.now() - aggregateStart;

  const actor = systemActor('bench');
  const started = performance.now();
  const result = await generateWeeklyReports({ db, now: () => new Date() }, actor, WEEK);
  const generationMs = performance.now() - started;
  console.table({
    'generate (all reports)': { ms: Math.round(generationMs), rows: result.generated },
    'plain aggregate (trackers only)': { ms: Math.round(aggregateMs), rows: aggregateRows },
  });
  console.log(`ratio generation / aggregate: ${(generationMs / aggregateMs).toFixed(1)}×`);

  const config = parseConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'low', WEB_DIST_DIR: '/none' });
  await insertVet(db, {
    id: '00000000-0000-4000-8000-00000000be01',
    email: 'bench.vet@example.test',
    firstName: 'Bench',
    lastName: 'Vet',
    kind: 'head',
    passwordHash: await hashPassword(PASSWORD, 'low'),
  });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.vet@example.test', password: PASSWORD }),
  });
  const cookie =
    (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
  const url = `${base}/v1/weekly-reports?page=1&pageSize=25`;
  const idle = await load(url, cookie);
  // Generation of the next week runs beside the load, as the Monday job runs beside the vets' requests.
  const busyStart = performance.now();
  const [busy] = await Promise.all([
    load(url, cookie),
    generateWeeklyReports({ db, now: () => new Date() }, actor, NEXT_WEEK).then(() => {
      console.log(`second week generated in ${Math.round(performance.now() - busyStart)} ms during the load`);
    }),
  ]);
  console.table({ idle, 'while generating': busy });
  console.log(
    `p99 while generating / idle: ${(busy['p99 ms'] / Math.max(1, idle['p99 ms'])).toFixed(2)}× (target ≤ 2×)`,
  );
  await app.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
