/**
 * What the chart and vitals benches share before they time anything: an empty database of one engine,
 * a year of readings for `pets` pets (tracker-data.ts), rebuilt rollups, and the real app listening on
 * loopback with a head vet signed in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { writeSecondFactorRequirement } from '../../apps/api/src/modules/core/auth/index.ts';
import { insertVet } from '../../apps/api/src/modules/core/vets/vets.repository.ts';
import { rebuildRollups } from '../../apps/api/src/modules/records/trackers/trackers.writes.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { serveApp } from './app-process.ts';
import { countReadings, createPets, loadReadings, rows } from './tracker-data.ts';

const PASSWORD = 'bench-password-123';

export interface EngineSetup {
  label: string;
  readings: number;
  pets: number;
  open: () => Promise<Database>;
  /** PostgreSQL's URL: the app then listens in a child process (app-process.ts). */
  url?: string;
}

export interface TrackerServer {
  petIds: string[];
  /** The listening app's address (`http://127.0.0.1:port`). */
  base: string;
  /** The head vet's access cookie (`vb_access=…`). */
  cookie: string;
  /** Stops the app and closes the database. */
  close: () => Promise<void>;
  /** The app's database, for statements timed in process beside the HTTP requests. */
  db: Database['db'];
  /** The app's own process (PostgreSQL), for its CPU time. */
  pid?: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Loads the readings (ending at `end`), rebuilds the rollups, prints the sizes, then serves and signs in. */
export async function serveLoadedTrackers(
  setup: EngineSetup,
  vet: { id: string; email: string },
  end: Date,
): Promise<TrackerServer> {
  const database = await setup.open();
  await migrateDatabase(database);
  // A bench logs its head vet in with the password alone, as the demo seed has it (issue #47).
  await writeSecondFactorRequirement(database.db, 'none', new Date());
  const db = database.db;
  let petIds: string[];
  if (process.env.BENCH_PRELOADED === '1') {
    // A copy of a database loaded once by support/load-trackers.ts: its readings end when it was loaded.
    petIds = rows<{ id: string }>(
      await db.execute(sql`select id from pets where name like 'Bench %' order by id`),
    ).map((r) => r.id);
    const last = rows<{ t: Date }>(
      await db.execute(sql`select max(measured_at) as t from tracker_readings`),
    )[0];
    end.setTime(new Date(last?.t ?? end).getTime());
    // A template copy starts with cold caches and, after a migration, maybe without statistics.
    await db.execute(sql`vacuum analyze`);
  } else {
    if ((await countReadings(db)) > 0) throw new Error('the bench needs an empty database');
    const started = performance.now();
    petIds = await createPets(db, setup.pets);
    await loadReadings(db, petIds, Math.floor(setup.readings / setup.pets), end);
    const loadSeconds = (performance.now() - started) / 1000;
    const rebuilt = performance.now();
    await rebuildRollups(db);
    // What autovacuum does in a running database: statistics, and the visibility map that lets the
    // chart statements read the rollups' covering index alone (index-only scans).
    await db.execute(sql`vacuum analyze`);
    console.log(
      `\n${setup.label}: loaded in ${loadSeconds.toFixed(1)} s; rollups rebuilt and vacuumed in ${((performance.now() - rebuilt) / 1000).toFixed(1)} s`,
    );
  }
  const total = await countReadings(db);
  const [half, daily] = [
    rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from tracker_rollups_30m`))[0]?.n,
    rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from tracker_rollups_daily`))[0]?.n,
  ];
  console.log(
    `${setup.label}: ${total.toLocaleString('en')} readings for ${petIds.length} pets; ` +
      `rollups: ${half?.toLocaleString('en')} half hours, ${daily?.toLocaleString('en')} days`,
  );

  const config = parseConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'low', WEB_DIST_DIR: '/none' });
  await insertVet(db, {
    ...vet,
    firstName: 'Bench',
    lastName: 'Vet',
    kind: 'head',
    passwordHash: await hashPassword(PASSWORD, 'low'),
  });
  // On PostgreSQL the app runs in a process of its own, as the baseline's does (app-process.ts).
  const { base, close, pid } = await serveApp(database, config, setup.url);
  try {
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: vet.email, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie =
      (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';
    return { petIds, base, cookie, close, db, pid };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs `bench` on PGlite (in a throwaway data directory; `BENCH_ENGINES=postgres` skips it, its 1M
 * readings take minutes to load) and then on `BENCH_DATABASE_URL`'s PostgreSQL when set.
 */
export async function forEachEngine(
  name: string,
  bench: (setup: EngineSetup, databaseUrl?: string) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vetboard-bench-${name}-`));
  try {
    if ((process.env.BENCH_ENGINES ?? 'pglite,postgres').includes('pglite')) {
      await bench({
        label: 'PGlite',
        readings: Number(process.env.BENCH_PGLITE_READINGS ?? 1_000_000),
        pets: Number(process.env.BENCH_PGLITE_PETS ?? 10),
        open: () => openPglite({ dataDir: dir }),
      });
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (url) {
      await bench(
        {
          label: 'PostgreSQL',
          readings: Number(process.env.BENCH_POSTGRES_READINGS ?? 10_000_000),
          pets: Number(process.env.BENCH_POSTGRES_PETS ?? 100),
          open: () => openPostgres(url),
          url,
        },
        url,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
