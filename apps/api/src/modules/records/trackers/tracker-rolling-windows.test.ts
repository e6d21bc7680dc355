import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../../test/tracker-read-fixtures.ts';

/**
 * The tracker screens open on a rolling window ending now (last 24 hours, 7 days, 30
 * days, 12 months), so every chart takes an explicit range and buckets it server-side.
 */
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

interface Chart {
  timeScope: string;
  bucketSize: string;
  range: { start: { seconds: number }; end: { seconds: number } };
  buckets: { start: { seconds: number }; count: number; avg: number | null }[];
}

async function chart(url: string): Promise<Chart> {
  const response = await app.inject({ method: 'GET', url, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const iso = (s: { seconds: number }) => new Date(s.seconds * 1000).toISOString();

describe('a rolling window', () => {
  it('of 7 days ending mid-week draws both calendar weeks it spans, in hours', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'shaking', '2024-06-06T09:10:00Z', 4), // Thursday of the week before
      reading(pet.id, 'shaking', '2024-06-11T08:40:00Z', 6), // Tuesday
    ]);
    const start = seconds('2024-06-05T10:00:00Z');
    const end = seconds('2024-06-12T10:00:00Z'); // a Wednesday
    const week = await chart(`/v1/pets/${pet.id}/shaking/chart?startDate=${start}&endDate=${end}`);
    expect(week.bucketSize).toBe('1h');
    expect(iso(week.range.start)).toBe('2024-06-05T10:00:00.000Z');
    expect(iso(week.range.end)).toBe('2024-06-12T10:00:00.000Z');
    expect(week.buckets).toHaveLength(168);
    expect(week.buckets.filter((bucket) => bucket.count > 0).map((bucket) => iso(bucket.start))).toEqual([
      '2024-06-06T09:00:00.000Z',
      '2024-06-11T08:00:00.000Z',
    ]);
  });

  it('of 30 days is drawn in local days, the drinking chart too', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/Berlin');
    await addReadings(app.database.db, [reading(pet.id, 'drinking', '2024-06-01T12:00:00Z', 300)]);
    const month = await chart(
      `/v1/pets/${pet.id}/drinking/chart?startDate=${seconds('2024-05-14T10:00:00Z')}&endDate=${seconds('2024-06-13T10:00:00Z')}`,
    );
    expect(month.bucketSize).toBe('1d');
    expect(month.buckets).toHaveLength(31);
    expect(month.buckets.find((bucket) => bucket.count > 0)?.start).toEqual({
      seconds: seconds('2024-05-31T22:00:00Z'),
    });
  });

  it('of 12 months of weight is drawn in ISO weeks from the Monday before it starts', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const post = (iso: string, value: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/weight-history',
        cookies,
        payload: { petUuid: pet.id, value, measuredAt: { seconds: seconds(iso) }, location: 'home' },
      });
    expect((await post('2023-09-20T09:00:00Z', 11.2)).statusCode).toBe(201);
    expect((await post('2024-06-10T09:00:00Z', 12.1)).statusCode).toBe(201);
    const year = await chart(
      `/v1/pets/${pet.id}/weight-history/chart?startDate=${seconds('2023-06-12T10:00:00Z')}&endDate=${seconds('2024-06-12T10:00:00Z')}`,
    );
    expect(year.bucketSize).toBe('1w');
    // Monday 12 June 2023, local midnight (BST), to the Monday after Wednesday 12 June 2024.
    expect(iso(year.range.start)).toBe('2023-06-11T23:00:00.000Z');
    expect(iso(year.range.end)).toBe('2024-06-16T23:00:00.000Z');
    expect(year.buckets.filter((bucket) => bucket.count > 0).map((bucket) => bucket.avg)).toEqual([
      11.2, 12.1,
    ]);

    const month = await chart(
      `/v1/pets/${pet.id}/weight-history/chart?startDate=${seconds('2024-05-13T10:00:00Z')}&endDate=${seconds('2024-06-12T10:00:00Z')}`,
    );
    expect(month.bucketSize).toBe('1d');

    // Longer than any chart draws: refused, like the collar charts' ranges (found by the fuzz test).
    const tooLong = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pet.id}/weight-history/chart?startDate=0&endDate=241657201`,
      cookies,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('trackers.range_too_long');
  });
});
