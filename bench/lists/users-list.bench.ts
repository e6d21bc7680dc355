/**
 * What a list page costs, at any size of the data: GET /v1/users?page=1&pageSize=50 through the app, beside a bare
 * Fastify route that sends the very same SQL statements (recorded from one app request: session
 * lookup, page and total) with `pg`, in alternating rounds on one server process. Run on PostgreSQL at
 * each scale of BENCH_SCALES (the demo seed's `--scale`, default "1,100"), so the ratio and the
 * growth with the table size come from one run; then, with BENCH_PGLITE=1 (default), the same app on
 * PGlite at scale 1, beside PostgreSQL, plus a fixed-rate run at BENCH_RATE (50) req/s.
 *
 *   npm run bench:lists
 *   BENCH_SCALES=1,20 BENCH_ROUNDS=3 npm run bench:lists
 *
 * The demo seed at scale 100 takes over 20 minutes on a shared 2-core machine, so a scale N > 1 is the
 * scale-1 demo seed topped up with set-based SQL to N times its users (a family with one pet each),
 * unless BENCH_REAL_SEED=1. Each scale gets a throwaway database on BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SCALES = (process.env.BENCH_SCALES ?? '1,100').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PGLITE = process.env.BENCH_PGLITE !== '0';
const PASSWORD = 'bench-password-123';
const LIST_PATH = process.env.BENCH_LIST_PATH ?? '/v1/users?page=1&pageSize=50';

type Load = { rps: number; p50: number; p99: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function load(url: string, headers: Record<string, string>, rate?: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function summary(loads: Load[]): Load {
  return {
    rps: Math.round(median(loads.map((l) => l.rps))),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
  };
}

const row = (l: Load) => ({ 'req/s': l.rps, 'p50 ms': l.p50, 'p99 ms': l.p99 });

const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  DEMO_PASSWORD: PASSWORD,
  WEB_DIST_DIR: '/none',
});

/** (N − 1) × the seeded users more, each with a family and a pet, spread over the same years. */
async function topUpUsers(db: Database['db'], scale: number): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  const extra = (row?.n ?? 0) * (scale - 1);
  const id = (kind: number) =>
    sql.raw(`(lpad(to_hex(${kind}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid`);
  await db.execute(sql`
    insert into families (id, family_kind) select ${id(1)}, 'paid' from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, created_at)
    select ${id(2)}, 'topup' || i || '@example.test',
      (array['Olivia','Noah','Amelia','Leo','Isla','Oscar','Ava','Arthur','Mia','Harry'])[1 + i % 10],
      (array['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Walker','Wright','Hughes'])[1 + (i / 10) % 10],
      1 + (i % 2)::smallint, ${id(1)}, now() - (i % 1500) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id)
    select ${id(3)}, 'Pet ' || i, 'dog', ${id(1)} from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`analyze`);
}

async function startApp(database: Database, scale: number) {
  await database.migrate();
  const started = performance.now();
  const realSeed = process.env.BENCH_REAL_SEED === '1';
  await seedDemoData({ db: database.db, config, scale: realSeed ? scale : 1, trackers: false });
  if (!realSeed && scale > 1) await topUpUsers(database.db, scale);
  const [users] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`));
  console.log(
    `scale ${scale}: ${users?.n} users, ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'head.vet@example.com', password: PASSWORD }),
  });
  const cookie =
    (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
  return { app, base, cookie };
}

type Recorded = { text: string; values?: unknown[]; rowMode?: string };

/** The statements one app request sends, captured at the `pg` client. */
async function recordStatements(base: string, cookie: string): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') recorded.push({ text: first, values: second as unknown[] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const { text, values, rowMode } = first as Recorded;
      const params = Array.isArray(second) ? second : values;
      recorded.push({ text, values: params, ...(rowMode ? { rowMode } : {}) });
    }
    return original.apply(this, args);
  };
  try {
    const response = await fetch(`${base}${LIST_PATH}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${LIST_PATH}: ${response.status}`);
    await response.arrayBuffer();
  } finally {
    proto.query = original;
  }
  return recorded;
}

/** A bare route sending the recorded statements: the session lookup first, then the rest at once. */
async function startBare(url: string, statements: Recorded[]) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  const [first, ...rest] = statements;
  bare.get('/bare', async () => {
    const session = first ? await pool.query(first) : undefined;
    const results = await Promise.all(rest.map((s) => pool.query(s)));
    return { session: session?.rows[0] ?? null, results: results.map((r) => r.rows) };
  });
  const base = await bare.listen({ host: '127.0.0.1', port: 0 });
  const probe = await fetch(`${base}/bare`);
  if (!probe.ok) throw new Error(`bare route: ${probe.status} ${await probe.text()}`);
  const close = async () => {
    await bare.close();
    await pool.end();
  };
  return { base, close };
}

async function withDatabase<T>(name: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const results: Record<string, ReturnType<typeof row>> = {};
const ratios: string[] = [];
const p50ByScale = new Map<number, number>();

for (const scale of SCALES) {
  await withDatabase(`bench_lists_${process.pid}_s${scale}`, async (url) => {
    const database = await openPostgres(url);
    const { app, base, cookie } = await startApp(database, scale);
    const statements = await recordStatements(base, cookie);
    for (const s of statements) console.log(`  ${s.text.slice(0, 400)}`);
    const bare = await startBare(url, statements);
    try {
      const appLoads: Load[] = [];
      const bareLoads: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        bareLoads.push(await load(`${bare.base}/bare`, {}));
        appLoads.push(await load(`${base}${LIST_PATH}`, { cookie }));
      }
      const a = summary(appLoads);
      const b = summary(bareLoads);
      results[`PostgreSQL scale ${scale}: app`] = row(a);
      results[`PostgreSQL scale ${scale}: bare pg (${statements.length} statements)`] = row(b);
      ratios.push(`scale ${scale}: app ÷ bare throughput ${(a.rps / b.rps).toFixed(2)}`);
      p50ByScale.set(scale, a.p50);
      if (scale === SCALES[0] && PGLITE) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-bench-lists-'));
        const lite = await openPglite({ dataDir: dir });
        const liteApp = await startApp(lite, scale);
        try {
          const liteLoads: Load[] = [];
          const pgLoads: Load[] = [];
          const liteRate: Load[] = [];
          const pgRate: Load[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            pgLoads.push(await load(`${base}${LIST_PATH}`, { cookie }));
            liteLoads.push(await load(`${liteApp.base}${LIST_PATH}`, { cookie: liteApp.cookie }));
            pgRate.push(await load(`${base}${LIST_PATH}`, { cookie }, RATE));
            liteRate.push(await load(`${liteApp.base}${LIST_PATH}`, { cookie: liteApp.cookie }, RATE));
          }
          const l = summary(liteLoads);
          const p = summary(pgLoads);
          results[`PostgreSQL scale ${scale}: app (beside PGlite)`] = row(p);
          results[`PGlite scale ${scale}: app`] = row(l);
          results[`PostgreSQL scale ${scale}: app at ${RATE} req/s`] = row(summary(pgRate));
          results[`PGlite scale ${scale}: app at ${RATE} req/s`] = row(summary(liteRate));
          ratios.push(`scale ${scale}: PGlite ÷ PostgreSQL throughput ${(l.rps / p.rps).toFixed(2)}`);
        } finally {
          await liteApp.app.close();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    } finally {
      await bare.close();
      await app.close();
    }
  });
}

console.log(
  `\n${LIST_PATH}: ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections (medians; shared machine: read the ratios)`,
);
console.table(results);
for (const line of ratios) console.log(line);
const [smallest, ...larger] = SCALES;
for (const scale of larger) {
  const base = p50ByScale.get(smallest ?? 1);
  const p50 = p50ByScale.get(scale);
  if (base && p50) console.log(`p50 at scale ${scale} ÷ scale ${smallest}: ${(p50 / base).toFixed(2)}`);
}
