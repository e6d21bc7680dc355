import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../../test/tracker-read-fixtures.ts';
import { newId } from '../../../lib/ids.ts';
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

const at = (buckets: Bucket[], iso: string) =>
  buckets.find((bucket) => bucket.start.seconds === seconds(iso));

/** Drinking bouts at these instants: the collar sends one only when the pet drinks. */
const bouts = (petId: string, instants: string[]) =>
  instants.map((instant) => reading(petId, 'drinking', instant, 30));

describe('coverage of a chart bucket: the share of its half hours the collar covered', () => {
  it('counts a reading of any kind for its half hour and the four hours from it: whole, half and empty hours of a week', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      // Tuesday: a breath count at 11:35 BST covers 10:30Z to 14:30Z…
      reading(pet.id, 'respiratory_rate', '2024-06-11T10:35:00Z', 21),
      reading(pet.id, 'respiratory_rate', '2024-06-11T10:40:00Z', 23),
      // …and a drink at 21:05 BST covers 20:00Z to midnight UTC: the collar was on, whatever it sent.
      reading(pet.id, 'drinking', '2024-06-11T20:05:00Z', 40),
    ]);

    const week = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?timeScope=week&date=${seconds('2024-06-12T10:00:00Z')}`,
    );
    expect(week.buckets).toHaveLength(168);
    expect(at(week.buckets, '2024-06-11T09:00:00Z')).toMatchObject({ count: 0, coverage: 0 });
    expect(at(week.buckets, '2024-06-11T10:00:00Z')).toMatchObject({ count: 2, coverage: 0.5 });
    expect(at(week.buckets, '2024-06-11T11:00:00Z')).toMatchObject({ count: 0, coverage: 1 });
    expect(at(week.buckets, '2024-06-11T13:00:00Z')).toMatchObject({ count: 0, coverage: 1 });
    expect(at(week.buckets, '2024-06-11T14:00:00Z')).toMatchObject({ count: 0, coverage: 0.5 });
    expect(at(week.buckets, '2024-06-11T15:00:00Z')).toMatchObject({ count: 0, coverage: 0 });
    expect(at(week.buckets, '2024-06-11T20:00:00Z')).toMatchObject({ count: 0, coverage: 1 });
    expect(at(week.buckets, '2024-06-12T00:00:00Z')).toMatchObject({ count: 0, coverage: 0 });
    // 4 hours and 4 more: 16 half hours of the week's 336.
    expect(week.buckets.reduce((sum, bucket) => sum + (bucket.coverage ?? 0) * 2, 0)).toBe(16);

    const day = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?timeScope=day&date=${seconds('2024-06-11T10:00:00Z')}`,
    );
    expect(day.buckets).toHaveLength(48);
    expect(at(day.buckets, '2024-06-11T10:00:00Z')?.coverage).toBe(0);
    expect(at(day.buckets, '2024-06-11T10:30:00Z')?.coverage).toBe(1);
    expect(at(day.buckets, '2024-06-11T14:00:00Z')?.coverage).toBe(1);
    expect(at(day.buckets, '2024-06-11T14:30:00Z')?.coverage).toBe(0);
  });

  it("counts a local day's half hours, 46 and 50 on the days the clocks change, in the month and range charts alike", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(
      app.database.db,
      bouts(pet.id, [
        // 1 October (BST, from 23:00Z): a bout every four hours covers the whole day.
        '2024-09-30T23:05:00Z',
        '2024-10-01T03:05:00Z',
        '2024-10-01T07:05:00Z',
        '2024-10-01T11:05:00Z',
        '2024-10-01T15:05:00Z',
        '2024-10-01T19:05:00Z',
        // 2 October: twelve hours from its midnight. 3 October: nothing.
        '2024-10-01T23:05:00Z',
        '2024-10-02T03:05:00Z',
        '2024-10-02T07:05:00Z',
        // 27 October is 25 hours long (BST ends at 01:00Z): all 50 half hours, up to 00:00Z on the 28th.
        '2024-10-26T23:05:00Z',
        '2024-10-27T03:05:00Z',
        '2024-10-27T07:05:00Z',
        '2024-10-27T11:05:00Z',
        '2024-10-27T15:05:00Z',
        '2024-10-27T19:05:00Z',
        '2024-10-27T20:05:00Z',
        // 28 October (GMT): six hours, a quarter of it.
        '2024-10-28T00:05:00Z',
        '2024-10-28T02:05:00Z',
        // 31 March is 23 hours long (BST starts): 11.5 hours of it, half its 46 half hours.
        '2024-03-31T00:05:00Z',
        '2024-03-31T04:05:00Z',
        '2024-03-31T07:35:00Z',
      ]),
    );

    const october = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-10-15T12:00:00Z')}`,
    );
    expect(october.buckets).toHaveLength(31);
    expect(october.buckets.slice(0, 3).map((bucket) => [bucket.count, bucket.coverage])).toEqual([
      [6, 1],
      [3, 0.5],
      [0, 0],
    ]);
    expect(october.buckets[26]).toMatchObject({ count: 7, coverage: 1 });
    expect(october.buckets[27]).toMatchObject({ count: 2, coverage: 0.25 });

    const march = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-03-15T12:00:00Z')}`,
    );
    expect(march.buckets[30]).toMatchObject({ count: 3, coverage: 0.5 });

    // An explicit range of days (the RPM monitor's) reads the same coverage through the other statement.
    const range = await get(
      `/v1/pets/${pet.id}/drinking/chart?startDate=${seconds('2024-09-30T23:00:00Z')}&endDate=${seconds('2024-10-29T00:00:00Z')}`,
    );
    expect(range.buckets.map((bucket) => bucket.coverage)).toEqual(
      october.buckets.slice(0, 28).map((bucket) => bucket.coverage),
    );
  });

  it('lines up with the half-hour zone of India, where a local half hour is a UTC half hour', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    // 12 June IST starts at 18:30Z on the 11th: six hours of it.
    await addReadings(app.database.db, bouts(pet.id, ['2024-06-11T18:35:00Z', '2024-06-11T20:35:00Z']));

    const month = await get(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-06-15T12:00:00Z')}`,
    );
    expect(month.buckets[11]).toMatchObject({ count: 2, coverage: 0.25 });
    expect(month.buckets[10]).toMatchObject({ count: 0, coverage: 0 });
  });

  it("counts the UTC half hours that start in a bucket of Nepal's 45-minute zone, whose buckets start at a quarter past", async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kathmandu');
    // A drink at 10:20Z covers the half hours 10:00Z to 13:30Z: eight of them.
    await addReadings(app.database.db, bouts(pet.id, ['2024-06-11T10:20:00Z']));
    const date = seconds('2024-06-11T10:00:00Z');

    const day = await get(`/v1/pets/${pet.id}/drinking/chart?timeScope=day&date=${date}`);
    expect(day.buckets[0]?.start.seconds).toBe(seconds('2024-06-10T18:15:00Z'));
    expect(at(day.buckets, '2024-06-11T09:15:00Z')?.coverage).toBe(0); // holds 09:30Z
    expect(at(day.buckets, '2024-06-11T09:45:00Z')).toMatchObject({ count: 1, coverage: 1 }); // 10:00Z
    expect(at(day.buckets, '2024-06-11T13:15:00Z')?.coverage).toBe(1); // 13:30Z
    expect(at(day.buckets, '2024-06-11T13:45:00Z')?.coverage).toBe(0); // 14:00Z
    expect(day.buckets.reduce((sum, bucket) => sum + (bucket.coverage ?? 0), 0)).toBe(8);

    const week = await get(`/v1/pets/${pet.id}/drinking/chart?timeScope=week&date=${date}`);
    expect(at(week.buckets, '2024-06-11T09:15:00Z')?.coverage).toBe(0.5); // 09:30Z no, 10:00Z yes
    expect(at(week.buckets, '2024-06-11T10:15:00Z')?.coverage).toBe(1);
    expect(at(week.buckets, '2024-06-11T13:15:00Z')?.coverage).toBe(0.5); // 13:30Z yes, 14:00Z no

    const month = await get(`/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${date}`);
    expect(at(month.buckets, '2024-06-10T18:15:00Z')?.coverage).toBe(0.167); // 8 of 48, to three places
    expect(at(month.buckets, '2024-06-11T18:15:00Z')?.coverage).toBe(0);
  });

  it("marks the RPM monitor's last daily average with its day's coverage, a DST day's 50 half hours counted", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    // 27 October 2024 (25 hours): ten hours of it, 20 of its 50 half hours.
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2024-10-26T23:05:00Z', 20),
      reading(pet.id, 'respiratory_rate', '2024-10-27T03:05:00Z', 22),
      reading(pet.id, 'respiratory_rate', '2024-10-27T05:05:00Z', 21),
    ]);
    const last = await get<{ average: unknown }>(
      `/v1/pets/${pet.id}/respiratory-history/average-history/last?at=${seconds('2024-10-28T12:00:00Z')}`,
    );
    expect(last.average).toMatchObject({ date: { year: 2024, month: 10, day: 27 }, count: 3, coverage: 0.4 });
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
    // 15 July 00:05 and 00:35 BST: the collar covered 23:00Z to 03:30Z, nine half hours.
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2026-07-14T23:05:00Z', 20),
      reading(pet.id, 'respiratory_rate', '2026-07-14T23:35:00Z', 22),
    ]);

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
    for (const kind of ['respiratoryRate', 'heartRate', 'drinking', 'shaking']) {
      const buckets = vitals.vitals[kind]?.buckets ?? [];
      expect(at(buckets, '2026-07-14T22:30:00Z')?.coverage).toBe(0);
      expect(at(buckets, '2026-07-14T23:00:00Z')?.coverage).toBe(1);
      expect(at(buckets, '2026-07-15T03:00:00Z')?.coverage).toBe(1);
      expect(at(buckets, '2026-07-15T03:30:00Z')?.coverage).toBe(0);
      expect(buckets.filter((bucket) => bucket.coverage === 1)).toHaveLength(9);
    }

    const month = await get<{ vitals: Record<string, { buckets: Bucket[] }> }>(
      `/v1/pets/${pet.id}/vitals?range=30d`,
    );
    // 15 July so far: 9 of its 48 half hours.
    expect(month.vitals.heartRate?.buckets.at(-1)).toMatchObject({ count: 0, coverage: 0.188 });
  });

  it("gives each of the vitals panel's buckets the share of its half hours within four hours of a raw reading, over a week and a quarter with days off", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const now = Date.parse('2026-07-20T12:10:00Z');
    context.clock.set(new Date(now).toISOString());
    // Readings of every collar kind at uneven times over the last 40 days: a steady collar, a week it
    // sent only now and then (a few long gaps) and three days it was off altogether.
    const kinds = ['respiratory_rate', 'heart_rate', 'drinking', 'shaking'] as const;
    const instants: number[] = [];
    let state = 7;
    for (let at = now - 40 * 86_400_000; at < now; ) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const day = Math.floor((now - at) / 86_400_000);
      if (day >= 11 && day < 14) at += 86_400_000;
      else {
        instants.push(at);
        const sparse = day >= 3 && day < 10;
        at += (sparse ? 4 * 3_600_000 : 1_200_000) + (state % (sparse ? 5 * 3_600_000 : 2_400_000));
      }
    }
    await addReadings(
      app.database.db,
      instants.map((at, index) =>
        reading(pet.id, kinds[index % kinds.length] ?? 'drinking', new Date(at).toISOString(), 20),
      ),
    );

    // The rule, from the raw readings: a reading covers its own half hour and the seven after it.
    const covered = new Set<number>();
    for (const at of instants) {
      const first = Math.floor(at / 1_800_000) * 1800;
      for (let k = 0; k < 8; k += 1) covered.add(first + k * 1800);
    }
    const expected = (buckets: Bucket[], end: number) =>
      buckets.map((bucket, index) => {
        const to = buckets[index + 1]?.start.seconds ?? end;
        let n = 0;
        for (let h = bucket.start.seconds; h < to; h += 1800) if (covered.has(h)) n += 1;
        return Math.round((n / ((to - bucket.start.seconds) / 1800)) * 1000) / 1000;
      });

    for (const range of ['7d', '90d'] as const) {
      const body = await get<{
        period: { end: { seconds: number } };
        vitals: Record<string, { buckets: Bucket[] }>;
      }>(`/v1/pets/${pet.id}/vitals?range=${range}`);
      const reference = expected(body.vitals.heartRate?.buckets ?? [], body.period.end.seconds);
      expect(reference.some((share) => share === 0)).toBe(true);
      expect(reference.some((share) => share > 0 && share < 1)).toBe(true);
      expect(reference.some((share) => share === 1)).toBe(true);
      for (const kind of ['respiratoryRate', 'heartRate', 'drinking', 'shaking']) {
        const buckets = body.vitals[kind]?.buckets ?? [];
        expect(
          buckets.map((bucket) => bucket.coverage),
          `${range} ${kind}`,
        ).toEqual(reference);
      }
    }
  });
});
