/**
 * What a list page costs, at any size of the data: GET /v1/users?page=1&pageSize=50 through the app, beside
 * a bare Fastify route that sends, with `pg`, the very statements one steady-state app request sends
 * (recorded at the `pg` client after a warm-up request, so the session lookup is cached as in the app;
 * statements the app sent at once are sent at once), and beside a second bare route with the list's SQL
 * and indexes as they were before the list indexes (sort of the whole join, full count; the baseline
 * of "the bare route itself"). All targets of all scales of BENCH_SCALES (default "1,100") run in
 * alternating rounds on one server process, so every ratio, including the growth with the table size,
 * comes from one run. Then, with BENCH_PGLITE=1 (default), the same app on PGlite at the first scale
 * beside PostgreSQL, flat out and at a fixed BENCH_RATE (50) req/s. BENCH_BASELINE (a checkout of another
 * commit, node_modules hard-linked) adds that checkout's own app to every comparison, before and after in
 * one run.
 *
 *   npm run bench:lists
 *   BENCH_SCALES=1,20 BENCH_ROUNDS=3 npm run bench:lists
 *   BENCH_BASELINE=/tmp/base npm run bench:lists
 *
 * The demo seed at scale 100 takes over 20 minutes on a shared 2-core machine, so a scale N > 1 is the
 * scale-1 demo seed topped up with set-based SQL to N times its users (a family with one pet each),
 * unless BENCH_REAL_SEED=1. Each scale gets throwaway databases named BENCH_DB_PREFIX (bench_lists)
 * on BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';
import { serveBaseline } from '../support/app-process.ts';
import {
  describe,
  type Load,
  rounds as loadRounds,
  type Recorded,
  recordStatements,
  row,
  startBare,
  type Target,
} from '../support/load.ts';
import { topUpUsers } from '../support/top-up.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SCALES = (process.env.BENCH_SCALES ?? '1,100').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PGLITE = process.env.BENCH_PGLITE !== '0';
const PASSWORD = 'bench-password-123';
const LIST_PATH = process.env.BENCH_LIST_PATH ?? '/v1/users?page=1&pageSize=50';
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'bench_lists';
const BASELINE = process.env.BENCH_BASELINE;

const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  DEMO_PASSWORD: PASSWORD,
  WEB_DIST_DIR: '/none',
  // The job workers poll on their own; their statements would be recorded as the list's.
  WORKERS: 'false',
});

/** Migrated and seeded at `scale` (see the header), then analysed. */
async function fill(database: Database, scale: number): Promise<void> {
  await migrateDatabase(database);
  const started = performance.now();
  const realSeed = process.env.BENCH_REAL_SEED === '1';
  await seedDemoData({ db: database.db, config, scale: realSeed ? scale : 1, trackers: false });
  if (!realSeed && scale > 1) await topUpUsers(database.db, scale);
  await database.db.execute(sql`analyze`);
  const [users] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`));
  console.log(
    `scale ${scale}: ${users?.n} users, ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'head.vet@example.com', password: PASSWORD }),
  });
  return (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
}

async function startApp(database: Database) {
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base, cookie: await signIn(base) };
}

/** BENCH_BASELINE's app (see bench/README) on the same database, signed in, as a target. */
async function startBaseline(database: string | { pgliteDir: string }, label: string): Promise<Target> {
  const baseline = await serveBaseline(BASELINE ?? '', database, { WORKERS: 'false' });
  closers.push(baseline.close);
  return {
    name: `${label}: ${baseline.name}`,
    url: `${baseline.base}${LIST_PATH}`,
    headers: { cookie: await signIn(baseline.base) },
  };
}

/**
 * The list as it was before the list indexes (the indexes of migration 0004 reverted) and the SQL
 * before "join after limiting" and the bounded count: users joined to families, sorted whole, and a
 * full count(*), sent at once after the session lookup. The baseline of "the bare route itself".
 */
const BEFORE_INDEXES = `
  drop index users_created_idx, users_name_lower_idx, users_email_lower_idx, users_type_created_idx;
  create index users_email_lower_idx on users (lower(email));
  create index users_type_created_idx on users (user_type, created_at);
  analyze users`;
const BEFORE_PAGE = `select "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."phone",
  "users"."user_type", "users"."b2b_code", "users"."family_id", "users"."city", "users"."country", "users"."timezone",
  "users"."created_at", "families"."family_kind",
  (select count(*)::int from "pets" where "pets"."family_id" = "users"."family_id")
  from "users" left join "families" on "families"."id" = "users"."family_id"
  order by "users"."created_at" desc, "users"."id" desc limit $1 offset $2`;
const BEFORE_COUNT = 'select count(*)::int from "users"';

function beforeStatements(session: Recorded | undefined): Recorded[][] {
  const url = new URL(LIST_PATH, 'http://x');
  const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
  const page = Number(url.searchParams.get('page') ?? 1);
  const list = [
    { text: BEFORE_PAGE, values: [pageSize, (page - 1) * pageSize], rowMode: 'array' },
    { text: BEFORE_COUNT, values: [], rowMode: 'array' },
  ];
  return session ? [[session], list] : [list];
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const created: string[] = [];

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(name: string, template?: string): Promise<string> {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  created.push(name);
  return urlOf(name);
}

/** Alternating rounds over `targets` at this bench's settings. */
const rounds = (targets: Target[], rate?: number): Promise<Map<string, Load>> =>
  loadRounds(targets, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS, ...(rate ? { rate } : {}) });

const results: Record<string, ReturnType<typeof row>> = {};
const ratios: string[] = [];
const closers: (() => Promise<unknown>)[] = [];
const uptime = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;

try {
  const targets: Target[] = [];
  /** Per scale, its targets: the bare route before the list indexes, the bare route, the app, the baseline app. */
  const byScale: { scale: number; before: Target; bare: Target; app: Target; baseline?: Target }[] = [];
  const appByScale = new Map<number, { base: string; cookie: string }>();
  for (const scale of SCALES) {
    const name = `${DB_PREFIX}_${process.pid}_s${scale}`;
    const url = await createDatabase(name);
    const filling = await openPostgres(url);
    await fill(filling, scale);
    await filling.close();
    const beforeUrl = await createDatabase(`${name}_before`, name);
    const before = new pg.Client({ connectionString: beforeUrl });
    await before.connect();
    await before.query(BEFORE_INDEXES);
    await before.end();

    const database = await openPostgres(url);
    const app = await startApp(database);
    closers.push(() => app.app.close());
    appByScale.set(scale, app);
    const first = await recordStatements(app.base, LIST_PATH, app.cookie, false);
    const steady = await recordStatements(app.base, LIST_PATH, app.cookie, true);
    for (const s of steady.flat()) console.log(`  ${s.text.slice(0, 300)}`);
    const bare = await startBare(url, steady);
    closers.push(bare.close);
    const session = first.flat().find((s) => s.text.includes('"sessions"'));
    const bareBefore = await startBare(beforeUrl, beforeStatements(session));
    closers.push(bareBefore.close);
    const label = `PostgreSQL scale ${scale}`;
    const set = {
      scale,
      before: {
        name: `${label}: bare pg, SQL and indexes before`,
        url: `${bareBefore.base}/bare`,
        headers: {},
      },
      bare: { name: `${label}: bare pg (${describe(steady)})`, url: `${bare.base}/bare`, headers: {} },
      app: { name: `${label}: app`, url: `${app.base}${LIST_PATH}`, headers: { cookie: app.cookie } },
      ...(BASELINE ? { baseline: await startBaseline(url, label) } : {}),
    };
    byScale.push(set);
    targets.push(set.before, set.bare, set.app, ...(set.baseline ? [set.baseline] : []));
  }
  console.log(`PostgreSQL rounds start (${uptime()})`);
  const pgLoads = await rounds(targets);
  console.log(`PostgreSQL rounds end (${uptime()})`);
  for (const [name, l] of pgLoads) results[name] = row(l);
  const loadOf = (t: Target | undefined) => (t ? pgLoads.get(t.name) : undefined);
  for (const set of byScale) {
    const [before, bare, app, baseline] = [set.before, set.bare, set.app, set.baseline].map(loadOf);
    if (before && bare && app) {
      ratios.push(
        `scale ${set.scale}: app ÷ bare throughput ${(app.rps / bare.rps).toFixed(2)}, p99 ${app.p99} vs ${bare.p99} ms`,
      );
      ratios.push(`scale ${set.scale}: bare ÷ bare before throughput ${(bare.rps / before.rps).toFixed(2)}`);
    }
    if (bare && app && baseline)
      ratios.push(
        `scale ${set.scale}: baseline app ÷ bare throughput ${(baseline.rps / bare.rps).toFixed(2)}; app ÷ baseline app ${(app.rps / baseline.rps).toFixed(2)}, p99 ${app.p99} vs ${baseline.p99} ms`,
      );
  }
  const smallest = loadOf(byScale[0]?.app);
  for (const set of byScale.slice(1)) {
    const larger = loadOf(set.app);
    if (smallest && larger)
      ratios.push(
        `app p50 at scale ${set.scale} ÷ scale ${SCALES[0]}: ${(larger.p50 / smallest.p50).toFixed(2)} (p99 ${(larger.p99 / smallest.p99).toFixed(2)})`,
      );
  }

  const first = appByScale.get(SCALES[0] ?? 1);
  if (PGLITE && first) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-bench-lists-'));
    closers.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const lite = await openPglite({ dataDir: dir });
    await fill(lite, SCALES[0] ?? 1);
    let liteBaseline: Target | undefined;
    if (BASELINE) {
      // The baseline gets its own copy of the filled data directory: PGlite opens a directory once.
      await lite.close();
      const copy = `${dir}-baseline`;
      fs.cpSync(dir, copy, { recursive: true });
      closers.push(async () => fs.rmSync(copy, { recursive: true, force: true }));
      liteBaseline = { ...(await startBaseline({ pgliteDir: copy }, 'PGlite')), name: 'PGlite baseline' };
    }
    const liteApp = await startApp(BASELINE ? await openPglite({ dataDir: dir }) : lite);
    closers.push(() => liteApp.app.close());
    const pgTarget = {
      name: 'PostgreSQL',
      url: `${first.base}${LIST_PATH}`,
      headers: { cookie: first.cookie },
    };
    const liteTarget = {
      name: 'PGlite',
      url: `${liteApp.base}${LIST_PATH}`,
      headers: { cookie: liteApp.cookie },
    };
    const liteTargets = [pgTarget, liteTarget, ...(liteBaseline ? [liteBaseline] : [])];
    console.log(`PGlite rounds start (${uptime()})`);
    const flat = await rounds(liteTargets);
    const paced = await rounds(liteTargets, RATE);
    console.log(`PGlite rounds end (${uptime()})`);
    const [p, l, pr, lr] = [
      flat.get('PostgreSQL'),
      flat.get('PGlite'),
      paced.get('PostgreSQL'),
      paced.get('PGlite'),
    ];
    if (p && l && pr && lr) {
      results[`PostgreSQL scale ${SCALES[0]}: app (beside PGlite)`] = row(p);
      results[`PGlite scale ${SCALES[0]}: app`] = row(l);
      results[`PostgreSQL scale ${SCALES[0]}: app at ${RATE} req/s`] = row(pr);
      results[`PGlite scale ${SCALES[0]}: app at ${RATE} req/s`] = row(lr);
      ratios.push(
        `scale ${SCALES[0]}: PGlite ÷ PostgreSQL throughput ${(l.rps / p.rps).toFixed(2)}; at ${RATE} req/s p99 ${lr.p99} vs ${pr.p99} ms`,
      );
    }
    const [lb, lbr] = [flat.get('PGlite baseline'), paced.get('PGlite baseline')];
    if (p && l && pr && lr && lb && lbr) {
      results[`PGlite scale ${SCALES[0]}: baseline app`] = row(lb);
      results[`PGlite scale ${SCALES[0]}: baseline app at ${RATE} req/s`] = row(lbr);
      ratios.push(
        `scale ${SCALES[0]}: PGlite baseline ÷ PostgreSQL throughput ${(lb.rps / p.rps).toFixed(2)}; PGlite app ÷ PGlite baseline ${(l.rps / lb.rps).toFixed(2)}; at ${RATE} req/s p99 ${lbr.p99} ms`,
      );
    }
  }
} finally {
  for (const close of closers.reverse()) await close();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(
  `\n${LIST_PATH}: ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections (medians; shared machine: read the ratios)`,
);
console.table(results);
for (const line of ratios) console.log(line);
