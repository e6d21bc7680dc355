import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { petLivingIn, seconds } from '../../../../test/tracker-read-fixtures.ts';
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

function get(url: string) {
  return app.inject({ method: 'GET', url, cookies });
}

/** Owner-app entries written straight to the table: kg, measured at an ISO instant. */
async function weighings(petId: string, entries: Array<[string, number]>): Promise<string[]> {
  const rows = entries.map(([iso, kg]) => ({
    id: newId(),
    petId,
    valueKg: kg,
    measuredAt: new Date(iso),
    location: 'home' as const,
    author: 'user' as const,
  }));
  await app.database.db.insert(weightEntries).values(rows);
  return rows.map((row) => row.id);
}

interface Entry {
  uuid: string;
  value: number;
  variationSentiment: string;
  variationKg: number | null;
}
const summary = (entries: Entry[]) => entries.map((e) => [e.value, e.variationSentiment, e.variationKg]);

describe('the weight history', () => {
  it('judges each entry against the one before it and the target weight', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 8.5 });
    await weighings(pet.id, [
      ['2024-06-01T08:00:00Z', 10],
      ['2024-06-02T08:00:00Z', 9.5], // towards 8.5
      ['2024-06-03T08:00:00Z', 9.45], // within 1 % of 9.5
      ['2024-06-04T08:00:00Z', 9.9], // away from 8.5
      ['2024-06-05T08:00:00Z', 8], // past the target, but closer to it
    ]);
    const response = await get(`/v1/pets/${pet.id}/weight-history?order=asc`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ timezone: 'Europe/London', targetWeightKg: 8.5 });
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 5, totalIsCapped: false, pageCount: 1 });
    expect(summary(body.entries)).toEqual([
      [10, 'neutral', null],
      [9.5, 'positive', -0.5],
      [9.45, 'neutral', -0.05],
      [9.9, 'negative', 0.45],
      [8, 'positive', -1.9],
    ]);
    expect(body.entries[0]).toMatchObject({
      petUuid: pet.id,
      measuredAt: { seconds: seconds('2024-06-01T08:00:00Z') },
      location: 'home',
      author: 'user',
      authorVet: null,
      note: null,
    });
  });

  it('calls every change neutral without a target weight', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await weighings(pet.id, [
      ['2024-06-01T08:00:00Z', 10],
      ['2024-06-02T08:00:00Z', 12],
    ]);
    const body = (await get(`/v1/pets/${pet.id}/weight-history`)).json();
    expect(body.targetWeightKg).toBeNull();
    expect(summary(body.entries)).toEqual([
      [12, 'neutral', 2],
      [10, 'neutral', null],
    ]);
  });

  it('keeps the predecessor of the first entry of a page or a range', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 8.5 });
    await weighings(pet.id, [
      ['2024-06-01T08:00:00Z', 10],
      ['2024-06-02T08:00:00Z', 9.5],
      ['2024-06-03T08:00:00Z', 9.45],
      ['2024-06-04T08:00:00Z', 9.9],
    ]);
    const page = (await get(`/v1/pets/${pet.id}/weight-history?pageSize=2&page=2`)).json();
    expect(summary(page.entries)).toEqual([
      [9.5, 'positive', -0.5],
      [10, 'neutral', null],
    ]);
    expect(page.pagination).toEqual({ page: 2, pageSize: 2, total: 4, totalIsCapped: false, pageCount: 2 });

    const range = (
      await get(
        `/v1/pets/${pet.id}/weight-history?order=asc&startDate=${seconds('2024-06-03T00:00:00Z')}&endDate=${seconds('2024-06-04T08:00:00Z')}`,
      )
    ).json();
    expect(summary(range.entries)).toEqual([[9.45, 'neutral', -0.05]]);
    expect(range.pagination.total).toBe(1);
  });

  it('answers 404 for an unknown pet and 400 for a bad query', async () => {
    expect((await get(`/v1/pets/${newId()}/weight-history`)).json().code).toBe('pets.not_found');
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const bad = await get(`/v1/pets/${pet.id}/weight-history?pageSize=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('pageSize');
  });
});

describe('the weight chart', () => {
  it('has one bucket per local day of the ISO week, and the target weight', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 8.5 });
    await weighings(pet.id, [
      ['2024-06-09T22:30:00Z', 9], // Sunday 23:30 BST: the week before
      ['2024-06-09T23:30:00Z', 9.2], // Monday 00:30 BST
      ['2024-06-10T18:00:00Z', 9.6],
      ['2024-06-16T22:59:00Z', 9.4], // Sunday 23:59 BST
    ]);
    const response = await get(
      `/v1/pets/${pet.id}/weight-history/chart?timeScope=week&date=${seconds('2024-06-12T12:00:00Z')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const chart = response.json();
    expect(chart).toMatchObject({
      timeScope: 'week',
      bucketSize: '1d',
      targetWeightKg: 8.5,
      timezone: 'Europe/London',
    });
    expect(chart.range).toEqual({
      start: { seconds: seconds('2024-06-09T23:00:00Z') },
      end: { seconds: seconds('2024-06-16T23:00:00Z') },
    });
    expect(chart.buckets).toHaveLength(7);
    expect(chart.buckets[0]).toEqual({
      start: { seconds: seconds('2024-06-09T23:00:00Z') },
      avg: 9.4,
      min: 9.2,
      max: 9.6,
      sum: 18.8,
      count: 2,
      coverage: null, // entries by people: no collar coverage
    });
    expect(chart.buckets[1]).toEqual({
      start: { seconds: seconds('2024-06-10T23:00:00Z') },
      avg: null,
      min: null,
      max: null,
      sum: null,
      count: 0,
      coverage: null,
    });
    expect(chart.buckets[6]).toMatchObject({ avg: 9.4, count: 1 });
  });

  it('has one bucket per local day of the month, by default', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const chart = (
      await get(`/v1/pets/${pet.id}/weight-history/chart?date=${seconds('2024-10-15T12:00:00Z')}`)
    ).json();
    expect(chart).toMatchObject({ timeScope: 'month', bucketSize: '1d', targetWeightKg: null });
    expect(chart.buckets).toHaveLength(31);
    expect(chart.buckets[26].start).toEqual({ seconds: seconds('2024-10-26T23:00:00Z') });
    expect(chart.buckets[27].start).toEqual({ seconds: seconds('2024-10-28T00:00:00Z') });
  });

  it.each([
    ['2024-06-12T12:00:00Z', 52, '2024-01-01T00:00:00Z', '2024-12-30T00:00:00Z'],
    ['2026-03-01T12:00:00Z', 53, '2025-12-29T00:00:00Z', '2027-01-04T00:00:00Z'],
    ['2025-12-30T12:00:00Z', 53, '2025-12-29T00:00:00Z', '2027-01-04T00:00:00Z'], // already ISO week 1 of 2026
    ['2021-01-02T12:00:00Z', 53, '2019-12-30T00:00:00Z', '2021-01-04T00:00:00Z'], // still ISO 2020
  ])('of the year of %s has the %i ISO weeks of its week-year', async (date, weeks, start, end) => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const chart = (
      await get(`/v1/pets/${pet.id}/weight-history/chart?timeScope=year&date=${seconds(date)}`)
    ).json();
    expect(chart).toMatchObject({ timeScope: 'year', bucketSize: '1w' });
    expect(chart.buckets).toHaveLength(weeks);
    expect(chart.range).toEqual({ start: { seconds: seconds(start) }, end: { seconds: seconds(end) } });
  });

  it('averages each ISO week of the year, starting at local Monday midnight', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { targetWeightKg: 20 });
    await weighings(pet.id, [
      ['2024-06-09T23:30:00Z', 21], // Monday 10 June 00:30 BST: week 24
      ['2024-06-16T22:00:00Z', 22], // Sunday 16 June 23:00 BST: week 24
      ['2024-06-16T23:00:00Z', 25], // Monday 17 June: week 25
    ]);
    const chart = (
      await get(
        `/v1/pets/${pet.id}/weight-history/chart?timeScope=year&date=${seconds('2024-06-12T12:00:00Z')}`,
      )
    ).json();
    expect(chart.buckets[23]).toEqual({
      start: { seconds: seconds('2024-06-09T23:00:00Z') },
      avg: 21.5,
      min: 21,
      max: 22,
      sum: 43,
      count: 2,
      coverage: null,
    });
    expect(chart.buckets[24]).toMatchObject({
      start: { seconds: seconds('2024-06-16T23:00:00Z') },
      avg: 25,
      count: 1,
    });
    expect(chart.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(3);
  });

  it('refuses a scope weight has not and an unknown pet', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const day = await get(`/v1/pets/${pet.id}/weight-history/chart?timeScope=day`);
    expect(day.statusCode).toBe(400);
    expect((await get(`/v1/pets/${newId()}/weight-history/chart`)).statusCode).toBe(404);
  });
});
