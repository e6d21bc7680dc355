import { isoToCalendarDate } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIngredient } from '../../../../test/diet-fixtures.ts';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import type { IngredientRow } from '../diets/diets.table.ts';
import { weightEntries } from './trackers.weight.table.ts';

const context = useTestApp();
let app: TestApp;
let vet: VetRow;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let chicken: IngredientRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { kind: 'head' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(app.database.db);
  companyVetCookies = await loginAs(
    app,
    (await createTestVet(app, { kind: 'b2b', companySku: company.sku })).email,
  );
  chicken = await createIngredient(app.database.db, { name: 'Progress chicken breast', kcalPer100g: 120 });
});

const d = isoToCalendarDate;

async function newPet(targetWeightKg: number | null) {
  // London: the entries' days are the owner's wall-clock days.
  const { family } = await createFamily(app.database.db, { owner: { timezone: 'Europe/London' } });
  return createPet(app.database.db, { familyId: family.id, name: 'Pudding' }, { targetWeightKg });
}

async function weigh(petId: string, entries: [string, number][]) {
  await app.database.db.insert(weightEntries).values(
    entries.map(([measuredAt, valueKg]) => ({
      id: newId(),
      petId,
      valueKg,
      measuredAt: new Date(measuredAt),
      location: 'vet' as const,
      author: 'vet' as const,
      authorVetId: vet.id,
    })),
  );
}

async function publishDiet(petId: string, kind: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/v1/diets',
    payload: { petUuid: petId, kind, nutrientProfileKind: 'fediaf_adult' },
    cookies,
  });
  const uuid = created.json().diet.uuid as string;
  const patched = await app.inject({
    method: 'PATCH',
    url: `/v1/diets/${uuid}`,
    payload: {
      formulatedOn: { year: 2026, month: 9, day: 1 },
      nextAssessmentOn: { year: 2026, month: 12, day: 1 },
      ingredients: [{ ingredientId: chicken.id, amount: 300, unit: 'g' }],
    },
    cookies,
  });
  expect(patched.statusCode).toBe(200);
  // Chicken alone is short of several nutrients: the vet acknowledges what the formulation warns of.
  const warnings = patched.json().diet.formulation.warnings as { code: string }[];
  const payload = {
    acknowledgedWarnings: warnings.map((warning) => warning.code),
    acknowledgementReason: 'Weight test diet',
  };
  expect(
    (await app.inject({ method: 'POST', url: `/v1/diets/${uuid}/publish`, payload, cookies })).statusCode,
  ).toBe(200);
  return uuid;
}

function progressOf(petId: string, as = cookies) {
  return app.inject({ method: 'GET', url: `/v1/pets/${petId}/diet-progress`, cookies: as });
}

describe("a weight diet's progress", () => {
  it('is the planned line, the status with its numbers and the dates, from the entries since the diet started', async () => {
    const pet = await newPet(9);
    const dietUuid = await publishDiet(pet.id, 'weight_loss');
    await weigh(pet.id, [
      ['2026-07-01T08:00:00Z', 12], // more than 30 days before the start: not the start weight
      ['2026-08-31T23:30:00Z', 10], // 00:30 on 1 September in London: the start weight, on day 0
      ['2026-09-15T07:00:00Z', 9.95],
      ['2026-09-29T07:00:00Z', 9.95],
      ['2026-10-13T07:00:00Z', 9.9],
      ['2026-10-19T23:30:00Z', 9.9], // 00:30 on 20 October in London
    ]);
    const response = await progressOf(pet.id);
    expect(response.statusCode).toBe(200);
    // The same hand-computed case as the contract's: 0.1 kg a week, ±0.2 kg, behind since 29/09.
    expect(response.json()).toEqual({
      unavailableReason: null,
      dietProgress: {
        dietUuid,
        dietKind: 'weight_loss',
        direction: 'loss',
        startDate: d('2026-09-01'),
        startWeightKg: 10,
        targetWeightKg: 9,
        weeklyRateKg: 0.1,
        weeklyRatePercent: 1,
        plannedTargetDate: d('2026-11-10'),
        targetLine: [
          { date: d('2026-09-01'), kg: 10 },
          { date: d('2026-11-10'), kg: 9 },
        ],
        entries: [
          { date: d('2026-09-01'), kg: 10 },
          { date: d('2026-09-15'), kg: 9.95 },
          { date: d('2026-09-29'), kg: 9.95 },
          { date: d('2026-10-13'), kg: 9.9 },
          { date: d('2026-10-20'), kg: 9.9 },
        ],
        toleranceKg: 0.2,
        latest: { date: d('2026-10-20'), actualKg: 9.9, expectedKg: 9.3, differenceKg: 0.6 },
        status: 'behind',
        behindSince: d('2026-09-29'),
        behindDays: 21,
        currentWeeklyRateKg: -0.014,
        expectedReachDate: d('2028-01-13'),
        targetReached: false,
        nextAssessmentOn: d('2026-12-01'),
        suggestedNextAssessmentOn: d('2026-11-03'),
      },
    });
  });

  it('says why there is none: no published diet, no weight goal, no target weight, no start weight', async () => {
    const reasonOf = async (petId: string) => (await progressOf(petId)).json().unavailableReason;
    const noDiet = await newPet(9);
    expect(await progressOf(noDiet.id).then((r) => r.json())).toEqual({
      dietProgress: null,
      unavailableReason: 'no_published_diet',
    });
    const maintenance = await newPet(9);
    await publishDiet(maintenance.id, 'maintenance');
    expect(await reasonOf(maintenance.id)).toBe('no_weight_goal');
    const noTarget = await newPet(null);
    await publishDiet(noTarget.id, 'weight_loss');
    expect(await reasonOf(noTarget.id)).toBe('no_target_weight');
    const noWeight = await newPet(9);
    await publishDiet(noWeight.id, 'weight_loss');
    await weigh(noWeight.id, [['2026-06-01T08:00:00Z', 10]]);
    expect(await reasonOf(noWeight.id)).toBe('no_start_weight');
  });

  it("is not found for a pet out of the vet's scope, as for a missing one", async () => {
    const pet = await newPet(9);
    await publishDiet(pet.id, 'weight_loss');
    const outOfScope = await progressOf(pet.id, companyVetCookies);
    expect(outOfScope.statusCode).toBe(404);
    expect((await progressOf(newId())).json().code).toBe(outOfScope.json().code);
  });
});

describe('three weeks behind the plan', () => {
  const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
  function addEntry(petUuid: string, measuredAt: string, value: number) {
    return app.inject({
      method: 'POST',
      url: '/v1/weight-history',
      payload: { petUuid, value, location: 'vet', measuredAt: { seconds: seconds(measuredAt) } },
      cookies,
    });
  }
  async function offPlanTriggers(petUuid: string) {
    const cards = (
      await app.inject({ method: 'GET', url: `/v1/pending-cards?petUuid=${petUuid}&view=all`, cookies })
    ).json().pendingCards as { uuid: string }[];
    const triggers = [];
    for (const card of cards) {
      const detail = await app.inject({ method: 'GET', url: `/v1/pending-cards/${card.uuid}`, cookies });
      triggers.push(...(detail.json().pendingCard.triggers as { kind: string }[]));
    }
    return triggers.filter((trigger) => trigger.kind === 'weight_off_plan');
  }

  it('raise a weight trigger when a new entry shows it, with the earlier assessment, once per diet', async () => {
    context.clock.set('2026-10-21T12:00:00Z');
    const pet = await newPet(9);
    await publishDiet(pet.id, 'weight_loss');
    await weigh(pet.id, [
      ['2026-08-31T23:30:00Z', 10],
      ['2026-09-15T07:00:00Z', 9.95],
      ['2026-09-29T07:00:00Z', 9.95],
    ]);
    // Behind since 29/09 for 14 days: not yet.
    expect((await addEntry(pet.id, '2026-10-13T07:00:00Z', 9.9)).statusCode).toBe(201);
    expect(await offPlanTriggers(pet.id)).toEqual([]);
    expect((await addEntry(pet.id, '2026-10-19T23:30:00Z', 9.9)).statusCode).toBe(201);
    const [trigger, ...others] = await offPlanTriggers(pet.id);
    expect(others).toEqual([]);
    expect(trigger).toMatchObject({
      kind: 'weight_off_plan',
      label: "Behind the diet's weight plan",
      severity: 'high',
      value: 9.9,
      threshold: 9.5,
      unit: 'kg',
      detail:
        "9.9 kg, expected 9.3 kg: behind the diet's plan for 3 weeks. Suggested next assessment: 03/11/2026 (was 01/12/2026)",
      source: { entity: 'weight_entry', uuid: expect.any(String) },
    });
    // A later entry still behind refreshes the diet's one trigger instead of adding another.
    expect((await addEntry(pet.id, '2026-10-21T07:00:00Z', 9.9)).statusCode).toBe(201);
    expect(await offPlanTriggers(pet.id)).toHaveLength(1);
    context.clock.reset();
  });
});
