import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
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
  avg: number | null;
  sum: number | null;
  count: number;
}
interface Vital {
  buckets: Bucket[];
  latest: { value: number; at: { seconds: number } } | null;
  band: unknown;
  change: {
    measure: string;
    current: number | null;
    previous: number | null;
    delta: number | null;
    percent: number | null;
  };
}
interface Vitals {
  timezone: string;
  range: string;
  bucketSize: string;
  period: { start: { seconds: number }; end: { seconds: number } };
  previousPeriod: { start: { seconds: number }; end: { seconds: number } };
  targetWeightKg: number | null;
  vitals: Record<'respiratoryRate' | 'heartRate' | 'weight' | 'drinking' | 'shaking', Vital>;
}

const names = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'] as const;

async function vitals(petId: string, range: string, as = cookies): Promise<Vitals> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pets/${petId}/vitals?range=${range}`,
    cookies: as,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const iso = (s: { seconds: number }) => new Date(s.seconds * 1000).toISOString();
const startsOf = (vital: Vital) => vital.buckets.map((bucket) => iso(bucket.start));

async function addWeights(petId: string, entries: [string, number][]) {
  await app.database.db.insert(weightEntries).values(
    entries.map(([at, valueKg]) => ({
      id: newId(),
      petId,
      valueKg,
      measuredAt: new Date(at),
      location: 'home' as const,
      author: 'user' as const,
    })),
  );
}

describe('the vitals panel over the last 24 hours', () => {
  it('puts the five vitals on one axis of half hours, with latest values, bands and changes computed by hand', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 10 });
    // 13:00 BST: the 24 hours are 12:00Z the day before to 12:00Z, the previous 24 hours before them.
    context.clock.set('2026-07-15T12:00:00Z');
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2026-07-14T02:00:00Z', 20), // previous period
      reading(pet.id, 'respiratory_rate', '2026-07-15T01:10:00Z', 20),
      reading(pet.id, 'respiratory_rate', '2026-07-15T01:20:00Z', 30),
      reading(pet.id, 'respiratory_rate', '2026-07-15T11:50:00Z', 40), // latest: above high-orange (35), not above high-red (40)
      reading(pet.id, 'drinking', '2026-07-13T20:00:00Z', 45), // previous period
      reading(pet.id, 'drinking', '2026-07-14T23:30:00Z', 60), // 00:30 BST: today
      reading(pet.id, 'drinking', '2026-07-15T10:00:00Z', 30),
      reading(pet.id, 'shaking', '2026-07-14T13:00:00Z', 3), // yesterday, local
      reading(pet.id, 'shaking', '2026-07-15T12:00:00Z', 9), // now: after the period's end
    ]);
    await addWeights(pet.id, [
      ['2026-07-13T15:00:00Z', 12],
      ['2026-07-15T08:00:00Z', 11],
    ]);

    const body = await vitals(pet.id, '24h');

    expect(body).toMatchObject({
      timezone: 'Europe/London',
      range: '24h',
      bucketSize: '30m',
      targetWeightKg: 10,
    });
    expect(iso(body.period.start)).toBe('2026-07-14T12:00:00.000Z');
    expect(iso(body.period.end)).toBe('2026-07-15T12:00:00.000Z');
    expect(iso(body.previousPeriod.start)).toBe('2026-07-13T12:00:00.000Z');
    expect(iso(body.previousPeriod.end)).toBe('2026-07-14T12:00:00.000Z');
    const axis = startsOf(body.vitals.respiratoryRate);
    expect(axis).toHaveLength(48);
    expect(axis[0]).toBe('2026-07-14T12:00:00.000Z');
    expect(axis[47]).toBe('2026-07-15T11:30:00.000Z');
    for (const name of names) expect(startsOf(body.vitals[name]), name).toEqual(axis);

    const { respiratoryRate, heartRate, weight, drinking, shaking } = body.vitals;
    expect(respiratoryRate.buckets[26]).toMatchObject({ avg: 25, count: 2 }); // 01:00Z
    expect(respiratoryRate.buckets[47]).toMatchObject({ avg: 40, count: 1 });
    expect(respiratoryRate.latest).toEqual({ value: 40, at: { seconds: seconds('2026-07-15T11:50:00Z') } });
    expect(respiratoryRate.band).toEqual({ type: 'respiratory', abnormal: 'high-orange' });
    // (20 + 30 + 40) / 3 against 20.
    expect(respiratoryRate.change).toEqual({
      measure: 'average',
      current: 30,
      previous: 20,
      delta: 10,
      percent: 50,
    });

    expect(heartRate.buckets.every((bucket) => bucket.count === 0 && bucket.avg === null)).toBe(true);
    expect(heartRate.latest).toBeNull();
    expect(heartRate.band).toEqual({ type: 'none' });
    expect(heartRate.change).toEqual({
      measure: 'average',
      current: null,
      previous: null,
      delta: null,
      percent: null,
    });

    expect(weight.buckets[40]).toMatchObject({ avg: 11, count: 1 }); // 08:00Z
    expect(weight.latest).toEqual({ value: 11, at: { seconds: seconds('2026-07-15T08:00:00Z') } });
    // Still above the target, but 12 → 11 kg is towards it.
    expect(weight.band).toEqual({
      type: 'weight-target',
      position: 'above',
      targetKg: 10,
      variationSentiment: 'positive',
    });
    expect(weight.change).toEqual({
      measure: 'average',
      current: 11,
      previous: 12,
      delta: -1,
      percent: -8.3,
    });

    expect(drinking.buckets[23]).toMatchObject({ sum: 60, count: 1 }); // 23:30Z
    // The newest local day's total, at its midnight (BST).
    expect(drinking.latest).toEqual({ value: 90, at: { seconds: seconds('2026-07-14T23:00:00Z') } });
    expect(drinking.band).toEqual({ type: 'none' });
    expect(drinking.change).toEqual({ measure: 'total', current: 90, previous: 45, delta: 45, percent: 100 });

    // 9 episodes today (at 12:00Z, the next bucket): in today's total, not in the period's buckets.
    expect(shaking.buckets[2]).toMatchObject({ sum: 3, count: 1 });
    expect(shaking.latest).toEqual({ value: 9, at: { seconds: seconds('2026-07-14T23:00:00Z') } });
    expect(shaking.change).toEqual({
      measure: 'total',
      current: 3,
      previous: null,
      delta: null,
      percent: null,
    });
  });

  it('gives a pet without any tracker five empty vitals on the same axis, not an error', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    context.clock.set('2026-07-15T12:10:00Z'); // 17:40 IST: widened to whole half hours from 17:30 and 18:00
    const body = await vitals(pet.id, '24h');
    expect(iso(body.period.start)).toBe('2026-07-14T12:00:00.000Z');
    expect(iso(body.period.end)).toBe('2026-07-15T12:30:00.000Z');
    expect(body.targetWeightKg).toBeNull();
    for (const name of names) {
      const vital = body.vitals[name];
      expect(vital.buckets, name).toHaveLength(49);
      expect(vital.buckets.every((bucket) => bucket.count === 0)).toBe(true);
      expect(vital.latest).toBeNull();
      expect(vital.band).toEqual({ type: 'none' });
      expect(vital.change.current).toBeNull();
    }
  });
});

describe('the vitals panel over a DST change in the pet’s zone', () => {
  it('gives 30 local days from local midnights, the 23-hour day among them, on one axis for all five', async () => {
    const pet = await petLivingIn(app.database.db, 'America/New_York', { targetWeightKg: 20 });
    context.clock.set('2026-03-20T16:00:00Z'); // noon EDT; the clocks went forward on Sunday 8 March
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2026-03-09T03:30:00Z', 50), // 23:30 EDT on the 8th
      reading(pet.id, 'respiratory_rate', '2026-03-09T04:30:00Z', 18), // 00:30 EDT on the 9th
      reading(pet.id, 'respiratory_rate', '2026-02-18T12:00:00Z', 24), // the previous 30 days
      reading(pet.id, 'heart_rate', '2026-03-20T15:00:00Z', 90),
    ]);
    await addWeights(pet.id, [['2026-03-09T04:10:00Z', 20.1]]);

    const body = await vitals(pet.id, '30d');

    expect(body.bucketSize).toBe('1d');
    const axis = startsOf(body.vitals.weight);
    expect(axis).toHaveLength(30);
    expect(axis[0]).toBe('2026-02-19T05:00:00.000Z');
    expect(axis[17]).toBe('2026-03-08T05:00:00.000Z'); // the 23-hour day
    expect(axis[18]).toBe('2026-03-09T04:00:00.000Z');
    expect(axis[29]).toBe('2026-03-20T04:00:00.000Z');
    expect(iso(body.period.end)).toBe('2026-03-21T04:00:00.000Z');
    expect(iso(body.previousPeriod.start)).toBe('2026-01-20T05:00:00.000Z');
    for (const name of names) expect(startsOf(body.vitals[name]), name).toEqual(axis);

    expect(body.vitals.drinking.buckets[17]).toMatchObject({ sum: 50, count: 1 });
    // Nothing drunk since: the latest total is that day's, twelve days ago (its midnight was still EST).
    expect(body.vitals.drinking.latest).toEqual({
      value: 50,
      at: { seconds: seconds('2026-03-08T05:00:00Z') },
    });
    expect(body.vitals.respiratoryRate.buckets[18]).toMatchObject({ avg: 18, count: 1 });
    expect(body.vitals.weight.buckets[18]).toMatchObject({ avg: 20.1, count: 1 });
    // A first entry has nothing to move from.
    expect(body.vitals.weight.band).toEqual({
      type: 'weight-target',
      position: 'at',
      targetKg: 20,
      variationSentiment: 'neutral',
    });
    expect(body.vitals.respiratoryRate.band).toEqual({ type: 'respiratory', abnormal: 'undefined' });
    expect(body.vitals.respiratoryRate.change).toMatchObject({
      current: 18,
      previous: 24,
      delta: -6,
      percent: -25,
    });
    expect(body.vitals.heartRate.buckets[29]).toMatchObject({ avg: 90, count: 1 });
  });

  it('steps the 24 hours of the change day in real half hours', async () => {
    const pet = await petLivingIn(app.database.db, 'America/New_York');
    context.clock.set('2026-03-08T16:00:00Z'); // noon EDT, ten hours after 02:00 EST became 03:00 EDT
    await addReadings(app.database.db, [reading(pet.id, 'heart_rate', '2026-03-08T07:15:00Z', 80)]); // 03:15 EDT
    const body = await vitals(pet.id, '24h');
    const axis = body.vitals.heartRate.buckets.map((bucket) => bucket.start.seconds);
    expect(axis).toHaveLength(48);
    expect(axis.slice(1).every((start, i) => start - (axis[i] as number) === 1800)).toBe(true);
    const at = axis.indexOf(seconds('2026-03-08T07:00:00Z'));
    expect(body.vitals.heartRate.buckets[at]).toMatchObject({ avg: 80, count: 1 });
  });

  it('draws a week of hours from the hour of the pet’s own clock', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    context.clock.set('2026-10-27T09:20:00Z'); // the clocks went back on Sunday 25 October
    const body = await vitals(pet.id, '7d');
    expect(body.bucketSize).toBe('1h');
    expect(iso(body.period.start)).toBe('2026-10-20T09:00:00.000Z');
    expect(iso(body.period.end)).toBe('2026-10-27T10:00:00.000Z');
    expect(body.vitals.shaking.buckets).toHaveLength(169);
  });
});

describe('the vitals panel’s change from the previous period', () => {
  it('counts what falls on the range’s first instant in the range and a second before it in the previous period', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    context.clock.set('2026-06-17T09:20:00Z');
    // The 7-day range is the 169 whole hours of the pet’s clock from 2026-06-10T09:00Z; the previous one as long.
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2026-06-10T09:00:00Z', 20), // the range’s first instant
      reading(pet.id, 'respiratory_rate', '2026-06-10T08:59:59Z', 30), // the previous period’s last second
      reading(pet.id, 'respiratory_rate', '2026-06-03T08:00:00Z', 40), // the previous period’s first instant
      reading(pet.id, 'respiratory_rate', '2026-06-03T07:59:59Z', 99), // before both: counted nowhere
      reading(pet.id, 'drinking', '2026-06-10T09:00:00Z', 60),
      reading(pet.id, 'drinking', '2026-06-10T08:59:59Z', 15),
      reading(pet.id, 'drinking', '2026-06-05T12:00:00Z', 15),
    ]);
    await addWeights(pet.id, [
      ['2026-06-10T09:00:00Z', 12],
      ['2026-06-10T08:59:59Z', 10],
      ['2026-06-04T10:00:00Z', 11],
      ['2026-06-03T07:59:59Z', 50],
    ]);

    const body = await vitals(pet.id, '7d');

    expect(iso(body.period.start)).toBe('2026-06-10T09:00:00.000Z');
    expect(iso(body.previousPeriod.start)).toBe('2026-06-03T08:00:00.000Z');
    expect(body.vitals.respiratoryRate.change).toEqual({
      measure: 'average',
      current: 20,
      previous: 35,
      delta: -15,
      percent: -42.9,
    });
    expect(body.vitals.drinking.change).toEqual({
      measure: 'total',
      current: 60,
      previous: 30,
      delta: 30,
      percent: 100,
    });
    expect(body.vitals.weight.change).toEqual({
      measure: 'average',
      current: 12,
      previous: 10.5,
      delta: 1.5,
      percent: 14.3,
    });
    // A tracker with nothing in either period has no change.
    expect(body.vitals.heartRate.change).toEqual({
      measure: 'average',
      current: null,
      previous: null,
      delta: null,
      percent: null,
    });
  });
});

describe('the vitals panel’s scope', () => {
  it('is 404 for a company vet asking for a pet outside the company, and 400 for an unknown range', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const company = await createCompany(app.database.db);
    const outsider = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
    const response = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pet.id}/vitals?range=7d`,
      cookies: await loginAs(app, outsider.email),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'pets.not_found' });

    const bad = await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}/vitals?range=1y`, cookies });
    expect(bad.statusCode).toBe(400);
  });
});
