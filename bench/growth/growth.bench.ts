/**
 * What a page costs as the data grows (issue #48): the p50 of each of BENCH_PATHS (users sorted by pet
 * count, the home page, the global search for a common pet name) at every scale of BENCH_SCALES
 * (default "1,100"), through the app on PostgreSQL, all targets in alternating rounds on one process,
 * so the ratio "p50 at scale N ÷ scale 1" of each path comes from one run. BENCH_BASELINE (a checkout
 * of another commit, node_modules hard-linked) serves that checkout's app beside this one on the same
 * databases, before and after in one run.
 *
 *   npm run bench:growth
 *   BENCH_BASELINE=/tmp/growth-base BENCH_ROUNDS=5 npm run bench:growth
 *
 * A scale N > 1 is the scale-1 demo seed (without collar readings) topped up to N× its users
 * (support/top-up.ts). Throwaway databases named bench_growth_<pid>_s<N> on BENCH_PG_ADMIN_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres). BENCH_CONNECTIONS (1) clients, so the p50 is
 * a request's own time, not its wait behind others.
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
import { serveBaseline } from '../support/app-process.ts';
import { rounds, row, type Target } from '../support/load.ts';
import { topUpUsers } from '../support/top-up.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const SCALES = (process.env.BENCH_SCALES ?? '1,100').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASELINE = process.env.BENCH_BASELINE;
const PASSWORD = 'bench-password-123';
const PATHS = (
  process.env.BENCH_PATHS ??
  '/v1/users?page=1&pageSize=50&sort=petsCount&order=desc,/v1/home,/v1/search?q=luna'
).split(',');

const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  DEMO_PASSWORD: PASSWORD,
  WEB_DIST_DIR: '/none',
  WORKERS: 'false',
});

async function fill(database: Database, scale: number): Promise<void> {
  await migrateDatabase(database);
  const started = performance.now();
  await seedDemoData({ db: database.db, config, scale: 1, trackers: false });
  if (scale > 1) await topUpUsers(database.db, scale);
  const [counts] = rowsOf<{ users: number; pets: number }>(
    await database.db.execute(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from pets) as pets`,
    ),
  );
  console.log(
    `scale ${scale}: ${counts?.users} users, ${counts?.pets} pets, ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
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

const uptime = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const created: string[] = [];
const closers: (() => Promise<unknown>)[] = [];
const results: Record<string, ReturnType<typeof row>> = {};
const ratios: string[] = [];

try {
  const targets: Target[] = [];
  const nameOf = (who: string, scale: number, p: string) => `${who} scale ${scale}: ${p}`;
  for (const scale of SCALES) {
    const name = `bench_growth_${process.pid}_s${scale}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    created.push(name);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    await fill(database, scale);
    const app = await buildApp({ config, database, logger: false });
    closers.push(() => app.close());
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const servers = [{ who: 'app', base, cookie: await signIn(base) }];
    if (BASELINE) {
      const baseline = await serveBaseline(BASELINE, url.toString(), { WORKERS: 'false' });
      closers.push(baseline.close);
      servers.push({ who: 'baseline', base: baseline.base, cookie: await signIn(baseline.base) });
    }
    for (const p of PATHS)
      for (const s of servers) {
        const response = await fetch(`${s.base}${p}`, { headers: { cookie: s.cookie } });
        if (!response.ok) throw new Error(`${s.who} ${p}: ${response.status}`);
        await response.arrayBuffer();
        targets.push({ name: nameOf(s.who, scale, p), url: `${s.base}${p}`, headers: { cookie: s.cookie } });
      }
  }
  console.log(`rounds start (${uptime()})`);
  const loads = await rounds(targets, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS });
  console.log(`rounds end (${uptime()})`);
  for (const [name, l] of loads) results[name] = row(l);
  const [first, ...larger] = SCALES;
  for (const who of BASELINE ? ['baseline', 'app'] : ['app'])
    for (const p of PATHS)
      for (const scale of larger) {
        const small = loads.get(nameOf(who, first ?? 1, p));
        const big = loads.get(nameOf(who, scale, p));
        if (small && big)
          ratios.push(
            `${who} ${p}: p50 at scale ${scale} ÷ scale ${first} ${(big.p50 / small.p50).toFixed(2)} (${big.p50} vs ${small.p50} ms)`,
          );
      }
} finally {
  for (const close of closers.reverse()) await close();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(`\n${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connection(s) (medians)`);
console.table(results);
for (const line of ratios) console.log(line);
