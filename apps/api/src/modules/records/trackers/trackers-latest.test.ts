import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading } from '../../../../test/tracker-read-fixtures.ts';
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

const HOUR = 3_600_000;

describe("a pet's latest tracker values", () => {
  it("give the newest weight, respiratory and heart rates, and today's totals in the pet's timezone", async () => {
    const pet = await petLivingIn(app.database.db, 'Pacific/Kiritimati', { targetWeightKg: 8.5 });
    // Noon on 1 July on Kiritimati (UTC+14), still 30 June in UTC: "today" is the app clock's day where
    // the pet lives, whatever day the test runs. Every time derives from it.
    const now = new Date('2026-06-30T22:00:00Z');
    context.clock.set(now);
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await app.database.db.insert(weightEntries).values([
      {
        id: newId(),
        petId: pet.id,
        valueKg: 10,
        measuredAt: new Date(now.getTime() - 72 * HOUR),
        location: 'home',
        author: 'user',
      },
      {
        id: newId(),
        petId: pet.id,
        valueKg: 9.5,
        measuredAt: new Date(now.getTime() - 24 * HOUR),
        location: 'vet',
        author: 'user',
      },
    ]);
    await addReadings(app.database.db, [
      reading(pet.id, 'respiratory_rate', ago(2 * HOUR), 31),
      reading(pet.id, 'respiratory_rate', now.toISOString(), 36, 'app'),
      reading(pet.id, 'heart_rate', ago(30 * HOUR), 140),
      reading(pet.id, 'heart_rate', ago(3 * HOUR), 90),
      reading(pet.id, 'shaking', now.toISOString(), 2),
      reading(pet.id, 'shaking', now.toISOString(), 3),
      reading(pet.id, 'shaking', ago(26 * HOUR), 50), // another local day
      reading(pet.id, 'drinking', now.toISOString(), 45),
    ]);

    const response = await get(`/v1/pets/${pet.id}/trackers/latest`);
    expect(response.statusCode, response.body).toBe(200);
    const seconds = Math.floor(now.getTime() / 1000);
    expect(response.json()).toEqual({
      weight: {
        value: 9.5,
        measuredAt: { seconds: Math.floor((now.getTime() - 24 * HOUR) / 1000) },
        variationSentiment: 'positive',
      },
      respiratoryRate: { value: 36, measuredAt: { seconds }, source: 'app', abnormal: 'high-orange' },
      heartRate: {
        value: 90,
        measuredAt: { seconds: Math.floor((now.getTime() - 3 * HOUR) / 1000) },
        source: 'tracker',
      },
      shakingToday: 5,
      drinkingTodaySeconds: 45,
      timezone: 'Pacific/Kiritimati',
    });
    context.clock.reset();
  });

  it('are empty for a pet without any', async () => {
    const pet = await petLivingIn(app.database.db, null);
    expect((await get(`/v1/pets/${pet.id}/trackers/latest`)).json()).toEqual({
      weight: null,
      respiratoryRate: null,
      heartRate: null,
      shakingToday: 0,
      drinkingTodaySeconds: 0,
      timezone: 'UTC',
    });
  });

  it('answer 404 for an unknown pet', async () => {
    const response = await get(`/v1/pets/${newId()}/trackers/latest`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('pets.not_found');
  });
});
