import { defaultRespiratoryThresholds } from '@vetboard/contract';
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

const iso = (s: { seconds: number }) => new Date(s.seconds * 1000).toISOString();

async function rangeChart(petId: string, start: string, end: string) {
  const response = await get(
    `/v1/pets/${petId}/respiratory-history/chart?startDate=${seconds(start)}&endDate=${seconds(end)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the respiratory chart of a scope', () => {
  it("gives each hour's average, minimum and maximum breaths per minute, and the dog's default thresholds", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2024-06-12T01:05:00Z', 20), // Wednesday 02:05 BST
      reading(pet.id, 'respiratory_rate', '2024-06-12T01:25:00Z', 25),
      reading(pet.id, 'respiratory_rate', '2024-06-12T01:45:00Z', 33, 'app'),
    ]);
    const response = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?timeScope=week&date=${seconds('2024-06-12T12:00:00Z')}`,
    );
    expect(response.statusCode).toBe(200);
    const chart = response.json();
    expect(chart.thresholds).toEqual(defaultRespiratoryThresholds.dog);
    expect(chart.buckets).toHaveLength(168);
    expect(chart.buckets[50]).toEqual({
      start: { seconds: seconds('2024-06-12T01:00:00Z') },
      avg: 26,
      min: 20,
      max: 33,
      sum: 78,
      count: 3,
      coverage: 1,
    });
  });

  it("carries the pet's own thresholds once a vet has set them", async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London', { species: 'cat' });
    await app.database.db
      .insert(respiratoryThresholds)
      .values({ petId: pet.id, low: 12, high: 26, highOrange: 31, highRed: 36 });
    const response = await get(`/v1/pets/${pet.id}/respiratory-history/chart?timeScope=day`);
    expect(response.json().thresholds).toEqual({ low: 12, high: 26, highOrange: 31, highRed: 36 });
    expect(response.json().buckets).toHaveLength(48);
  });
});

describe('the respiratory chart of an explicit range', () => {
  it('uses half hours up to 2 days, widened to whole half hours', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2024-06-12T09:05:00Z', 22), // before startDate, in its half hour
      reading(pet.id, 'respiratory_rate', '2024-06-13T09:20:00Z', 24),
      reading(pet.id, 'respiratory_rate', '2024-06-13T09:31:00Z', 50), // after the last half hour
    ]);
    const chart = await rangeChart(pet.id, '2024-06-12T09:10:00Z', '2024-06-13T09:10:00Z');
    expect(chart).toMatchObject({ timeScope: 'range', bucketSize: '30m', timezone: 'Europe/London' });
    expect(iso(chart.range.start)).toBe('2024-06-12T09:00:00.000Z');
    expect(iso(chart.range.end)).toBe('2024-06-13T09:30:00.000Z');
    expect(chart.buckets).toHaveLength(49);
    expect(chart.buckets[0]).toMatchObject({ avg: 22, count: 1 });
    expect(chart.buckets[48]).toMatchObject({ start: { seconds: seconds('2024-06-13T09:00:00Z') }, avg: 24 });
  });

  it('uses local hours up to 16 days, on the half hour in India', async () => {
    const london = await petLivingIn(app.database.db, 'Europe/London');
    const hours = await rangeChart(london.id, '2024-06-10T10:20:00Z', '2024-06-15T10:20:00Z');
    expect(hours.bucketSize).toBe('1h');
    expect(iso(hours.range.start)).toBe('2024-06-10T10:00:00.000Z');
    expect(iso(hours.range.end)).toBe('2024-06-15T11:00:00.000Z');
    expect(hours.buckets).toHaveLength(121);

    const kolkata = await petLivingIn(app.database.db, 'Asia/Kolkata');
    const halfPast = await rangeChart(kolkata.id, '2024-06-10T10:20:00Z', '2024-06-26T10:20:00Z');
    expect(halfPast.bucketSize).toBe('1h');
    expect(iso(halfPast.range.start)).toBe('2024-06-10T09:30:00.000Z');
    expect(iso(halfPast.range.end)).toBe('2024-06-26T10:30:00.000Z');
    expect(halfPast.buckets).toHaveLength(385);
  });

  it('uses local days up to 400 days, from the daily rollups', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', '2024-03-31T23:30:00Z', 18), // 1 April 00:30 BST
      reading(pet.id, 'respiratory_rate', '2024-04-01T20:00:00Z', 24),
    ]);
    const days = await rangeChart(pet.id, '2024-04-01T12:00:00Z', '2024-05-31T12:00:00Z');
    expect(days.bucketSize).toBe('1d');
    expect(iso(days.range.start)).toBe('2024-03-31T23:00:00.000Z');
    expect(iso(days.range.end)).toBe('2024-05-31T23:00:00.000Z');
    expect(days.buckets).toHaveLength(61);
    expect(days.buckets[0]).toMatchObject({ avg: 21, min: 18, max: 24, count: 2 });

    const full = await rangeChart(pet.id, '2023-01-01T00:00:00Z', '2024-02-05T00:00:00Z');
    expect(full.buckets).toHaveLength(400);
  });

  it.each([
    ['longer than 400 days', '2023-01-01T00:00:00Z', '2024-02-06T00:00:00Z'],
    ['400 days that touch 401 local days', '2023-01-01T12:00:00Z', '2024-02-05T12:00:00Z'],
  ])('refuses a range %s', async (_label, start, end) => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const response = await get(
      `/v1/pets/${pet.id}/respiratory-history/chart?startDate=${seconds(start)}&endDate=${seconds(end)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('trackers.range_too_long');
  });

  it('refuses an empty or half-given range and an unknown pet', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const base = `/v1/pets/${pet.id}/respiratory-history/chart`;
    const backwards = await get(
      `${base}?startDate=${seconds('2024-06-12T00:00:00Z')}&endDate=${seconds('2024-06-12T00:00:00Z')}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'trackers.invalid_range',
      details: [{ path: 'endDate' }],
    });

    const half = await get(`${base}?startDate=${seconds('2024-06-12T00:00:00Z')}`);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'trackers.invalid_range', details: [{ path: 'endDate' }] });

    const garbage = await get(`${base}?startDate=yesterday&endDate=1`);
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().details[0].path).toBe('startDate');

    const unknown = await get(`/v1/pets/${newId()}/respiratory-history/chart`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pets.not_found');
  });
});
