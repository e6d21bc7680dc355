import { MAX_READING_FUTURE_SECONDS, readingRanges } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { INGEST_BODY_LIMIT_BYTES } from './trackers.ingest.routes.ts';

const context = useTestApp();
let app: TestApp;
let token: string;
let integrationId: string;
/** Owner in India (UTC+5:30), in Newfoundland (UTC-3:30, -2:30 in summer), and a pet without an owner. */
let kolkataPet: string;
let stJohnsPet: string;
let ownerlessPet: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const created = await createIntegration({ db }, systemActor('test'), { name: 'Collars' });
  token = created.token;
  integrationId = created.integration.id;
  const kolkata = await createFamily(db, {
    owner: { timezone: 'Asia/Kolkata', city: 'Pune', country: 'IN' },
  });
  kolkataPet = (await createPet(db, { familyId: kolkata.family.id, name: 'Sheru' })).id;
  const stJohns = await createFamily(db, { owner: { timezone: 'America/St_Johns', country: 'CA' } });
  stJohnsPet = (await createPet(db, { familyId: stJohns.family.id, name: 'Nanuk', species: 'cat' })).id;
  const ownerless = await createFamily(db);
  ownerlessPet = (await createPet(db, { familyId: ownerless.family.id, name: 'Stray' })).id;
  await db.execute(sql`update families set owner_user_id = null where id = ${ownerless.family.id}`);
});

interface Reading {
  id: string;
  petUuid: string;
  kind: string;
  value: number;
  measuredAt: { seconds: number };
  source?: string;
}

const at = (iso: string) => ({ seconds: Date.parse(iso) / 1000 });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function reading(
  petUuid: string,
  kind: string,
  value: number,
  iso: string,
  extra: Partial<Reading> = {},
): Reading {
  return { id: newId(), petUuid, kind, value, measuredAt: at(iso), ...extra };
}

function post(readings: unknown[]) {
  return app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers: { authorization: `Bearer ${token}` },
    payload: { readings },
  });
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await app.database.db.execute(statement));
}

interface Aggregate {
  pet_id: string;
  kind: string;
  bucket: string;
  count: number;
  sum: number;
  min: number;
  max: number;
}

const numeric = (rows: Aggregate[]) =>
  rows.map((r) => ({
    ...r,
    count: Number(r.count),
    sum: Number(r.sum),
    min: Number(r.min),
    max: Number(r.max),
  }));

async function halfHourRollups(petId: string) {
  return numeric(
    await query<Aggregate>(sql`
      select pet_id, kind::text, to_char(bucket_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as bucket,
             count, sum, min, max
      from tracker_rollups_30m where pet_id = ${petId} order by 2, 3`),
  );
}

async function dailyRollups(petId: string) {
  return numeric(
    await query<Aggregate>(sql`
      select pet_id, kind::text, local_date::text as bucket, count, sum, min, max
      from tracker_rollups_daily where pet_id = ${petId} order by 2, 3`),
  );
}

/** What the rollups must hold: aggregates of the raw rows, in UTC half hours and in the owner's days. */
async function rawAggregates(petId: string, timezone: string) {
  const halfHours = numeric(
    await query<Aggregate>(sql`
      select pet_id, kind::text,
             to_char(date_bin('30 minutes', measured_at, timestamptz '2000-01-01 00:00:00+00') at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI') as bucket,
             count(*)::int as count, sum(value)::float8 as sum, min(value) as min, max(value) as max
      from tracker_readings where pet_id = ${petId} group by 1, 2, 3 order by 2, 3`),
  );
  const days = numeric(
    await query<Aggregate>(sql`
      select pet_id, kind::text, (measured_at at time zone ${timezone})::date::text as bucket,
             count(*)::int as count, sum(value)::float8 as sum, min(value) as min, max(value) as max
      from tracker_readings where pet_id = ${petId} group by 1, 2, 3 order by 2, 3`),
  );
  return { halfHours, days };
}

async function expectRollupsMatchRaw(petId: string, timezone: string) {
  const raw = await rawAggregates(petId, timezone);
  const close = (rows: Aggregate[]) => rows.map((r) => ({ ...r, sum: Math.round(r.sum * 1000) / 1000 }));
  expect(close(await halfHourRollups(petId))).toEqual(close(raw.halfHours));
  expect(close(await dailyRollups(petId))).toEqual(close(raw.days));
  // Chart coverage is counted from these bits: each must be a half hour with a reading of some kind.
  const halfHoursWithReadings = [...new Set(raw.halfHours.map((r) => r.bucket))].sort();
  expect(await coveredHalfHourBits(petId)).toEqual(halfHoursWithReadings);
}

/** The half hours set in the pet's coverage days, as UTC 'YYYY-MM-DDTHH:MI'. */
async function coveredHalfHourBits(petId: string): Promise<string[]> {
  const rows = await query<{ bucket: string }>(sql`
    select to_char((day + i * interval '30 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as bucket
    from tracker_coverage_days cross join generate_series(0, 47) as i
    where pet_id = ${petId} and half_hours & (1::int8 << i) <> 0
    order by 1`);
  return rows.map((r) => r.bucket);
}

async function storedCount(ids: string[]): Promise<number> {
  const [row] = await query<{ n: number }>(
    sql`select count(*)::int as n from tracker_readings where id = any(${sql.param(ids)}::uuid[])`,
  );
  return Number(row?.n);
}

describe('a valid batch', () => {
  // Built once the pets exist; the retry tests send it again.
  let kolkataBatch: Reading[] = [];
  const buildKolkataBatch = () => [
    // 23:59 and 00:00 local on either side of midnight of 10 March 2026 in India (18:30 UTC).
    reading(kolkataPet, 'shaking', 3, '2026-03-09T18:29:00Z'),
    reading(kolkataPet, 'shaking', 5, '2026-03-09T18:30:00Z'),
    reading(kolkataPet, 'shaking', 7, '2026-03-09T18:59:59Z'),
    reading(kolkataPet, 'respiratory_rate', 22, '2026-03-09T18:10:00Z', { source: 'app' }),
    reading(kolkataPet, 'respiratory_rate', 28.5, '2026-03-09T18:20:00Z'),
    reading(kolkataPet, 'heart_rate', 88, '2026-03-09T18:45:00Z'),
    reading(kolkataPet, 'drinking', 40, '2026-03-10T06:00:00Z'),
  ];

  it('is stored with its source and integration, and folded into half-hour and local-day rollups', async () => {
    kolkataBatch = buildKolkataBatch();
    const response = await post(kolkataBatch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 7, inserted: 7, duplicates: 0 });

    const stored = await query<{ source: string; integration_id: string; value: number }>(
      sql`select source::text, integration_id, value from tracker_readings where pet_id = ${kolkataPet} order by measured_at`,
    );
    expect(stored.map((r) => r.source)).toEqual([
      'app',
      'tracker',
      'tracker',
      'tracker',
      'tracker',
      'tracker',
      'tracker',
    ]);
    expect(stored.every((r) => r.integration_id === integrationId)).toBe(true);

    const days = await dailyRollups(kolkataPet);
    expect(days.filter((d) => d.kind === 'shaking')).toEqual([
      { pet_id: kolkataPet, kind: 'shaking', bucket: '2026-03-09', count: 1, sum: 3, min: 3, max: 3 },
      { pet_id: kolkataPet, kind: 'shaking', bucket: '2026-03-10', count: 2, sum: 12, min: 5, max: 7 },
    ]);
    expect(days.find((d) => d.kind === 'respiratory_rate')).toMatchObject({
      bucket: '2026-03-09',
      count: 2,
      sum: 50.5,
      min: 22,
      max: 28.5,
    });
    const halfHours = await halfHourRollups(kolkataPet);
    expect(halfHours.filter((h) => h.kind === 'shaking').map((h) => [h.bucket, h.count, h.sum])).toEqual([
      ['2026-03-09T18:00', 1, 3],
      ['2026-03-09T18:30', 2, 12],
    ]);
    await expectRollupsMatchRaw(kolkataPet, 'Asia/Kolkata');
  });

  it('counts days in Newfoundland across the spring-forward day, and in UTC for a pet without an owner', async () => {
    const batch = [
      // Local midnight of Sunday 8 March 2026 is 03:30 UTC (NST); of Monday 9 March 02:30 UTC (NDT).
      reading(stJohnsPet, 'drinking', 10, '2026-03-08T03:29:00Z'),
      reading(stJohnsPet, 'drinking', 20, '2026-03-08T03:30:00Z'),
      reading(stJohnsPet, 'drinking', 30, '2026-03-09T02:29:00Z'),
      reading(stJohnsPet, 'drinking', 40, '2026-03-09T02:30:00Z'),
      reading(ownerlessPet, 'heart_rate', 70, '2026-03-08T23:59:00Z'),
      reading(ownerlessPet, 'heart_rate', 75, '2026-03-09T00:00:00Z'),
    ];
    const response = await post(batch);
    expect(response.json()).toEqual({ received: 6, inserted: 6, duplicates: 0 });
    expect((await dailyRollups(stJohnsPet)).map((d) => [d.bucket, d.sum])).toEqual([
      ['2026-03-07', 10],
      ['2026-03-08', 50],
      ['2026-03-09', 40],
    ]);
    expect((await dailyRollups(ownerlessPet)).map((d) => [d.bucket, d.sum])).toEqual([
      ['2026-03-08', 70],
      ['2026-03-09', 75],
    ]);
    await expectRollupsMatchRaw(stJohnsPet, 'America/St_Johns');
    await expectRollupsMatchRaw(ownerlessPet, 'UTC');
  });

  it('retried adds nothing: every reading is a duplicate and the rollups do not move', async () => {
    const before = { halfHours: await halfHourRollups(kolkataPet), days: await dailyRollups(kolkataPet) };
    const response = await post(kolkataBatch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 7, inserted: 0, duplicates: 7 });
    expect(await halfHourRollups(kolkataPet)).toEqual(before.halfHours);
    expect(await dailyRollups(kolkataPet)).toEqual(before.days);
  });

  it('partly retried adds only the new readings to the rollups', async () => {
    const fresh = [
      reading(kolkataPet, 'shaking', 11, '2026-03-09T18:31:00Z'),
      // 23:30 local: still 9 March.
      reading(kolkataPet, 'shaking', 1, '2026-03-09T18:00:00Z'),
    ];
    const response = await post([...kolkataBatch.slice(0, 3), ...fresh]);
    expect(response.json()).toEqual({ received: 5, inserted: 2, duplicates: 3 });
    const shaking = (await dailyRollups(kolkataPet)).filter((d) => d.kind === 'shaking');
    expect(shaking.map((d) => [d.bucket, d.count, d.sum, d.min, d.max])).toEqual([
      ['2026-03-09', 2, 4, 1, 3],
      ['2026-03-10', 3, 23, 5, 11],
    ]);
    await expectRollupsMatchRaw(kolkataPet, 'Asia/Kolkata');
  });

  it('with a known id but other content is a conflict by index, and nothing of the batch is written', async () => {
    const original = reading(kolkataPet, 'heart_rate', 71.3, '2026-03-11T08:00:00Z');
    const kept = reading(kolkataPet, 'heart_rate', 70, '2026-03-11T07:55:00Z');
    expect((await post([original, kept])).json()).toEqual({ received: 2, inserted: 2, duplicates: 0 });
    const before = await dailyRollups(kolkataPet);
    const fresh = reading(kolkataPet, 'heart_rate', 72, '2026-03-11T08:05:00Z');
    const changed = [
      { ...original, value: 99 },
      { ...original, petUuid: stJohnsPet },
      { ...original, kind: 'respiratory_rate', value: 20 },
      { ...original, measuredAt: at('2026-03-11T08:01:00Z') },
      { ...original, source: 'app' },
    ];
    for (const conflicting of changed) {
      const response = await post([fresh, kept, conflicting]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'trackers.batch_rejected',
        rejected: [{ index: 2, reason: `id ${original.id} already exists with other content` }],
      });
    }
    expect(await storedCount([fresh.id])).toBe(0);
    expect(await dailyRollups(kolkataPet)).toEqual(before);
    // The same content again (as float4 stores it) is a plain duplicate.
    expect((await post([original, fresh])).json()).toEqual({ received: 2, inserted: 1, duplicates: 1 });
  });

  it('naming its pet in upper case is the same pet, not an unknown one', async () => {
    const upper = reading(stJohnsPet.toUpperCase(), 'heart_rate', 77, '2026-03-04T10:00:00Z');
    expect((await post([upper])).json()).toEqual({ received: 1, inserted: 1, duplicates: 0 });
    const [row] = await query<{ pet_id: string }>(
      sql`select pet_id from tracker_readings where id = ${upper.id}`,
    );
    expect(row?.pet_id).toBe(stJohnsPet);
  });

  it('refuses the nil and the max UUID as reading ids', async () => {
    const response = await post([
      reading(kolkataPet, 'heart_rate', 70, '2026-03-11T09:00:00Z', {
        id: '00000000-0000-0000-0000-000000000000',
      }),
      reading(kolkataPet, 'heart_rate', 70, '2026-03-11T09:00:00Z', {
        id: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().rejected.map((r: { index: number }) => r.index)).toEqual([0, 1]);
  });

  it('of 5,000 readings is taken whole', async () => {
    const start = Date.parse('2026-02-01T00:00:00Z');
    const kinds = ['respiratory_rate', 'heart_rate', 'shaking', 'drinking'] as const;
    const batch = Array.from({ length: 5000 }, (_, i) => {
      const kind = kinds[i % 4] ?? 'heart_rate';
      return reading(
        i % 2 ? kolkataPet : stJohnsPet,
        kind,
        readingRanges[kind].min + (i % 50),
        new Date(start + i * 37_000).toISOString(),
      );
    });
    const response = await post(batch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 5000, inserted: 5000, duplicates: 0 });
    await expectRollupsMatchRaw(kolkataPet, 'Asia/Kolkata');
    await expectRollupsMatchRaw(stJohnsPet, 'America/St_Johns');
  });
});

describe('concurrent batches', () => {
  it('over the same pets and half hours all land, and the rollups still equal the raw rows', async () => {
    const db = app.database.db;
    const petIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { family } = await createFamily(db, { owner: { timezone: 'Asia/Kolkata' } });
      petIds.push((await createPet(db, { familyId: family.id })).id);
    }
    const start = Date.parse('2026-04-01T17:00:00Z');
    // Each batch walks the same pets and buckets in its own order, so their row locks cross.
    const batches = Array.from({ length: 4 }, (_, b) =>
      Array.from({ length: 600 }, (_, i) => {
        const petId = petIds[(i + b * 5) % petIds.length] ?? '';
        const minute = b % 2 ? 599 - i : i;
        return reading(
          petId,
          'heart_rate',
          60 + ((i * 7 + b) % 90),
          new Date(start + minute * 60_000).toISOString(),
        );
      }),
    );
    const responses = await Promise.all(batches.map((batch) => post(batch)));
    expect(responses.map((r) => r.json())).toEqual(
      batches.map(() => ({ received: 600, inserted: 600, duplicates: 0 })),
    );
    for (const petId of petIds) await expectRollupsMatchRaw(petId, 'Asia/Kolkata');
  });
  it.skipIf(inject('databaseTemplate').engine !== 'postgres')(
    'that deadlock with another writer are retried, not lost',
    async () => {
      const db = app.database.db;
      const { family } = await createFamily(db);
      const petId = (await createPet(db, { familyId: family.id })).id;
      const first = reading(petId, 'heart_rate', 70, '2026-04-02T10:00:00Z');
      expect((await post([first])).statusCode).toBe(200);
      const contested = reading(petId, 'heart_rate', 90, '2026-04-02T10:10:00Z');
      let pending: ReturnType<typeof post> | undefined;
      await db
        .transaction(async (tx) => {
          // The cycle below is broken by whichever side's deadlock check runs first (after
          // deadlock_timeout, 1 s): this writer's is later, so it is always the batch that is aborted.
          await tx.execute(sql`set local deadlock_timeout = '10s'`);
          // This writer holds the half-hour rollup row the batch must update…
          await tx.execute(sql`
            update tracker_rollups_30m set count = count
            where pet_id = ${petId} and bucket_start = ${'2026-04-02T10:00:00Z'}::timestamptz`);
          pending = post([contested]);
          // …until the batch, its reading inserted, waits for that row (a fixed pause was too short
          // on a loaded machine)…
          for (let tries = 0; tries < 500; tries += 1) {
            const waiting = await tx.execute(sql`
              select 1 from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`);
            if (rowsOf(waiting).length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          // …and now waits for the reading the batch inserted: a cycle, which PostgreSQL breaks by
          // aborting the batch.
          await tx.execute(sql`
            insert into tracker_readings (id, pet_id, kind, value, measured_at, source)
            values (${contested.id}, ${petId}, 'heart_rate', 1, now(), 'app') on conflict do nothing`);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!/rollback/i.test(String(error))) throw error;
        });
      const response = await pending;
      expect(response?.json()).toEqual({ received: 1, inserted: 1, duplicates: 0 });
      await expectRollupsMatchRaw(petId, 'Europe/London');
    },
  );
});

describe('a refused batch', () => {
  it('writes nothing when one reading is bad, and names its index and reason', async () => {
    const before = await dailyRollups(stJohnsPet);
    const batch = [
      reading(stJohnsPet, 'heart_rate', 80, '2026-03-01T10:00:00Z'),
      reading(stJohnsPet, 'heart_rate', 90, '2026-03-01T10:05:00Z'),
      reading(stJohnsPet, 'respiratory_rate', 400, '2026-03-01T10:10:00Z'),
      reading(stJohnsPet, 'heart_rate', 100, '2026-03-01T10:15:00Z'),
    ];
    const response = await post(batch);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '1 of 4 readings were refused; nothing was written',
      code: 'trackers.batch_rejected',
      rejected: [{ index: 2, reason: 'value 400 is outside 4–150 breaths/min for respiratory_rate' }],
    });
    expect(await storedCount(batch.map((r) => r.id))).toBe(0);
    expect(await dailyRollups(stJohnsPet)).toEqual(before);
  });

  it("whose only fault is an unknown pet writes nothing, not even the known pets' readings", async () => {
    const before = { halfHours: await halfHourRollups(kolkataPet), days: await dailyRollups(kolkataPet) };
    const unknownPet = newId();
    const batch = [
      reading(kolkataPet, 'heart_rate', 80, '2026-03-03T10:00:00Z'),
      reading(unknownPet, 'heart_rate', 81, '2026-03-03T10:01:00Z'),
      reading(kolkataPet, 'shaking', 2, '2026-03-03T10:02:00Z'),
      reading(unknownPet, 'drinking', 30, '2026-03-03T10:03:00Z'),
    ];
    const response = await post(batch);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '2 of 4 readings were refused; nothing was written',
      code: 'trackers.batch_rejected',
      rejected: [
        { index: 1, reason: `unknown pet ${unknownPet}` },
        { index: 3, reason: `unknown pet ${unknownPet}` },
      ],
    });
    expect(await storedCount(batch.map((r) => r.id))).toBe(0);
    expect({ halfHours: await halfHourRollups(kolkataPet), days: await dailyRollups(kolkataPet) }).toEqual(
      before,
    );
  });

  it('gives a readable reason for every kind of fault, each by its index', async () => {
    const base = () => reading(kolkataPet, 'heart_rate', 80, '2026-03-02T10:00:00Z');
    const unknownPet = newId();
    const repeated = base();
    const now = nowSeconds();
    const batch: unknown[] = [
      base(),
      { ...base(), kind: 'respiratory_rate', value: 3.9 },
      { ...base(), kind: 'heart_rate', value: 351 },
      { ...base(), kind: 'shaking', value: -1 },
      { ...base(), kind: 'drinking', value: 3601 },
      { ...base(), measuredAt: { seconds: now + MAX_READING_FUTURE_SECONDS + 60 } },
      { ...base(), measuredAt: at('1999-12-31T23:59:59Z') },
      { ...base(), petUuid: unknownPet },
      { ...base(), kind: 'temperature' },
      { ...base(), battery: 80 },
      { ...base(), id: 'not-a-uuid' },
      { ...base(), petUuid: '1234' },
      { ...base(), source: 'vet' },
      { ...base(), value: '80' },
      { ...base(), measuredAt: { seconds: 1.5 } },
      (({ measuredAt: _, ...rest }) => rest)(base()),
      'a string',
      repeated,
      { ...repeated, value: 81 },
      { ...base(), measuredAt: { seconds: now + MAX_READING_FUTURE_SECONDS - 30 } },
    ];
    const response = await post(batch);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('trackers.batch_rejected');
    expect(body.error).toBe('17 of 20 readings were refused; nothing was written');
    expect(body.rejected).toEqual([
      { index: 1, reason: 'value 3.9 is outside 4–150 breaths/min for respiratory_rate' },
      { index: 2, reason: 'value 351 is outside 20–350 bpm for heart_rate' },
      { index: 3, reason: 'value -1 is outside 0–500 episodes for shaking' },
      { index: 4, reason: 'value 3601 is outside 0–3600 s for drinking' },
      { index: 5, reason: 'measuredAt is more than 5 minutes in the future' },
      { index: 6, reason: 'measuredAt is before 2000-01-01' },
      { index: 7, reason: `unknown pet ${unknownPet}` },
      {
        index: 8,
        reason: "unknown kind 'temperature' (expected respiratory_rate, heart_rate, shaking or drinking)",
      },
      { index: 9, reason: "unknown field 'battery'" },
      { index: 10, reason: "id 'not-a-uuid' is not a valid UUID" },
      { index: 11, reason: "petUuid '1234' is not a valid UUID" },
      { index: 12, reason: "unknown source 'vet' (expected app or tracker)" },
      { index: 13, reason: "value must be a number, not '80'" },
      { index: 14, reason: 'measuredAt.seconds must be an integer, not 1.5' },
      { index: 15, reason: 'measuredAt is missing' },
      { index: 16, reason: "a reading must be an object, not 'a string'" },
      { index: 18, reason: `id ${repeated.id} is repeated in this batch (first at index 17)` },
    ]);
    const ids = batch.flatMap((r) => (r && typeof r === 'object' && 'id' in r ? [String(r.id)] : []));
    expect(await storedCount(ids.filter((id) => id !== 'not-a-uuid'))).toBe(0);
  });

  it('of more than 5,000 readings, or none, is a 400 before anything is checked', async () => {
    const many = Array.from({ length: 5001 }, () =>
      reading(kolkataPet, 'heart_rate', 80, '2026-03-03T10:00:00Z'),
    );
    const tooMany = await post(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'readings' }] });
    expect(await storedCount(many.map((r) => r.id))).toBe(0);
    const none = await post([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('request.invalid');
    const extra = await app.inject({
      method: 'POST',
      url: '/v1/trackers/readings',
      headers: { authorization: `Bearer ${token}` },
      payload: { readings: [reading(kolkataPet, 'heart_rate', 80, '2026-03-03T10:00:00Z')], dryRun: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('larger than the body limit is a 413', async () => {
    const padding = 'x'.repeat(INGEST_BODY_LIMIT_BYTES);
    const response = await post([
      { ...reading(kolkataPet, 'heart_rate', 80, '2026-03-03T10:00:00Z'), note: padding },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toMatch(/^request\./);
  });
});

describe('the OpenAPI document', () => {
  it('describes the ingestion as bearer-token only, with both 400 shapes', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = document.paths['/v1/trackers/readings'].post;
    expect(operation.operationId).toBe('ingestTrackerReadings');
    expect(operation.security).toEqual([{ integrationToken: [] }]);
    const rejection = JSON.stringify(operation.responses['400']);
    expect(rejection).toContain('rejected');
    expect(rejection).toContain('details');
    expect(document.paths['/v1/pets/{id}/respiratory-thresholds'].put.operationId).toBe(
      'putRespiratoryThresholds',
    );
  });
});
