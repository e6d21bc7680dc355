import { beforeAll, describe, expect, it } from 'vitest';
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

function get(url: string) {
  return app.inject({ method: 'GET', url, cookies });
}

const iso = (s: { seconds: number }) => new Date(s.seconds * 1000).toISOString();

function halfHourly(petId: string, start: string, end: string) {
  return get(
    `/v1/pets/heart-rate/half-hourly-averages?petUuid=${petId}&startDate=${seconds(start)}&endDate=${seconds(end)}`,
  );
}

describe('heart-rate half-hourly averages', () => {
  it('average each half hour of the range, widened to whole half hours, gaps included', async () => {
    const pet = await petLivingIn(app.database.db, 'Asia/Kolkata');
    await addReadings(app.database.db, [
      reading(pet.id, 'heart_rate', '2024-06-12T08:01:00Z', 80),
      reading(pet.id, 'heart_rate', '2024-06-12T08:29:59Z', 100),
      reading(pet.id, 'heart_rate', '2024-06-12T09:45:00Z', 120),
      reading(pet.id, 'heart_rate', '2024-06-12T10:00:00Z', 300), // the range's end: left out
    ]);
    const response = await halfHourly(pet.id, '2024-06-12T08:10:00Z', '2024-06-12T10:00:00Z');
    expect(response.statusCode, response.body).toBe(200);
    const chart = response.json();
    expect(chart).toMatchObject({ timezone: 'Asia/Kolkata', bucketSize: '30m', timeScope: 'range' });
    expect(iso(chart.range.start)).toBe('2024-06-12T08:00:00.000Z');
    expect(iso(chart.range.end)).toBe('2024-06-12T10:00:00.000Z');
    expect(chart.buckets).toEqual([
      {
        start: { seconds: seconds('2024-06-12T08:00:00Z') },
        avg: 90,
        min: 80,
        max: 100,
        sum: 180,
        count: 2,
        coverage: 1,
      },
      {
        start: { seconds: seconds('2024-06-12T08:30:00Z') },
        avg: null,
        min: null,
        max: null,
        sum: null,
        count: 0,
        coverage: 1, // the collar was on: 08:29's reading stands for the four hours from it
      },
      {
        start: { seconds: seconds('2024-06-12T09:00:00Z') },
        avg: null,
        min: null,
        max: null,
        sum: null,
        count: 0,
        coverage: 1, // the collar was on: 08:29's reading stands for the four hours from it
      },
      {
        start: { seconds: seconds('2024-06-12T09:30:00Z') },
        avg: 120,
        min: 120,
        max: 120,
        sum: 120,
        count: 1,
        coverage: 1,
      },
    ]);
  });

  it('stop at 400 half hours', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const longest = await halfHourly(pet.id, '2024-06-01T00:00:00Z', '2024-06-09T08:00:00Z');
    expect(longest.statusCode).toBe(200);
    expect(longest.json().buckets).toHaveLength(400);

    const tooLong = await halfHourly(pet.id, '2024-06-01T00:00:00Z', '2024-06-09T08:00:01Z');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('trackers.range_too_long');
  });

  it('refuse an empty range, a missing bound, an unknown pet and a malformed one', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const empty = await halfHourly(pet.id, '2024-06-01T00:00:00Z', '2024-06-01T00:00:00Z');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('trackers.invalid_range');

    const missing = await get(`/v1/pets/heart-rate/half-hourly-averages?petUuid=${pet.id}&startDate=1`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('endDate');

    const unknown = await halfHourly(newId(), '2024-06-01T00:00:00Z', '2024-06-02T00:00:00Z');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pets.not_found');

    const malformed = await get(
      '/v1/pets/heart-rate/half-hourly-averages?petUuid=luna&startDate=1&endDate=2',
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('petUuid');
  });
});

describe('heart-rate history', () => {
  it('lists raw readings newest first, in pages, within a range', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const readings = [60, 70, 80, 90, 100].map((value, i) =>
      reading(pet.id, 'heart_rate', `2024-06-12T1${i}:00:00Z`, value),
    );
    await addReadings(app.database.db, [
      ...readings,
      reading(pet.id, 'respiratory_rate', '2024-06-12T12:30:00Z', 20),
    ]);

    const page = await get(`/v1/pets/heart-rate/history?petUuid=${pet.id}&pageSize=2&page=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({
      entries: [
        {
          uuid: readings[2]?.id,
          value: 80,
          measuredAt: { seconds: seconds('2024-06-12T12:00:00Z') },
          source: 'tracker',
        },
        {
          uuid: readings[1]?.id,
          value: 70,
          measuredAt: { seconds: seconds('2024-06-12T11:00:00Z') },
          source: 'tracker',
        },
      ],
      pagination: { page: 2, pageSize: 2, total: 5, totalIsCapped: false, pageCount: 3 },
      timezone: 'Europe/London',
    });

    const range = await get(
      `/v1/pets/heart-rate/history?petUuid=${pet.id}&order=asc&startDate=${seconds('2024-06-12T11:00:00Z')}&endDate=${seconds('2024-06-12T13:00:00Z')}`,
    );
    expect(range.json().entries.map((e: { value: number }) => e.value)).toEqual([70, 80]);
  });

  it('is reached by its own path, which the pet id route does not capture', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const history = await get(`/v1/pets/heart-rate/history?petUuid=${pet.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().entries).toEqual([]);

    const profile = await get(`/v1/pets/${pet.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().petProfile.uuid).toBe(pet.id);

    const bare = await get('/v1/pets/heart-rate');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details[0].path).toBe('id');
  });
});
