import type { TreatmentResponse, TreatmentResponseList } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading } from '../../../../test/tracker-read-fixtures.ts';
import { newId } from '../../../lib/ids.ts';
import { weightEntries } from '../trackers/trackers.weight.table.ts';
import type { ReadingInsert } from '../trackers/trackers.writes.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let companyVet: Record<string, string>;

// Furosemide starts on Thursday 12 November; by the 25th its seven days after have passed.
const NOW = '2026-11-25T12:00:00Z';
const DAY_MS = 86_400_000;
const day = (iso: string, offset: number) =>
  new Date(Date.parse(iso) + offset * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helena = await loginAs(app, vet.email);
  const company = await createCompany(app.database.db);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVet = await loginAs(app, b2b.email);
});

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

/**
 * A reading every four hours (00:00 to 20:00 Madrid time) of each local day: each one covers its own
 * four hours (the collar rule), so such a day is fully covered, and a day without readings not at all.
 */
function everyFourHours(petId: string, days: string[], value: (index: number) => number): ReadingInsert[] {
  return days.flatMap((date) =>
    [0, 4, 8, 12, 16, 20].map((hour, index) =>
      // Madrid is UTC+1 in November.
      reading(
        petId,
        'respiratory_rate',
        new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 1) * 3_600_000).toISOString(),
        value(index),
      ),
    ),
  );
}

async function prescribeFurosemide(petId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/pets/${petId}/prescriptions`,
    cookies: helena,
    payload: {
      drugCode: 'furosemide',
      strengthId: 'furosemide-tab-10',
      doseMgPerKg: 2,
      frequency: 'twice_daily',
      route: 'oral',
      startOn: { year: 2026, month: 11, day: 12 },
      reason: 'Congestive heart failure',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().prescription.uuid as string;
}

async function responses(petId: string, query = '', cookies = helena): Promise<TreatmentResponseList> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pets/${petId}/treatment-responses${query}`,
    cookies,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const before = Array.from({ length: 7 }, (_, index) => day('2026-11-05', index));
const after = Array.from({ length: 7 }, (_, index) => day('2026-11-12', index));

describe('what a treatment did to the vitals', () => {
  it('compares the seven local days before the start with the seven from it, with the coverage, against raw readings', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/Madrid');
    await addWeights(pet.id, [
      ['2026-11-08T08:00:00Z', 10.4],
      ['2026-11-10T08:00:00Z', 10.2],
      ['2026-11-15T08:00:00Z', 10],
    ]);
    // Before: 36 and 40 in turn (average 38), all 7 days covered. After: 28 and 30 (average 29), with
    // the 15th's collar off: 6 of 7 days covered. Readings outside the 14 days must not count.
    await addReadings(app.database.db, [
      ...everyFourHours(pet.id, ['2026-11-03', '2026-11-04'], () => 60),
      ...everyFourHours(pet.id, before, (index) => (index % 2 === 0 ? 36 : 40)),
      ...everyFourHours(
        pet.id,
        after.filter((date) => date !== '2026-11-15'),
        (index) => (index % 2 === 0 ? 28 : 30),
      ),
      // The day after the window: its readings are outside, but covered half hours before 00:00 are not.
      ...everyFourHours(pet.id, ['2026-11-19'], () => 60),
      // Drinking: 100 + 150 a day before, 300 a day after (the 15th unseen), so 250 → 300 a covered day.
      ...before.flatMap((date) => [
        { ...reading(pet.id, 'drinking', `${date}T09:00:00Z`, 100) },
        { ...reading(pet.id, 'drinking', `${date}T15:00:00Z`, 150) },
      ]),
      ...after
        .filter((date) => date !== '2026-11-15')
        .map((date) => reading(pet.id, 'drinking', `${date}T09:00:00Z`, 300)),
    ]);
    const furosemide = await prescribeFurosemide(pet.id);

    const all = await responses(pet.id);
    expect(all.days).toBe(7);
    const byVital = Object.fromEntries(all.responses.map((response) => [response.vital, response])) as Record<
      string,
      TreatmentResponse
    >;
    expect(byVital.respiratoryRate).toMatchObject({
      prescriptionUuid: furosemide,
      drugName: 'Furosemide',
      event: 'started',
      on: { year: 2026, month: 11, day: 12 },
      // Madrid's midnight of the 12th.
      at: { seconds: Date.parse('2026-11-11T23:00:00Z') / 1000 },
      days: 7,
      // 42 readings: 21 × 36 + 21 × 40 = 1596, / 42 = 38. After: 36 readings of 28 and 30 = 29.
      before: { average: 38, readings: 42, coverage: 1 },
      // 6 of 7 days covered: 0.857…; 13 of 14 over both sides: 0.928….
      after: { average: 29, readings: 36, coverage: 0.86 },
      coverage: 0.93,
      enough: true,
      summary: 'Furosemide started 12/11: sleeping RR 38 → 29 (7 nights each side, 93 % coverage)',
    });
    expect(byVital.drinking).toMatchObject({
      before: { average: 250, readings: 14, coverage: 1 },
      after: { average: 300, readings: 6, coverage: 0.86 },
      enough: true,
      summary: 'Furosemide started 12/11: daily drinking 250 → 300 (7 days each side, 93 % coverage)',
    });
    expect(byVital.weight).toMatchObject({
      before: { average: 10.3, readings: 2, coverage: null },
      after: { average: 10, readings: 1, coverage: null },
      coverage: null,
      enough: true,
      summary: 'Furosemide started 12/11: weight 10.3 → 10 kg (7 days each side, 2 weighings and 1 weighing)',
    });
    // No heart-rate reading at all: no arrow, in words.
    expect(byVital.heartRate).toMatchObject({
      before: { average: null, readings: 0, coverage: 1 },
      enough: false,
      summary:
        'Furosemide started 12/11: not enough readings for heart rate (7 days each side, 93 % coverage)',
    });

    // One vital for a chart: the same numbers.
    const chart = await responses(pet.id, '?vital=respiratoryRate');
    expect(chart.responses).toEqual([byVital.respiratoryRate]);

    // Three days each side: 9–11 before (38), 12–14 after (29), all covered.
    const three = await responses(pet.id, '?vital=respiratoryRate&days=3');
    expect(three.responses[0]).toMatchObject({
      before: { average: 38, readings: 18, coverage: 1 },
      after: { average: 29, readings: 18, coverage: 1 },
      summary: 'Furosemide started 12/11: sleeping RR 38 → 29 (3 nights each side, 100 % coverage)',
    });
  });

  it('says "not enough readings" below the coverage threshold, and waits until the days after have passed', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/Madrid');
    await addWeights(pet.id, [['2026-11-20T08:00:00Z', 10]]);
    // Three of the seven days after: 43 % coverage, under the 60 % threshold.
    await addReadings(app.database.db, [
      ...everyFourHours(pet.id, before, () => 36),
      ...everyFourHours(pet.id, after.slice(0, 3), () => 30),
    ]);
    await prescribeFurosemide(pet.id);
    const [response] = (await responses(pet.id, '?vital=respiratoryRate')).responses;
    expect(response).toMatchObject({
      before: { average: 36, coverage: 1 },
      after: { average: 30, readings: 18, coverage: 0.43 },
      enough: false,
      summary:
        'Furosemide started 12/11: not enough readings for sleeping RR (7 nights each side, 71 % coverage)',
    });

    // On the 18th the seventh day after is not over: nothing yet.
    context.clock.set('2026-11-18T20:00:00Z');
    try {
      expect((await responses(pet.id)).responses).toEqual([]);
    } finally {
      context.clock.set(NOW);
    }
  });

  it('reads a stopped treatment from the day it was stopped, and is not found outside the vet’s scope', async () => {
    const pet = await petLivingIn(app.database.db, 'Europe/Madrid');
    await addWeights(pet.id, [['2026-11-08T08:00:00Z', 10]]);
    await addReadings(app.database.db, [
      ...everyFourHours(pet.id, before, () => 30),
      ...everyFourHours(pet.id, after, () => 40),
    ]);
    context.clock.set('2026-11-12T10:00:00Z');
    let id: string;
    try {
      id = await prescribeFurosemide(pet.id);
      const stop = await app.inject({
        method: 'POST',
        url: `/v1/prescriptions/${id}/stop`,
        cookies: helena,
        payload: { reason: 'Kidney values up' },
      });
      expect(stop.statusCode, stop.body).toBe(200);
    } finally {
      context.clock.set(NOW);
    }
    const list = await responses(pet.id, '?vital=respiratoryRate');
    // Started and stopped the same day: both facts, on the 12th, 30 → 40.
    expect(list.responses.map((response) => [response.event, response.summary])).toEqual([
      ['started', 'Furosemide started 12/11: sleeping RR 30 → 40 (7 nights each side, 100 % coverage)'],
      ['stopped', 'Furosemide stopped 12/11: sleeping RR 30 → 40 (7 nights each side, 100 % coverage)'],
    ]);

    const outside = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pet.id}/treatment-responses`,
      cookies: companyVet,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('pets.not_found');
  });
});
