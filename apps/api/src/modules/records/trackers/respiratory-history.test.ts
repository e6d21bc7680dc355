import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../../test/tracker-read-fixtures.ts';
import { newId } from '../../../lib/ids.ts';
import { respiratoryThresholds } from './trackers.table.ts';

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

describe('the respiratory entries', () => {
  it('flag each reading against the default thresholds, boundaries included', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const values = [9.5, 10, 30, 30.5, 35, 35.5, 40, 41];
    await addReadings(
      app.database.db,
      values.map((value, i) => reading(pet.id, 'respiratory_rate', `2024-06-12T0${i}:00:00Z`, value)),
    );
    const response = await get(`/v1/pets/${pet.id}/respiratory-history?order=asc`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timezone).toBe('Europe/London');
    expect(body.entries.map((e: { value: number; abnormal: string }) => [e.value, e.abnormal])).toEqual([
      [9.5, 'low'],
      [10, 'undefined'],
      [30, 'undefined'],
      [30.5, 'high'],
      [35, 'high'],
      [35.5, 'high-orange'],
      [40, 'high-orange'],
      [41, 'high-red'],
    ]);
  });

  it("follow the pet's own thresholds, without the readings being rewritten", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [reading(pet.id, 'respiratory_rate', '2024-06-12T03:00:00Z', 28)]);
    const before = await get(`/v1/pets/${pet.id}/respiratory-history`);
    expect(before.json().entries[0].abnormal).toBe('undefined');

    await app.database.db
      .insert(respiratoryThresholds)
      .values({ petId: pet.id, low: 8, high: 24, highOrange: 27, highRed: 32 });
    const after = await get(`/v1/pets/${pet.id}/respiratory-history`);
    expect(after.json().entries[0].abnormal).toBe('high-orange');
  });

  it('come newest first in pages, with their source, and filtered by a range (end excluded)', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const readings = Array.from({ length: 7 }, (_, i) =>
      reading(pet.id, 'respiratory_rate', `2024-06-1${i}T02:00:00Z`, 20 + i, i % 2 ? 'app' : 'tracker'),
    );
    await addReadings(app.database.db, readings);

    const first = (await get(`/v1/pets/${pet.id}/respiratory-history?pageSize=3`)).json();
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, total: 7, totalIsCapped: false, pageCount: 3 });
    expect(first.entries[0]).toEqual({
      uuid: readings[6]?.id,
      value: 26,
      measuredAt: { seconds: seconds('2024-06-16T02:00:00Z') },
      source: 'tracker',
      abnormal: 'undefined',
    });
    expect(first.entries[1].source).toBe('app');

    const last = (await get(`/v1/pets/${pet.id}/respiratory-history?pageSize=3&page=3`)).json();
    expect(last.entries.map((e: { value: number }) => e.value)).toEqual([20]);

    const ascending = (await get(`/v1/pets/${pet.id}/respiratory-history?order=asc&pageSize=2`)).json();
    expect(ascending.entries.map((e: { value: number }) => e.value)).toEqual([20, 21]);

    const range = (
      await get(
        `/v1/pets/${pet.id}/respiratory-history?startDate=${seconds('2024-06-11T02:00:00Z')}&endDate=${seconds('2024-06-13T02:00:00Z')}`,
      )
    ).json();
    expect(range.entries.map((e: { value: number }) => e.value)).toEqual([22, 21]);
    expect(range.pagination.total).toBe(2);
  });

  it('refuse a backwards range and an unknown pet', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const backwards = await get(`/v1/pets/${pet.id}/respiratory-history?startDate=200&endDate=100`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('trackers.invalid_range');
    const unknown = await get(`/v1/pets/${newId()}/respiratory-history`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the last respiratory day average', () => {
  it('is the newest complete local day before the day of `at`, flagged by its average', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2024-06-10T01:00:00Z', 20),
      reading(pet.id, 'respiratory_rate', '2024-06-10T02:00:00Z', 22),
      reading(pet.id, 'respiratory_rate', '2024-06-11T01:00:00Z', 31),
      reading(pet.id, 'respiratory_rate', '2024-06-11T02:00:00Z', 33),
      reading(pet.id, 'respiratory_rate', '2024-06-11T23:30:00Z', 50), // 12 June 00:30 BST
    ]);
    const last = async (at: string) =>
      (await get(`/v1/pets/${pet.id}/respiratory-history/average-history/last?at=${seconds(at)}`)).json();

    expect(await last('2024-06-12T10:00:00Z')).toEqual({
      average: {
        date: { year: 2024, month: 6, day: 11 },
        value: 32,
        count: 2,
        coverage: 0.208,
        abnormal: 'high',
      },
    });
    expect(await last('2024-06-11T22:59:00Z')).toEqual({
      average: {
        date: { year: 2024, month: 6, day: 10 },
        value: 21,
        count: 2,
        coverage: 0.208,
        abnormal: 'undefined',
      },
    });
    expect(await last('2024-06-20T10:00:00Z')).toEqual({
      average: {
        date: { year: 2024, month: 6, day: 12 },
        value: 50,
        count: 1,
        coverage: 0.167,
        abnormal: 'high-red',
      },
    });
    expect(await last('2024-06-10T10:00:00Z')).toEqual({ average: null });
  });
});
