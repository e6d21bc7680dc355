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

const at = seconds('2024-06-20T10:00:00Z'); // 20 June, 11:00 in London

describe('period averages', () => {
  it('average the daily shaking totals of the last complete local days against the days before', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'shaking', '2024-06-13T12:00:00Z', 999), // before both windows
      reading(pet.id, 'shaking', '2024-06-14T12:00:00Z', 5),
      reading(pet.id, 'shaking', '2024-06-15T12:00:00Z', 10),
      reading(pet.id, 'shaking', '2024-06-16T12:00:00Z', 15),
      reading(pet.id, 'shaking', '2024-06-16T23:30:00Z', 6), // 17 June 00:30 BST
      reading(pet.id, 'shaking', '2024-06-17T12:00:00Z', 4),
      reading(pet.id, 'shaking', '2024-06-19T12:00:00Z', 20), // nothing on the 18th
      reading(pet.id, 'shaking', '2024-06-20T08:00:00Z', 100), // today: still under way
    ]);
    const response = await get(`/v1/pets/${pet.id}/shaking/average?days=3&at=${at}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      days: 3,
      dailyAverage: 15,
      previousDailyAverage: 10,
      changePercent: 50,
      daysWithData: 2,
      unit: 'episodes',
    });
  });

  it('give drinking seconds, with no change when the days before have no data', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2024-06-19T08:00:00Z', 40),
      reading(pet.id, 'drinking', '2024-06-19T09:00:00Z', 25),
    ]);
    expect((await get(`/v1/pets/${pet.id}/drinking/average?days=7&at=${at}`)).json()).toEqual({
      days: 7,
      dailyAverage: 65,
      previousDailyAverage: null,
      changePercent: null,
      daysWithData: 1,
      unit: 's',
    });
  });

  it('round the change to one decimal', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    await addReadings(app.database.db, [
      reading(pet.id, 'drinking', '2024-06-18T08:00:00Z', 3),
      reading(pet.id, 'drinking', '2024-06-19T08:00:00Z', 10),
    ]);
    const body = (await get(`/v1/pets/${pet.id}/drinking/average?days=1&at=${at}`)).json();
    expect(body).toMatchObject({ dailyAverage: 10, previousDailyAverage: 3, changePercent: 233.3 });
  });

  it('are empty for a pet without readings, and refuse a bad number of days or an unknown pet', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    expect((await get(`/v1/pets/${pet.id}/shaking/average`)).json()).toEqual({
      days: 7,
      dailyAverage: null,
      previousDailyAverage: null,
      changePercent: null,
      daysWithData: 0,
      unit: 'episodes',
    });
    for (const days of ['0', '366', 'week']) {
      const response = await get(`/v1/pets/${pet.id}/shaking/average?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe('days');
    }
    expect((await get(`/v1/pets/${newId()}/drinking/average`)).statusCode).toBe(404);
  });
});

describe('shaking and drinking entries', () => {
  it('list the readings of their own kind only', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const shake = reading(pet.id, 'shaking', '2024-06-19T08:00:00Z', 3, 'app');
    await addReadings(app.database.db, [shake, reading(pet.id, 'drinking', '2024-06-19T09:00:00Z', 25)]);
    const shaking = (await get(`/v1/pets/${pet.id}/shaking`)).json();
    expect(shaking).toEqual({
      entries: [
        { uuid: shake.id, value: 3, measuredAt: { seconds: seconds('2024-06-19T08:00:00Z') }, source: 'app' },
      ],
      pagination: { page: 1, pageSize: 25, total: 1, totalIsCapped: false, pageCount: 1 },
      timezone: 'Europe/London',
    });
    const drinking = (await get(`/v1/pets/${pet.id}/drinking?pageSize=10`)).json();
    expect(drinking.entries.map((e: { value: number }) => e.value)).toEqual([25]);
  });
});
