/**
 * What a session costs: every /v1 request looks its access token up in the database. This runs
 * GET /v1/auth/vet (session lookup + vet) beside GET /healthz (one `select 1`) on the same server,
 * in alternating rounds, and reports medians and their ratio. Loopback only, bounded in time.
 *
 *   npm run bench                       # PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench   # PostgreSQL too
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'bench-password-123';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchEngine(label: string, database: Database) {
  await migrateDatabase(database);
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'low',
    DEMO_PASSWORD: PASSWORD,
    WEB_DIST_DIR: '/none',
  });
  // Collar readings play no part in a session lookup and would add half a minute per engine.
  await seedDemoData({ db: database.db, config, trackers: false });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'head.vet@example.com', password: PASSWORD }),
    });
    const cookie =
      (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
    const rounds: Array<{ vet: Awaited<ReturnType<typeof load>>; health: Awaited<ReturnType<typeof load>> }> =
      [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        health: await load(`${base}/healthz`, {}),
        vet: await load(`${base}/v1/auth/vet`, { cookie }),
      });
    }
    const summary = (pick: (r: (typeof rounds)[number]) => Awaited<ReturnType<typeof load>>) => ({
      rps: median(rounds.map((r) => pick(r).rps)),
      p50: median(rounds.map((r) => pick(r).p50)),
      p99: median(rounds.map((r) => pick(r).p99)),
    });
    const health = summary((r) => r.health);
    const vet = summary((r) => r.vet);
    console.log(`\n${label}: ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections (medians)`);
    console.table({
      'GET /healthz': { 'req/s': Math.round(health.rps), 'p50 ms': health.p50, 'p99 ms': health.p99 },
      'GET /v1/auth/vet': { 'req/s': Math.round(vet.rps), 'p50 ms': vet.p50, 'p99 ms': vet.p99 },
    });
    console.log(`session lookup throughput ratio (auth/vet ÷ healthz): ${(vet.rps / health.rps).toFixed(2)}`);
  } finally {
    await app.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-bench-'));
try {
  await benchEngine('PGlite', await openPglite({ dataDir: dir }));
  if (process.env.BENCH_DATABASE_URL)
    await benchEngine('PostgreSQL', await openPostgres(process.env.BENCH_DATABASE_URL));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
