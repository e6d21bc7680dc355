import { defaultRespiratoryThresholds } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../../test/tracker-read-fixtures.ts';
import { newId } from '../../../lib/ids.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

interface Bucket {
  start: { seconds: number };
  avg: number | null;
  min: number | null;
  max: number | null;
  sum: number | null;
  count: number;
  coverage: number | null;
}
interface Chart {
  timezone: string;
  timeScope: string;
  bucketSize: string;
  range: { start: { seconds: number }; end: { seconds: number } };
  buckets: Bucket[];
}

async function chart(url: string): Promise<Chart> {
  const response = await app.inject({ method: 'GET', url, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const iso = (s: { seconds: number }) => new Date(s.seconds * 1000).toISOString();
/** A bucket without readings; `coverage` 1 when the collar was on (a reading of the four hours before). */
const empty = (start: string, coverage = 0): Bucket => ({
  start: { seconds: seconds(start) },
  avg: null,
  min: null,
  max: null,
  sum: null,
  count: 0,
  coverage,
});

describe('a day chart', () => {
  it("has 48 half hours from the pet's local midnight, with readings of the next and previous day left out", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'shaking', '2024-06-11T22:59:00Z', 7), // 23:59 the day before, BST
      reading(pet.id, 'shaking', '2024-06-11T23:00:00Z', 2), // local midnight
      reading(pet.id, 'shaking', '2024-06-11T23:20:00Z', 3),
      reading(pet.id, 'shaking', '2024-06-12T12:45:00Z', 5), // 13:45 local
      reading(pet.id, 'shaking', '2024-06-12T22:59:59Z', 1), // 23:59:59 local
      reading(pet.id, 'shaking', '2024-06-12T23:00:00Z', 9), // the next local day
    ]);

    const day = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=day&date=${seconds('2024-06-12T10:00:00Z')}`,
    );

    expect(day).toMatchObject({ timezone: 'Europe/London', timeScope: 'day', bucketSize: '30m' });
    expect(iso(day.range.start)).toBe('2024-06-11T23:00:00.000Z');
    expect(iso(day.range.end)).toBe('2024-06-12T23:00:00.000Z');
    expect(day.buckets).toHaveLength(48);
    expect(day.buckets[0]).toEqual({
      start: { seconds: seconds('2024-06-11T23:00:00Z') },
      avg: 2.5,
      min: 2,
      max: 3,
      sum: 5,
      count: 2,
      coverage: 1,
    });
    expect(day.buckets[1]).toEqual(empty('2024-06-11T23:30:00Z', 1));
    expect(day.buckets[27]).toMatchObject({
      start: { seconds: seconds('2024-06-12T12:30:00Z') },
      sum: 5,
      count: 1,
    });
    expect(day.buckets[47]).toMatchObject({
      start: { seconds: seconds('2024-06-12T22:30:00Z') },
      sum: 1,
      count: 1,
    });
    expect(day.buckets.reduce((total, b) => total + b.count, 0)).toBe(4);
  });

  it('has 46 half hours on the day the clocks go forward and 50 on the day they go back', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2024-03-31T01:10:00Z', 12), // 02:10 BST, just after the change
      reading(pet.id, 'drinking', '2024-10-27T00:40:00Z', 20), // 01:40 BST, first pass
      reading(pet.id, 'drinking', '2024-10-27T01:40:00Z', 30), // 01:40 GMT, second pass
    ]);

    const spring = await chart(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=day&date=${seconds('2024-03-31T12:00:00Z')}`,
    );
    expect(spring.buckets).toHaveLength(46);
    expect(iso(spring.range.start)).toBe('2024-03-31T00:00:00.000Z');
    expect(iso(spring.range.end)).toBe('2024-03-31T23:00:00.000Z');
    expect(spring.buckets[2]).toMatchObject({ start: { seconds: seconds('2024-03-31T01:00:00Z') }, sum: 12 });

    const autumn = await chart(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=day&date=${seconds('2024-10-27T12:00:00Z')}`,
    );
    expect(autumn.buckets).toHaveLength(50);
    expect(iso(autumn.range.start)).toBe('2024-10-26T23:00:00.000Z');
    expect(iso(autumn.range.end)).toBe('2024-10-28T00:00:00.000Z');
    expect(autumn.buckets[3]).toMatchObject({ start: { seconds: seconds('2024-10-27T00:30:00Z') }, sum: 20 });
    expect(autumn.buckets[5]).toMatchObject({ start: { seconds: seconds('2024-10-27T01:30:00Z') }, sum: 30 });
  });

  it('starts at 18:30 UTC for a pet in India, half an hour off the hour', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    await addReadings(app.database.db, [reading(pet.id, 'shaking', '2024-06-12T05:10:00Z', 4)]); // 10:40 IST

    const day = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=day&date=${seconds('2024-06-12T05:10:00Z')}`,
    );
    expect(day.timezone).toBe('Asia/Kolkata');
    expect(iso(day.range.start)).toBe('2024-06-11T18:30:00.000Z');
    expect(day.buckets).toHaveLength(48);
    expect(day.buckets[21]).toMatchObject({
      start: { seconds: seconds('2024-06-12T05:00:00Z') },
      sum: 4,
      count: 1,
    });
  });

  it('is drawn in UTC for a pet whose family has no owner', async () => {
    const pet = await petLivingIn(app.database.db, null);
    await addReadings(app.database.db, [reading(pet.id, 'shaking', '2024-06-12T00:10:00Z', 1)]);
    const day = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=day&date=${seconds('2024-06-12T10:00:00Z')}`,
    );
    expect(day.timezone).toBe('UTC');
    expect(iso(day.range.start)).toBe('2024-06-12T00:00:00.000Z');
    expect(day.buckets[0]).toMatchObject({ sum: 1, count: 1 });
  });
});

describe('a week chart', () => {
  it('has 168 hours from local Monday midnight, each re-bucketed from its two half hours', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2024-06-11T09:05:00Z', 30), // Tuesday 10:05 BST
      reading(pet.id, 'drinking', '2024-06-11T09:35:00Z', 50),
      reading(pet.id, 'drinking', '2024-06-11T09:59:00Z', 10),
      reading(pet.id, 'drinking', '2024-06-09T22:59:00Z', 99), // Sunday 23:59 of the week before
    ]);

    const week = await chart(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=week&date=${seconds('2024-06-12T12:00:00Z')}`,
    );

    expect(week).toMatchObject({ timeScope: 'week', bucketSize: '1h' });
    expect(iso(week.range.start)).toBe('2024-06-09T23:00:00.000Z'); // Monday 10 June, 00:00 BST
    expect(iso(week.range.end)).toBe('2024-06-16T23:00:00.000Z');
    expect(week.buckets).toHaveLength(168);
    expect(week.buckets[34]).toEqual({
      start: { seconds: seconds('2024-06-11T09:00:00Z') },
      avg: 30,
      min: 10,
      max: 50,
      sum: 90,
      count: 3,
      coverage: 1,
    });
    expect(week.buckets[35]).toEqual(empty('2024-06-11T10:00:00Z', 1));
    expect(week.buckets.reduce((total, b) => total + b.count, 0)).toBe(3);
  });

  it('has 167 real hours over the spring DST change and 169 over the autumn one', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'shaking', '2024-03-31T00:30:00Z', 1), // 00:30 GMT
      reading(pet.id, 'shaking', '2024-03-31T01:15:00Z', 2), // 02:15 BST
      reading(pet.id, 'shaking', '2024-10-27T00:30:00Z', 3), // 01:30 BST
      reading(pet.id, 'shaking', '2024-10-27T01:30:00Z', 4), // 01:30 GMT
    ]);

    const spring = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=week&date=${seconds('2024-03-28T12:00:00Z')}`,
    );
    expect(iso(spring.range.start)).toBe('2024-03-25T00:00:00.000Z');
    expect(iso(spring.range.end)).toBe('2024-03-31T23:00:00.000Z');
    expect(spring.buckets).toHaveLength(167);
    expect(spring.buckets[144]).toMatchObject({
      start: { seconds: seconds('2024-03-31T00:00:00Z') },
      sum: 1,
    });
    expect(spring.buckets[145]).toMatchObject({
      start: { seconds: seconds('2024-03-31T01:00:00Z') },
      sum: 2,
    });
    expect(iso(spring.buckets[166]?.start ?? { seconds: 0 })).toBe('2024-03-31T22:00:00.000Z');

    const autumn = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=week&date=${seconds('2024-10-24T12:00:00Z')}`,
    );
    expect(iso(autumn.range.start)).toBe('2024-10-20T23:00:00.000Z');
    expect(iso(autumn.range.end)).toBe('2024-10-28T00:00:00.000Z');
    expect(autumn.buckets).toHaveLength(169);
    expect(autumn.buckets[145]).toMatchObject({
      start: { seconds: seconds('2024-10-27T00:00:00Z') },
      sum: 3,
    });
    expect(autumn.buckets[146]).toMatchObject({
      start: { seconds: seconds('2024-10-27T01:00:00Z') },
      sum: 4,
    });
  });

  it('has hours starting at half past UTC in India, joining half hours of two UTC hours', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    await addReadings(app.database.db, [
      reading(pet.id, 'shaking', '2024-06-12T04:40:00Z', 6), // 10:10 IST
      reading(pet.id, 'shaking', '2024-06-12T05:10:00Z', 4), // 10:40 IST
    ]);
    const week = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=week&date=${seconds('2024-06-12T05:10:00Z')}`,
    );
    expect(iso(week.range.start)).toBe('2024-06-09T18:30:00.000Z');
    expect(week.buckets).toHaveLength(168);
    expect(week.buckets[58]).toEqual({
      start: { seconds: seconds('2024-06-12T04:30:00Z') },
      avg: 5,
      min: 4,
      max: 6,
      sum: 10,
      count: 2,
      coverage: 1,
    });
  });
});

describe('a month chart', () => {
  it('has one bucket per local day, each at local midnight, across the DST change', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2024-09-30T22:30:00Z', 100), // 30 September 23:30 BST
      reading(pet.id, 'drinking', '2024-09-30T23:30:00Z', 40), // 1 October 00:30 BST
      reading(pet.id, 'drinking', '2024-10-01T12:00:00Z', 20),
      reading(pet.id, 'drinking', '2024-10-31T23:30:00Z', 15), // 31 October 23:30 GMT
    ]);

    const month = await chart(
      `/v1/pets/${pet.id}/drinking/chart?timeScope=month&date=${seconds('2024-10-15T12:00:00Z')}`,
    );

    expect(month).toMatchObject({ timeScope: 'month', bucketSize: '1d' });
    expect(month.buckets).toHaveLength(31);
    expect(iso(month.range.start)).toBe('2024-09-30T23:00:00.000Z');
    expect(iso(month.range.end)).toBe('2024-11-01T00:00:00.000Z');
    expect(month.buckets[0]).toEqual({
      start: { seconds: seconds('2024-09-30T23:00:00Z') },
      avg: 30,
      min: 20,
      max: 40,
      sum: 60,
      count: 2,
      coverage: 0.354, // 17 of 48 half hours: 23:00Z, and four hours from 23:30Z and from 12:00Z
    });
    expect(iso(month.buckets[26]?.start ?? { seconds: 0 })).toBe('2024-10-26T23:00:00.000Z');
    expect(iso(month.buckets[27]?.start ?? { seconds: 0 })).toBe('2024-10-28T00:00:00.000Z');
    expect(month.buckets[27]).toEqual(empty('2024-10-28T00:00:00Z'));
    expect(month.buckets[30]).toMatchObject({ start: { seconds: seconds('2024-10-31T00:00:00Z') }, sum: 15 });
  });

  it.each([
    ['2024-02-10T12:00:00Z', 29],
    ['2023-02-10T12:00:00Z', 28],
    ['2024-04-10T12:00:00Z', 30],
  ])('of the month of %s has %i days', async (date, days) => {
    const pet = await petLivingIn(app.database.db, 'Europe/Berlin');
    const month = await chart(`/v1/pets/${pet.id}/shaking/chart?timeScope=month&date=${seconds(date)}`);
    expect(month.buckets).toHaveLength(days);
    expect(month.buckets.every((b) => b.count === 0 && b.sum === null)).toBe(true);
  });

  it('sums each local day exactly as the raw readings of that day add up', async () => {
    const timezone = 'America/New_York';
    const pet = await petLivingIn(app.database.db, timezone);
    const readings = Array.from({ length: 1300 }, (_, i) =>
      reading(
        pet.id,
        'shaking',
        new Date(Date.parse('2024-10-31T20:00:00Z') + i * 37 * 60_000).toISOString(),
        i % 13,
      ),
    );
    await addReadings(app.database.db, readings);

    const localDay = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const expected = new Map<string, { sum: number; count: number; min: number; max: number }>();
    for (const r of readings) {
      const day = localDay.format(r.measuredAt);
      if (!day.startsWith('2024-11')) continue;
      const e = expected.get(day) ?? { sum: 0, count: 0, min: Infinity, max: -Infinity };
      expected.set(day, {
        sum: e.sum + r.value,
        count: e.count + 1,
        min: Math.min(e.min, r.value),
        max: Math.max(e.max, r.value),
      });
    }

    const month = await chart(
      `/v1/pets/${pet.id}/shaking/chart?timeScope=month&date=${seconds('2024-11-15T12:00:00Z')}`,
    );
    expect(month.buckets).toHaveLength(30);
    for (const bucket of month.buckets) {
      const day = localDay.format(new Date(bucket.start.seconds * 1000));
      const want = expected.get(day);
      expect({ day, sum: bucket.sum, count: bucket.count, min: bucket.min, max: bucket.max }).toEqual({
        day,
        sum: want?.sum ?? null,
        count: want?.count ?? 0,
        min: want?.min ?? null,
        max: want?.max ?? null,
      });
    }
    // 3 November 2024 is 25 hours long in New York: its bucket still starts at local midnight.
    expect(iso(month.buckets[2]?.start ?? { seconds: 0 })).toBe('2024-11-03T04:00:00.000Z');
    expect(iso(month.buckets[3]?.start ?? { seconds: 0 })).toBe('2024-11-04T05:00:00.000Z');
  });
});

describe('chart requests', () => {
  it('are refused without a session', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const response = await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}/shaking/chart` });
    expect(response.statusCode).toBe(401);
  });

  it('answer 404 for an unknown pet and 400 for a malformed id or scope', async () => {
    const unknown = await app.inject({ method: 'GET', url: `/v1/pets/${newId()}/drinking/chart`, cookies });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pets.not_found');

    const malformed = await app.inject({ method: 'GET', url: '/v1/pets/not-a-uuid/drinking/chart', cookies });
    expect(malformed.statusCode).toBe(400);

    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const scope = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pet.id}/drinking/chart?timeScope=year`,
      cookies,
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.json().details[0].path).toBe('timeScope');
  });

  it('default to the current week', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const week = await chart(`/v1/pets/${pet.id}/shaking/chart`);
    expect(week.timeScope).toBe('week');
    const now = Date.now() / 1000;
    expect(week.range.start.seconds).toBeLessThanOrEqual(now);
    expect(week.range.end.seconds).toBeGreaterThan(now);
  });

  it('answer a company vet 404 for a pet of another company, exactly like a missing one, and their own pet its chart', async () => {
    const db = app.database.db;
    const [ours, theirs] = [await createCompany(db), await createCompany(db)];
    const petOf = async (sku: string) => {
      const { family } = await createFamily(db, {
        familyKind: 'b2b',
        owner: { b2bCode: sku, timezone: 'Asia/Kolkata' },
      });
      return createPet(db, { familyId: family.id, species: 'cat' });
    };
    const [own, other] = [await petOf(ours.sku), await petOf(theirs.sku)];
    await addReadings(db, [
      reading(own.id, 'respiratory_rate', '2024-06-12T10:10:00Z', 30),
      reading(other.id, 'respiratory_rate', '2024-06-12T10:10:00Z', 31),
      reading(other.id, 'heart_rate', '2024-06-12T10:10:00Z', 120),
    ]);
    const vet = await createTestVet(app, { kind: 'b2b', companySku: ours.sku });
    const companyCookies = await loginAs(app, vet.email);
    const at = seconds('2024-06-12T12:00:00Z');
    // Each chart statement the pet lookup now runs inside: scopes of half hours, hours and days, ranges
    // of each size, the heart rate's half hours, and a range too long for one statement (two steps).
    const urls = (id: string) => [
      `/v1/pets/${id}/respiratory-history/chart?timeScope=day&date=${at}`,
      `/v1/pets/${id}/respiratory-history/chart?timeScope=week&date=${at}`,
      `/v1/pets/${id}/drinking/chart?timeScope=month&date=${at}`,
      `/v1/pets/${id}/respiratory-history/chart?startDate=${at - 86_400}&endDate=${at}`,
      `/v1/pets/${id}/shaking/chart?startDate=${at - 10 * 86_400}&endDate=${at}`,
      `/v1/pets/${id}/respiratory-history/chart?startDate=${at - 300 * 86_400}&endDate=${at}`,
      `/v1/pets/${id}/respiratory-history/chart?startDate=${at - 500 * 86_400}&endDate=${at}`,
      `/v1/pets/heart-rate/half-hourly-averages?petUuid=${id}&startDate=${at - 86_400}&endDate=${at}`,
    ];
    const TOO_LONG = 6;
    const missing = urls(newId());
    const outOfScope = urls(other.id);
    for (const [i, url] of outOfScope.entries()) {
      const asked = await app.inject({ method: 'GET', url, cookies: companyCookies });
      const unknown = await app.inject({ method: 'GET', url: missing[i] ?? '', cookies: companyCookies });
      expect([asked.statusCode, asked.json()], url).toEqual([404, { ...unknown.json() }]);
      expect(asked.json().code).toBe('pets.not_found');
      expect(asked.body).not.toContain('31');
      // A product vet sees the same pet's chart: the 404 is the scope, not the statement.
      const product = await app.inject({ method: 'GET', url, cookies });
      expect(product.statusCode, url).toBe(i === TOO_LONG ? 400 : 200);
    }

    const week = await app.inject({ method: 'GET', url: urls(own.id)[1] ?? '', cookies: companyCookies });
    expect(week.statusCode, week.body).toBe(200);
    const body = week.json();
    expect(body.timezone).toBe('Asia/Kolkata');
    expect(body.thresholds).toEqual(defaultRespiratoryThresholds.cat);
    expect(body.buckets).toHaveLength(168);
    expect(body.buckets.find((b: Bucket) => b.count > 0)).toMatchObject({ avg: 30, count: 1 });
  });
});
