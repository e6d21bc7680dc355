/**
 * What the home page costs with a busy queue: GET /v1/home (every count of the vet's to-do list, their
 * claimed cards and reminders, the most severe cards) on PostgreSQL with BENCH_OPEN_CARDS (10,000) open
 * pending cards, for the head vet (every pet) and for a B2B vet (their company's pets only), each
 * beside a bare Fastify route that sends, with `pg`, the very statements one steady-state app request
 * sends (recorded at the `pg` client). Targets run in alternating rounds on one process, so the ratios
 * come from one run.
 *
 *   npm run bench:home
 *   BENCH_OPEN_CARDS=20000 BENCH_ROUNDS=3 npm run bench:home
 *
 * The demo seed without collar readings (the home page reads none), topped up with set-based SQL to
 * the number of open cards: one per pet and concern (one open card per pet and concern is the rule),
 * severities mixed, a tenth claimed, opened over the last three days. A throwaway database named
 * bench_home_<pid> on BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPostgres } from '../../apps/api/src/db/client.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';
import {
  describe,
  type Load,
  type Recorded,
  recordStatements,
  rounds,
  row,
  startBare,
  type Target,
} from '../support/load.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OPEN_CARDS = Number(process.env.BENCH_OPEN_CARDS ?? 10_000);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password-123';
const HOME_PATH = '/v1/home';
const VETS = { head: 'head.vet@example.com', b2b: 'b2b.vet@example.com' } as const;

const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  DEMO_PASSWORD: PASSWORD,
  WEB_DIST_DIR: '/none',
  // The job workers poll on their own; their statements would be recorded as the page's.
  WORKERS: 'false',
});

/** Open cards up to `total`: for each pet, the concerns it has no open card of, until there are enough. */
async function topUpOpenCards(db: Database['db'], total: number): Promise<number> {
  await db.execute(sql`
    with open_now as (select count(*)::int as n from pending_cards where status = 'open'),
    candidates as (
      select p.id as pet_id, c.concern, row_number() over (order by p.id, c.concern) as i
      from pets p
      cross join unnest(enum_range(null::pending_card_concern)) as c(concern)
      where not exists (
        select 1 from pending_cards o where o.pet_id = p.id and o.concern = c.concern and o.status = 'open')
    )
    insert into pending_cards (id, pet_id, concern, severity, status, opened_at, last_trigger_at,
      trigger_count, open_trigger_count, claimed_by_vet_id, claimed_at)
    select gen_random_uuid(), pet_id, concern, 1 + (i % 3)::smallint, 'open',
      now() - (i % 4320) * interval '1 minute', now() - (i % 600) * interval '1 minute', 1, 1,
      case when i % 10 = 0 then (select id from vets where email = ${VETS.head}) end,
      case when i % 10 = 0 then now() end
    from candidates, open_now
    where i <= ${total} - open_now.n`);
  await db.execute(sql`analyze`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pending_cards where status = 'open'`),
  );
  return row?.n ?? 0;
}

async function logIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`log in as ${email}: ${response.status}`);
  return (response.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
}

/** BENCH_EXPLAIN=1: each statement's execution time, alone, to see where a slow page spends it. */
async function explain(databaseUrl: string, kind: string, statements: Recorded[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>({
        text: `explain (analyze, format json) ${statement.text}`,
        values: statement.values,
      });
      const [plan] = (rows[0]?.['QUERY PLAN'] ?? [{ 'Execution Time': Number.NaN }]) as [
        { 'Execution Time': number },
      ];
      console.log(
        `${kind} vet: ${plan['Execution Time'].toFixed(1)} ms  ${statement.text.replace(/\s+/g, ' ').slice(0, Number(process.env.BENCH_EXPLAIN_WIDTH ?? 140))}`,
      );
    }
  } finally {
    await client.end();
  }
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const name = `bench_home_${process.pid}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const closers: (() => Promise<unknown>)[] = [];
const results: Record<string, ReturnType<typeof row>> = {};
const ratios: string[] = [];
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;

try {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  // The app closes it when it closes.
  const database = await openPostgres(url.toString());
  await migrateDatabase(database);
  const started = performance.now();
  await seedDemoData({ db: database.db, config, trackers: false });
  const open = await topUpOpenCards(database.db, OPEN_CARDS);
  console.log(`${open} open pending cards, ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const app = await buildApp({ config, database, logger: false });
  closers.push(() => app.close());
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const targets: Target[] = [];
  for (const [kind, email] of Object.entries(VETS)) {
    const cookie = await logIn(base, email);
    const steady = await recordStatements(base, HOME_PATH, cookie, true);
    if (process.env.BENCH_EXPLAIN === '1') await explain(url.toString(), kind, steady.flat());
    const bare = await startBare(url.toString(), steady);
    closers.push(bare.close);
    targets.push(
      { name: `${kind} vet: bare pg (${describe(steady)})`, url: `${bare.base}/bare`, headers: {} },
      { name: `${kind} vet: app`, url: `${base}${HOME_PATH}`, headers: { cookie } },
    );
  }
  console.log(`rounds start (${loadAverage()})`);
  const loads = await rounds(targets, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS });
  console.log(`rounds end (${loadAverage()})`);
  for (const [target, l] of loads) results[target] = row(l);
  for (let i = 0; i < targets.length; i += 2) {
    const [bare, appLoad] = targets.slice(i, i + 2).map((t) => loads.get(t.name)) as [Load, Load];
    ratios.push(
      `${targets[i + 1]?.name}: throughput ÷ bare ${(appLoad.rps / bare.rps).toFixed(2)}, p99 ${appLoad.p99} vs ${bare.p99} ms`,
    );
  }
} finally {
  for (const close of closers.reverse()) await close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(
  `\n${HOME_PATH} with ${OPEN_CARDS} open cards: ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections (medians; shared machine: read the ratios)`,
);
console.table(results);
for (const line of ratios) console.log(line);
