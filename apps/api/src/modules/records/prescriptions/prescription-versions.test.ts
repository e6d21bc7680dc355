import type { Prescription } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { weightEntries } from '../trackers/trackers.weight.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let helenaId: string;
let ravi: Record<string, string>;
let raviId: string;
let companyVet: Record<string, string>;

const NOW = new Date('2026-03-10T10:00:00Z');
const DAY_MS = 86_400_000;

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helenaId = vet.id;
  helena = await loginAs(app, vet.email);
  const other = await createTestVet(app, { firstName: 'Ravi', lastName: 'Shah' });
  raviId = other.id;
  ravi = await loginAs(app, other.email);
  const company = await createCompany(app.database.db);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVet = await loginAs(app, b2b.email);
});

async function petWeighing(kg: number) {
  const { family } = await createFamily(app.database.db);
  const pet = await createPet(app.database.db, { familyId: family.id, name: 'Luna', species: 'dog' });
  await app.database.db.insert(weightEntries).values({
    id: newId(),
    petId: pet.id,
    valueKg: kg,
    measuredAt: new Date(NOW.getTime() - 2 * DAY_MS),
    location: 'vet',
    author: 'vet',
  });
  return pet.id;
}

/** Prescribed an hour before the change, so the timeline orders them by time. */
async function prescribeFurosemide(petId: string): Promise<Prescription> {
  context.clock.set(new Date(NOW.getTime() - 3_600_000));
  const response = await app.inject({
    method: 'POST',
    url: `/v1/pets/${petId}/prescriptions`,
    cookies: helena,
    payload: {
      drugCode: 'furosemide',
      strengthId: 'furosemide-tab-10',
      doseMgPerKg: 1,
      frequency: 'twice_daily',
      route: 'oral',
      startOn: { year: 2026, month: 3, day: 1 },
      endOn: { year: 2026, month: 6, day: 30 },
      instructions: 'Give {{PET_NAME}} her tablet with food.',
      reason: 'Congestive heart failure',
    },
  });
  context.clock.set(NOW);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().prescription;
}

function change(id: string, payload: Record<string, unknown>, cookies = ravi) {
  return app.inject({ method: 'POST', url: `/v1/prescriptions/${id}/change`, cookies, payload });
}

async function list(petId: string): Promise<Prescription[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pets/${petId}/prescriptions`,
    cookies: helena,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().prescriptions;
}

describe('changing a prescription’s dose or frequency', () => {
  it('makes a new version from today, dosed from the latest weight, and keeps the old one as changed, audited', async () => {
    const pet = await petWeighing(20);
    const first = await prescribeFurosemide(pet);
    // 1 mg/kg × 20 kg = 20 mg = 2 tablets of 10 mg.
    expect(first.amountText).toBe('2 tablets of 10 mg');

    const response = await change(first.uuid, { doseMgPerKg: 2, reason: 'Breathing still up at night' });
    expect(response.statusCode, response.body).toBe(200);
    const next: Prescription = response.json().prescription;
    // 2 mg/kg × 20 kg = 40 mg = 4 tablets of 10 mg; the rest is the first version's.
    expect(next).toMatchObject({
      drug: { code: 'furosemide' },
      strength: { id: 'furosemide-tab-10' },
      doseMgPerKg: 2,
      mgPerDose: 40,
      amountText: '4 tablets of 10 mg',
      frequency: 'twice_daily',
      startOn: { year: 2026, month: 3, day: 10 },
      endOn: { year: 2026, month: 6, day: 30 },
      instructions: 'Give {{PET_NAME}} her tablet with food.',
      reason: 'Congestive heart failure',
      status: 'active',
      previousVersionUuid: first.uuid,
      prescribedBy: { uuid: raviId, name: 'Ravi Shah' },
      changedAt: null,
    });
    expect(next.uuid).not.toBe(first.uuid);

    const [current, old] = await list(pet);
    expect(current?.uuid).toBe(next.uuid);
    expect(old).toMatchObject({
      uuid: first.uuid,
      status: 'changed',
      doseMgPerKg: 1,
      amountText: '2 tablets of 10 mg',
      changedAt: { seconds: NOW.getTime() / 1000 },
      changedBy: { uuid: raviId, name: 'Ravi Shah' },
      changeReason: 'Breathing still up at night',
      prescribedBy: { uuid: helenaId },
    });

    const audit = await listAuditRows(app.database.db, { entityId: first.uuid });
    expect(audit.map((row) => [row.action, row.actorVetId])).toEqual([
      ['prescriptions.create', helenaId],
      ['prescriptions.change', raviId],
    ]);
    expect(audit[1]?.changes).toMatchObject({
      before: { status: 'active', doseMgPerKg: 1, amountText: '2 tablets of 10 mg' },
      after: {
        status: 'changed',
        newVersionId: next.uuid,
        doseMgPerKg: 2,
        amountText: '4 tablets of 10 mg',
        changeReason: 'Breathing still up at night',
      },
    });
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, next.uuid));
    expect(events.map((event) => event.type)).toEqual(['prescription.changed']);

    // On the timeline: started once, then changed (the new version is no second start).
    const timeline = await app.inject({ method: 'GET', url: `/v1/pets/${pet}/timeline`, cookies: helena });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const items = (timeline.json().items as Array<{ kind: string; title: string }>).filter((item) =>
      item.kind.startsWith('prescription.'),
    );
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      ['prescription.changed', 'Prescription changed: Furosemide (Breathing still up at night)'],
      ['prescription.started', 'Prescription started: Furosemide, 2 tablets of 10 mg'],
    ]);
  });

  it('changes the frequency alone, checks the new dose like a new prescription, and refuses a changed one', async () => {
    const pet = await petWeighing(20);
    const first = await prescribeFurosemide(pet);
    const frequency = await change(first.uuid, { frequency: 'three_times_daily', reason: 'Fluid back' });
    expect(frequency.statusCode, frequency.body).toBe(200);
    const second: Prescription = frequency.json().prescription;
    expect(second).toMatchObject({
      frequency: 'three_times_daily',
      doseMgPerKg: 1,
      amountText: '2 tablets of 10 mg',
    });

    // The first version is history: no second change, no stop.
    const again = await change(first.uuid, { doseMgPerKg: 2, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('prescriptions.not_active');

    // 5 mg/kg is over the dog's 1–4: refused until confirmed, and nothing is written meanwhile.
    const refused = await change(second.uuid, { doseMgPerKg: 5, reason: 'Severe' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('prescriptions.unconfirmed_warnings');
    expect((await list(pet)).map((row) => row.status)).toEqual(['active', 'changed']);
    const confirmed = await change(second.uuid, {
      doseMgPerKg: 5,
      reason: 'Severe',
      confirmedWarnings: ['dose_out_of_range'],
      confirmationReason: 'Cardiologist’s advice',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().prescription.confirmedWarnings.map((w: { code: string }) => w.code)).toEqual([
      'dose_out_of_range',
    ]);

    // Neither the dose nor the frequency: nothing to change.
    const empty = await change(confirmed.json().prescription.uuid, { reason: 'Nothing' });
    expect(empty.statusCode).toBe(400);
    const noReason = await change(confirmed.json().prescription.uuid, { doseMgPerKg: 2 });
    expect(noReason.statusCode).toBe(400);
  });

  it('is not found outside the vet’s scope', async () => {
    const pet = await petWeighing(20);
    const first = await prescribeFurosemide(pet);
    const response = await change(first.uuid, { doseMgPerKg: 2, reason: 'Up' }, companyVet);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('prescriptions.not_found');
    expect((await list(pet)).map((row) => row.status)).toEqual(['active']);
  });
});
