import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../test/tracker-read-fixtures.ts';
import { newId } from '../../lib/ids.ts';
import { weightEntries } from './trackers.weight.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

afterEach(() => context.clock.reset());

interface Bucket {
  start: { seconds: number };
  count: number;
  coverage: number | null;
}

async function get<T = { buckets: Bucket[] }>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const HALF_HOUR = 1800;

/** One reading five minutes into each of `n` consecutive half hours from `iso` (a half-hour boundary). */
function halfHourly(petId: string, kind: 'respiratory_rate' | 'drinking', iso: string, n: number) {
  const from = seconds(iso);
  return Array.from({ length: n }, (_, i) =>
    reading(petId, kind, new Date((from + i * HALF_HOUR + 300) * 1000).toISOString(), 20 + (i % 5)),
  );
}

const at = (buckets: Bucket[], iso: string) =>
  buckets.find((bucket) => bucket.start.seconds === seconds(iso));

describe('coverage of a chart bucket', () => {
  it('is the share of its half hours that hold a reading: full, half and empty hours of a week', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      // Monday 00:00–01:00 BST: both half hours, one of them twice (readings are not half hours).
      reading(pet.id, 'respiratory_rate', '2024-06-09T23:05:00Z', 20),
      reading(pet.id, 'respiratory_rate', '2024-06-09T23:10:00Z', 22),
      reading(pet.id, 'respiratory_rate', '2024-06-09T23:35:00Z', 21),
      // 01:00–02:00: the first half hour only.
      reading(pet.id, 'respiratory_rate', '2024-06-10T00:10:00Z', 19),
    ]);

    const week = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?timeScope=week&date=${seconds('2024-06-12T10:00:00Z')}`,
    );

    expect(week.buckets).toHaveLength(168);
    expect(at(week.buckets, '2024-06-09T23:00:00Z')).toMatchObject({ count: 3, coverage: 1 });
    expect(at(week.buckets, '2024-06-10T00:00:00Z')).toMatchObject({ count: 1, coverage: 0.5 });
    expect(at(week.buckets, '2024-06-10T01:00:00Z')).toMatchObject({ count: 0, coverage: 0 });
    expect(week.buckets.filter((bucket) => (bucket.coverage ?? 0) > 0)).toHaveLength(2);

    const day = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?timeScope=day&date=${seconds('2024-06-10T10:00:00Z')}`,
    );
    expect(day.buckets.slice(0, 4).map((bucket) => bucket.coverage)).toEqual([1, 1, 1, 0]);
  });

  it("counts a local day's half hours, 46 and 50 on the days the clocks change, in the month and range charts alike", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      ...halfHourly(pet.id, 'drinking', '2024-09-30T23:00:00Z', 48), // 1 October, every half hour
      ...halfHourly(pet.id, 'drinking', '2024-10-01T23:00:00Z', 24), // 2 October, the first 12 hours
      // 3 October: nothing. 27 October is 25 hours long (BST ends): all 50 half hours.
      ...halfHourly(pet.id, 'drinking', '2024-10-26T23:00:00Z', 50),
      ...halfHourly(pet.id, 'drinking', '2024-10-28T00:00:00Z', 12), // 28 October, a quarter (GMT)
      // 31 March is 23 hours long (BST starts): 23 of its 46 half hours.
      ...halfHourly(pet.id, 'drinking', '2024-03-31T00:00:00Z', 23),
    ]);

    const october = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-10-15T12:00:00Z')}`,
    );
    expect(october.buckets).toHaveLength(31);
    expect(october.buckets.slice(0, 3).map((bucket) => [bucket.count, bucket.coverage])).toEqual([
      [48, 1],
      [24, 0.5],
      [0, 0],
    ]);
    expect(october.buckets[26]).toMatchObject({ count: 50, coverage: 1 });
    expect(october.buckets[27]).toMatchObject({ count: 12, coverage: 0.25 });

    const march = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-03-15T12:00:00Z')}`,
    );
    expect(march.buckets[30]).toMatchObject({ count: 23, coverage: 0.5 });

    // An explicit range of days (the RPM monitor's) reads the same coverage through the other statement.
    const range = await get(
      `/v1/pets/${pet.id}/drinking/chart?startDate=${seconds('2024-09-30T23:00:00Z')}&endDate=${seconds('2024-10-29T00:00:00Z')}`,
    );
    expect(range.buckets.map((bucket) => bucket.coverage)).toEqual(
      october.buckets.slice(0, 28).map((bucket) => bucket.coverage),
    );
  });

  it("marks the RPM monitor's last daily average with its day's coverage, a DST day's 50 half hours counted", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    // 27 October 2024 (25 hours): 20 of its 50 half hours.
    await addReadings(app.database.db, halfHourly(pet.id, 'respiratory_rate', '2024-10-26T23:00:00Z', 20));
    const response = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pet.id}/respiratory-history/average-history/last?at=${seconds('2024-10-28T12:00:00Z')}`,
      cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().average).toMatchObject({
      date: { year: 2024, month: 10, day: 27 },
      count: 20,
      coverage: 0.4,
    });
  });

  it('lines up with the half-hour zone of India, where a local half hour is a UTC half hour', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    // 12 June IST starts at 18:30Z on the 11th: its first 12 half hours.
    await addReadings(app.database.db, halfHourly(pet.id, 'drinking', '2024-06-11T18:30:00Z', 12));

    const month = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-06-15T12:00:00Z')}`,
    );
    expect(month.buckets[11]).toMatchObject({ count: 12, coverage: 0.25 });
    expect(month.buckets[10]).toMatchObject({ count: 0, coverage: 0 });
  });

  it('is null for weight, which people enter rather than a collar sampling it, on its chart and in the vitals', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await app.database.db.insert(weightEntries).values({
      id: newId(),
      petId: pet.id,
      valueKg: 12.5,
      measuredAt: new Date('2026-07-14T09:00:00Z'),
      location: 'home',
      author: 'user',
    });
    await addReadings(app.database.db, halfHourly(pet.id, 'respiratory_rate', '2026-07-14T23:00:00Z', 2));

    const weight = await get(
      `/v1/pets/${pet.id}/weight-history/chart?timeScope=month&date=${seconds('2026-07-15T12:00:00Z')}`,
    );
    expect(weight.buckets.length).toBeGreaterThan(0);
    expect(weight.buckets.every((bucket) => bucket.coverage === null)).toBe(true);

    context.clock.set('2026-07-15T12:00:00Z');
    const vitals = await get<{ vitals: Record<string, { buckets: Bucket[] }> }>(
      `/v1/pets/${pet.id}/vitals?range=24h`,
    );
    expect(vitals.vitals.weight?.buckets.every((bucket) => bucket.coverage === null)).toBe(true);
    const respiratory = vitals.vitals.respiratoryRate?.buckets ?? [];
    expect(at(respiratory, '2026-07-14T23:00:00Z')).toMatchObject({ count: 1, coverage: 1 });
    expect(at(respiratory, '2026-07-14T22:30:00Z')).toMatchObject({ count: 0, coverage: 0 });
    expect(respiratory.filter((bucket) => bucket.coverage === 1)).toHaveLength(2);

    const month = await get<{ vitals: Record<string, { buckets: Bucket[] }> }>(
      `/v1/pets/${pet.id}/vitals?range=30d`,
    );
    // 15 July so far holds its first 2 of 48 half hours.
    expect(month.vitals.respiratoryRate?.buckets.at(-1)).toMatchObject({ count: 2, coverage: 0.042 });
  });
});
