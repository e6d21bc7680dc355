/**
 * What the ingestion API costs beside a raw bulk load: batches of 5,000 readings POSTed to
 * /v1/trackers/readings on a real listening server (JSON parsing, token check, per-reading
 * validation, pet check, insert + both rollups in one transaction), against the same rows loaded
 * straight into tracker_readings on the same database (no rollups): a multi-row `insert … select from
 * unnest(…)` per 5,000 rows, and COPY of the whole round (PGlite: COPY FROM '/dev/blob'; PostgreSQL:
 * server-side COPY FROM a file, when the server is on this machine and the role may read files).
 * Phases alternate within each round; the table reports medians over rounds.
 *
 *   npm run bench:trackers:ingest
 *   BENCH_DATABASE_URL=postgres://… npm run bench:trackers:ingest   # an empty, disposable database
 *
 * Without BENCH_DATABASE_URL, PostgreSQL runs in a throwaway database created on
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), and is skipped if that
 * server is unreachable. Tune with BENCH_ROUNDS, BENCH_BATCHES (per round), BENCH_CONCURRENCY.
 *
 *   BENCH_BASELINE=/tmp/base BENCH_ENGINES=postgres npm run bench:trackers:ingest   # before and after
 *
 * BENCH_BASELINE names a checkout of another commit (its node_modules installed or hard-linked) whose
 * app is served beside this one, on the same database, and posted the same kind of batches in the same
 * rounds (the order alternating), so that before and after are measured side by side in one run.
 * PostgreSQL only: PGlite's database belongs to one process's one client.
 *
 *   BENCH_CARDS=1 npm run bench:trackers:ingest   # ingestion with pending-card raising vs without
 *
 * BENCH_CARDS=1 measures instead what raising pending cards costs ingestion (the target: with
 * ≥ 0.8× without): the same batches of recent readings (within the respiratory rule's look-back, one
 * pet in twenty breathing in the high bands asleep) go through the app's ingestion service
 * (`ingestReadings`: validation, pet check, insert with both rollups, then the respiratory rule in the
 * same transaction) and through the same steps without the rule, in process (no HTTP on either side),
 * one batch at a time, the two phases alternating within each round (first one, then the other).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReadingKind, readingRanges } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';
import { newId } from '../../apps/api/src/lib/ids.ts';
import { families } from '../../apps/api/src/modules/core/families/families.table.ts';
import { pets } from '../../apps/api/src/modules/core/pets/pets.table.ts';
import { users } from '../../apps/api/src/modules/core/users/users.table.ts';
import { createIntegration } from '../../apps/api/src/modules/platform/integrations/integrations.service.ts';
import {
  ingestReadings,
  validateReadings,
} from '../../apps/api/src/modules/records/trackers/trackers.ingest.service.ts';
import { insertReadings } from '../../apps/api/src/modules/records/trackers/trackers.writes.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { integrationActor, systemActor } from '../../apps/api/src/policy/actor.ts';
import { forkBaseline, serveApp } from '../support/app-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** A checkout whose app is measured beside this one (see the top of this file). */
const BASELINE = process.env.BENCH_BASELINE;
const BATCH_SIZE = 5000;
/** Each batch carries a 50-minute window of one-per-minute readings for 100 pets (one collar fleet shard). */
const PETS_PER_GROUP = 100;
const GROUPS = 4;
const MINUTES_PER_BATCH = BATCH_SIZE / PETS_PER_GROUP;
/** BENCH_CARDS=1: with pending-card raising vs without, side by side (see the top of this file). */
const CARDS = process.env.BENCH_CARDS === '1';
/** In that mode, one pet in this many breathes in the high bands asleep; the others within range. */
const ABNORMAL_EVERY = 20;
const TIMEZONES = ['Europe/London', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'America/St_Johns'];
const KINDS: ReadingKind[] = ['heart_rate', 'respiratory_rate', 'drinking', 'shaking'];

interface Row {
  id: string;
  petId: string;
  kind: ReadingKind;
  value: number;
  seconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function createPets(database: Database): Promise<string[][]> {
  const count = PETS_PER_GROUP * GROUPS;
  const familyIds = Array.from({ length: count }, () => newId());
  const userIds = Array.from({ length: count }, () => newId());
  const petIds = Array.from({ length: count }, () => newId());
  const { db } = database;
  await db.insert(families).values(familyIds.map((id) => ({ id, familyKind: 'paid' as const })));
  await db.insert(users).values(
    userIds.map((id, i) => ({
      id,
      email: `bench-owner-${i}@example.test`,
      firstName: 'Bench',
      lastName: `Owner ${i}`,
      userType: 1 as const,
      familyId: familyIds[i],
      timezone: TIMEZONES[i % TIMEZONES.length],
    })),
  );
  await db.execute(sql`
    update families f set owner_user_id = u.id from users u
    where u.family_id = f.id and f.id = any(${sql.param(familyIds)}::uuid[])`);
  await db.insert(pets).values(
    petIds.map((id, i) => ({
      id,
      name: `Bench ${i}`,
      species: 'dog' as const,
      familyId: familyIds[i] ?? '',
    })),
  );
  return Array.from({ length: GROUPS }, (_, g) => petIds.slice(g * PETS_PER_GROUP, (g + 1) * PETS_PER_GROUP));
}

/** Batches keep moving forward in time per pet group, like a fleet uploading its last 50 minutes. */
function makeBatches(groups: string[][], count: number, cursor: { minute: number }): Row[][] {
  // Raising cards looks at the last 7 days only: older readings would measure a rule that never runs.
  const origin = Math.floor(Date.now() / 1000) - (CARDS ? 6 : 90) * 86_400;
  const batches: Row[][] = [];
  for (let b = 0; b < count; b++) {
    const group = groups[b % GROUPS] ?? [];
    const startMinute = cursor.minute;
    if (b % GROUPS === GROUPS - 1) cursor.minute += MINUTES_PER_BATCH;
    const rows: Row[] = [];
    for (let m = 0; m < MINUTES_PER_BATCH; m++) {
      group.forEach((petId, p) => {
        const kind = KINDS[(m + p) % KINDS.length] ?? 'heart_rate';
        const range = readingRanges[kind];
        const value =
          CARDS && kind === 'respiratory_rate'
            ? p % ABNORMAL_EVERY === 0
              ? 32 + ((m * 7 + p) % 14)
              : 16 + ((m * 7 + p * 13) % 10)
            : Math.round((range.min + ((m * 7 + p * 13) % 60)) * 10) / 10;
        rows.push({ id: newId(), petId, kind, value, seconds: origin + (startMinute + m) * 60 });
      });
    }
    batches.push(rows);
  }
  return batches;
}

const toJson = (rows: Row[]) =>
  JSON.stringify({
    readings: rows.map((r) => ({
      id: r.id,
      petUuid: r.petId,
      kind: r.kind,
      value: r.value,
      measuredAt: { seconds: r.seconds },
    })),
  });

async function postAll(url: string, token: string, bodies: string[], concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const answer = (await response.json()) as { inserted?: number };
      if (response.status !== 200 || answer.inserted !== BATCH_SIZE)
        throw new Error(`batch answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  return { seconds: (performance.now() - started) / 1000, batchMs: median(latencies) };
}

async function insertUnnest(database: Database, batches: Row[][], integrationId: string) {
  const latencies: number[] = [];
  const started = performance.now();
  for (const rows of batches) {
    const t = performance.now();
    await database.db.execute(sql`
      insert into tracker_readings (id, pet_id, kind, value, measured_at, source, integration_id)
      select id, pet_id, kind::reading_kind, value, to_timestamp(seconds), 'tracker'::reading_source, ${integrationId}::uuid
      from unnest(
        ${sql.param(rows.map((r) => r.id))}::uuid[],
        ${sql.param(rows.map((r) => r.petId))}::uuid[],
        ${sql.param(rows.map((r) => r.kind))}::text[],
        ${sql.param(rows.map((r) => r.value))}::real[],
        ${sql.param(rows.map((r) => r.seconds))}::float8[]
      ) as t(id, pet_id, kind, value, seconds)`);
    latencies.push(performance.now() - t);
  }
  return { seconds: (performance.now() - started) / 1000, batchMs: median(latencies) };
}

const COPY_COLUMNS = 'tracker_readings (id, pet_id, kind, value, measured_at, source, integration_id)';

function toCsv(batches: Row[][], integrationId: string): string {
  const lines: string[] = [];
  for (const rows of batches)
    for (const r of rows)
      lines.push(
        `${r.id},${r.petId},${r.kind},${r.value},${new Date(r.seconds * 1000).toISOString()},tracker,${integrationId}`,
      );
  return `${lines.join('\n')}\n`;
}

type CopyLoader = ((batches: Row[][], integrationId: string) => Promise<{ seconds: number }>) | null;

/** PGlite reads COPY input from a Blob; PostgreSQL reads a server-side file (only if it can). */
async function copyLoaderFor(database: Database, label: string): Promise<{ load: CopyLoader; how: string }> {
  if (database.engine === 'pglite') {
    const client = (
      database.db as unknown as {
        $client: { query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown> };
      }
    ).$client;
    return {
      how: "COPY FROM '/dev/blob'",
      load: async (batches, integrationId) => {
        const blob = new Blob([toCsv(batches, integrationId)]);
        const started = performance.now();
        await client.query(`COPY ${COPY_COLUMNS} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob });
        return { seconds: (performance.now() - started) / 1000 };
      },
    };
  }
  const file = path.join(os.tmpdir(), `vetboard-bench-copy-${randomBytes(4).toString('hex')}.csv`);
  const copyFromFile = () =>
    database.db.execute(sql.raw(`COPY ${COPY_COLUMNS} FROM '${file}' WITH (FORMAT csv)`));
  try {
    // An empty file copies nothing: this only asks whether the server can read our files.
    fs.writeFileSync(file, '', { mode: 0o644 });
    await copyFromFile();
  } catch (error) {
    const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message.split('\n')[0];
    console.log(`${label}: server-side COPY is not possible here (${reason}); raw baseline is unnest only.`);
    return { load: null, how: 'COPY FROM file' };
  } finally {
    fs.rmSync(file, { force: true });
  }
  return {
    how: 'COPY FROM file (server-side)',
    load: async (batches, integrationId) => {
      fs.writeFileSync(file, toCsv(batches, integrationId), { mode: 0o644 });
      try {
        const started = performance.now();
        await copyFromFile();
        return { seconds: (performance.now() - started) / 1000 };
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
  };
}

interface Listening {
  name: string;
  url: string;
  close: () => Promise<void>;
}

/** The baseline checkout's own app on its own pool to the same database (its modules, not ours). */
async function listenBaseline(dir: string, databaseUrl: string): Promise<Listening> {
  const baseline = await forkBaseline(dir, databaseUrl);
  return {
    name: `baseline API (${path.basename(path.resolve(dir))})`,
    url: `${baseline.base}/v1/trackers/readings`,
    close: baseline.close,
  };
}

async function benchEngine(label: string, database: Database, databaseUrl?: string) {
  await migrateDatabase(database);
  const config = parseConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/none', DATA_DIR: '/none' });
  const groups = await createPets(database);
  const { integration, token } = await createIntegration({ db: database.db }, systemActor('bench'), {
    name: `bench ${Date.now()}`,
  });
  const copy = await copyLoaderFor(database, label);
  // On PostgreSQL the app listens in a process of its own, as the baseline's does (app-process.ts).
  const served = await serveApp(database, config, databaseUrl);
  const targets: Listening[] = [
    { name: 'API', url: `${served.base}/v1/trackers/readings`, close: served.close },
  ];
  if (BASELINE && databaseUrl) targets.push(await listenBaseline(BASELINE, databaseUrl));
  const concurrencies = database.engine === 'postgres' && CONCURRENCY > 1 ? [1, CONCURRENCY] : [1];
  const cursor = { minute: 0 };
  type Phase = { seconds: number; batchMs?: number };
  const results = new Map<string, Phase[]>();
  const record = (name: string, phase: Phase) => results.set(name, [...(results.get(name) ?? []), phase]);
  try {
    // Warm-up, one batch per pet group: JIT, plan caches, the first rollup pages.
    for (const target of targets)
      await postAll(target.url, token, makeBatches(groups, GROUPS, cursor).map(toJson), 1);
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of concurrencies) {
        for (const target of round % 2 ? [...targets].reverse() : targets) {
          const bodies = makeBatches(groups, BATCHES, cursor).map(toJson);
          record(`${target.name}, ${c} at a time`, await postAll(target.url, token, bodies, c));
        }
      }
      record(
        'raw insert … unnest, 5,000 per statement',
        await insertUnnest(database, makeBatches(groups, BATCHES, cursor), integration.id),
      );
      if (copy.load)
        record(`raw ${copy.how}`, await copy.load(makeBatches(groups, BATCHES, cursor), integration.id));
    }
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from tracker_readings`),
    ) as [{ n: number }];
    const perRound = BATCHES * BATCH_SIZE;
    const rate = (phases: Phase[]) => median(phases.map((p) => perRound / p.seconds));
    const rawBest = Math.max(
      ...[...results].filter(([name]) => name.startsWith('raw')).map(([, phases]) => rate(phases)),
    );
    const copyPhases = results.get(`raw ${copy.how}`);
    console.log(
      `\n${label}: ${ROUNDS} rounds × ${BATCHES} batches of ${BATCH_SIZE} readings per phase, ` +
        `${GROUPS * PETS_PER_GROUP} pets, ${n.toLocaleString('en')} readings in the table at the end (medians)`,
    );
    console.table(
      Object.fromEntries(
        [...results].map(([name, phases]) => [
          name,
          {
            'readings/s': Math.round(rate(phases)),
            'ms per 5,000':
              phases[0]?.batchMs === undefined ? '-' : Math.round(median(phases.map((p) => p.batchMs ?? 0))),
            'ratio to fastest raw': (rate(phases) / rawBest).toFixed(2),
            '÷ COPY': copyPhases ? (rate(phases) / rate(copyPhases)).toFixed(2) : '-',
          },
        ]),
      ),
    );
    console.log(
      `${label}: load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    // The API's closes the database too.
    for (const target of targets) await target.close();
  }
}

/** The app's ingestion without its last step, the respiratory rule: what ingestion cost before cards. */
async function ingestWithoutCards(database: Database, raw: readonly unknown[], integrationId: string) {
  const { readings } = validateReadings(raw, new Date());
  const rows = readings.map(({ reading }) => ({
    id: reading.id,
    petId: reading.petUuid,
    kind: reading.kind,
    value: reading.value,
    measuredAt: new Date(reading.measuredAt.seconds * 1000),
    source: reading.source,
  }));
  return database.db.transaction(async (tx) => {
    const { inserted, unknownPetIds } = await insertReadings(tx, rows, integrationId);
    if (unknownPetIds.length > 0) throw new Error('unknown pet');
    return inserted;
  });
}

async function benchCardRaising(label: string, database: Database) {
  await migrateDatabase(database);
  const groups = await createPets(database);
  const { integration } = await createIntegration({ db: database.db }, systemActor('bench'), {
    name: `bench ${Date.now()}`,
  });
  const actor = integrationActor(integration, null);
  const deps = { db: database.db, now: () => new Date() };
  const cursor = { minute: 0 };
  const parsed = (rows: Row[]) => (JSON.parse(toJson(rows)) as { readings: unknown[] }).readings;
  const phases = {
    'with card raising (ingestReadings)': async (raw: unknown[]) => {
      const outcome = await ingestReadings(deps, actor, raw);
      if (!outcome.ok || outcome.result.inserted !== BATCH_SIZE) throw new Error('batch refused');
    },
    'without (same steps, no rule)': async (raw: unknown[]) => {
      if ((await ingestWithoutCards(database, raw, integration.id)) !== BATCH_SIZE)
        throw new Error('batch not inserted');
    },
  };
  type Name = keyof typeof phases;
  const names = Object.keys(phases) as Name[];
  const run = async (name: Name, count: number) => {
    const batches = makeBatches(groups, count, cursor).map(parsed);
    const latencies: number[] = [];
    const started = performance.now();
    for (const raw of batches) {
      const t = performance.now();
      await phases[name](raw);
      latencies.push(performance.now() - t);
    }
    return { seconds: (performance.now() - started) / 1000, batchMs: median(latencies) };
  };
  // Warm-up, one batch per pet group for each phase: JIT, plan caches, the first rollup pages.
  for (const name of names) await run(name, GROUPS);
  const results = new Map<Name, Array<{ seconds: number; batchMs: number }>>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse())
      results.get(name)?.push(await run(name, BATCHES));
  }
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from pending_cards`),
  ) as [{ n: number }];
  const perRound = BATCHES * BATCH_SIZE;
  const rate = (name: Name) => median((results.get(name) ?? []).map((p) => perRound / p.seconds));
  const [withCards, without] = names.map(rate) as [number, number];
  console.log(
    `\n${label}: pending-card raising, ${ROUNDS} rounds × ${BATCHES} batches of ${BATCH_SIZE} readings per phase ` +
      `(phases alternating), ${GROUPS * PETS_PER_GROUP} pets (1 in ${ABNORMAL_EVERY} breathing high), ` +
      `${n} cards at the end (medians)`,
  );
  console.table(
    Object.fromEntries(
      names.map((name) => [
        name,
        {
          'readings/s': Math.round(rate(name)),
          'ms per 5,000': Math.round(median((results.get(name) ?? []).map((p) => p.batchMs))),
        },
      ]),
    ),
  );
  console.log(`${label}: with / without = ${(withCards / without).toFixed(2)} (target ≥ 0.80)`);
}

async function postgresTarget(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vetboard_bench_ingest_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (statement: string) => {
    const admin = await openPostgres(adminUrl);
    try {
      await admin.db.execute(sql.raw(statement));
    } finally {
      await admin.close();
    }
  };
  try {
    await onAdmin(`CREATE DATABASE "${name}"`);
  } catch (error) {
    const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message;
    console.log(`\nPostgreSQL skipped: ${adminUrl} is not usable (${reason}).`);
    return null;
  }
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** `BENCH_ENGINES=postgres` skips PGlite (the 4-client target is PostgreSQL's). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-bench-ingest-'));
try {
  const bench: (label: string, database: Database, databaseUrl?: string) => Promise<void> = CARDS
    ? benchCardRaising
    : benchEngine;
  if (ENGINES.includes('pglite')) await bench('PGlite', await openPglite({ dataDir: dir }));
  const target = ENGINES.includes('postgres') ? await postgresTarget() : null;
  if (target) {
    try {
      await bench('PostgreSQL', await openPostgres(target.url), target.url);
    } finally {
      await target.drop();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
