import type { Prescription } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { weightEntries } from '../trackers/trackers.weight.table.ts';
import { prescriptions } from './prescriptions.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let helenaId: string;
let companyVet: Record<string, string>;

const NOW = new Date('2026-03-10T10:00:00Z');
const DAY_MS = 86_400_000;
const START = { year: 2026, month: 3, day: 10 };

async function addWeight(petId: string, valueKg: number, daysAgo: number) {
  await app.database.db.insert(weightEntries).values({
    id: newId(),
    petId,
    valueKg,
    measuredAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
    location: 'vet',
    author: 'vet',
  });
}

/** A pet of a product family, weighed `daysAgo` days ago (none when null). */
async function pet(
  options: { species?: 'dog' | 'cat'; weightKg?: number; daysAgo?: number | null; allergies?: string[] } = {},
) {
  const { family } = await createFamily(app.database.db);
  const row = await createPet(
    app.database.db,
    { familyId: family.id, name: 'Luna', species: options.species ?? 'dog' },
    { allergies: options.allergies ?? [] },
  );
  if (options.daysAgo !== null) await addWeight(row.id, options.weightKg ?? 30, options.daysAgo ?? 2);
  return row.id;
}

const pimobendan = {
  drugCode: 'pimobendan',
  strengthId: 'pimobendan-tab-5',
  doseMgPerKg: 0.25,
  frequency: 'twice_daily',
  route: 'oral',
  startOn: START,
  instructions: 'Give {{PET_NAME}} her tablet with food.',
  reason: 'Mitral valve disease, stage B2',
};

function prescribe(petId: string, payload: Record<string, unknown>, cookies = helena) {
  return app.inject({ method: 'POST', url: `/v1/pets/${petId}/prescriptions`, cookies, payload });
}

async function prescribeOk(petId: string, payload: Record<string, unknown>): Promise<Prescription> {
  const response = await prescribe(petId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().prescription;
}

/** The warnings a refused prescription names, by code. */
async function refusedWith(petId: string, payload: Record<string, unknown>) {
  const response = await prescribe(petId, payload);
  expect(response.statusCode, response.body).toBe(409);
  const body = response.json() as { code: string; details: Array<{ path: string; message: string }> };
  expect(body.code).toBe('prescriptions.unconfirmed_warnings');
  return Object.fromEntries(
    body.details.map((detail) => [detail.path.replace('confirmedWarnings.', ''), detail.message]),
  );
}

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helenaId = vet.id;
  helena = await loginAs(app, vet.email);
  const company = await createCompany(app.database.db);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVet = await loginAs(app, b2b.email);
});

describe('prescribing a drug for a pet', () => {
  it('computes the dose from the latest weight, keeps the weight used, audits and announces it', async () => {
    const luna = await pet({ weightKg: 28, daysAgo: 20 });
    // The newest entry counts, not the first one entered.
    await addWeight(luna, 30, 3);
    const prescription = await prescribeOk(luna, { ...pimobendan, durationDays: 30 });
    // 0.25 mg/kg × 30 kg = 7.5 mg = 1½ tablets of 5 mg (the tablet is halved).
    expect(prescription).toMatchObject({
      drug: { code: 'pimobendan', name: 'Pimobendan' },
      strength: { id: 'pimobendan-tab-5', mgPerUnit: 5, unit: 'tablet' },
      weightKg: 30,
      weightMeasuredAt: { seconds: (NOW.getTime() - 3 * DAY_MS) / 1000 },
      mgPerDose: 7.5,
      unitsPerDose: 1.5,
      amountText: '1½ tablets of 5 mg',
      startOn: START,
      endOn: { year: 2026, month: 4, day: 8 },
      status: 'active',
      confirmedWarnings: [],
      prescribedBy: { uuid: helenaId, name: 'Helena Marsh' },
    });
    const audit = await listAuditRows(app.database.db, { entityId: prescription.uuid });
    expect(audit.map((row) => [row.action, row.actorVetId])).toEqual([['prescriptions.create', helenaId]]);
    expect(audit[0]?.changes).toMatchObject({
      after: { mgPerDose: 7.5, weightKg: 30, amountText: '1½ tablets of 5 mg' },
    });
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, prescription.uuid));
    expect(events.map((event) => event.type)).toEqual(['prescription.created']);
  });

  it('rounds a dose to the quarter tablet the strength can be split into', async () => {
    const dog = await pet({ weightKg: 12.4 });
    // 2 mg/kg × 12.4 kg = 24.8 mg of a quartered 40 mg tablet: 0.62 → ½ tablet (20 mg given).
    const prescription = await prescribeOk(dog, {
      ...pimobendan,
      drugCode: 'furosemide',
      strengthId: 'furosemide-tab-40',
      doseMgPerKg: 2,
    });
    expect([prescription.mgPerDose, prescription.unitsPerDose, prescription.amountText]).toEqual([
      24.8,
      0.5,
      '½ tablet of 40 mg',
    ]);
  });

  it('refuses a dose outside the species’ range until confirmed with a reason, and keeps the confirmation', async () => {
    const luna = await pet();
    const overdose = { ...pimobendan, doseMgPerKg: 0.5 };
    expect(await refusedWith(luna, overdose)).toEqual({
      dose_out_of_range: 'The usual dose for a dog is 0.1–0.3 mg/kg',
    });
    expect(await app.database.db.select().from(prescriptions).where(eq(prescriptions.petId, luna))).toEqual(
      [],
    );
    const noReason = await prescribe(luna, { ...overdose, confirmedWarnings: ['dose_out_of_range'] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([
      { path: 'confirmationReason', message: 'Say why you prescribe despite the warnings' },
    ]);
    const confirmed = await prescribeOk(luna, {
      ...overdose,
      confirmedWarnings: ['dose_out_of_range'],
      confirmationReason: 'Refractory congestive failure, cardiologist’s advice',
    });
    expect(confirmed.confirmedWarnings.map((warning) => warning.code)).toEqual(['dose_out_of_range']);
    expect(confirmed.confirmationReason).toBe('Refractory congestive failure, cardiologist’s advice');
  });

  it('warns when the latest weight is more than 30 days old, and refuses without any weight', async () => {
    const stale = await pet({ daysAgo: 31 });
    expect(Object.keys(await refusedWith(stale, pimobendan))).toEqual(['weight_stale']);
    const fresh = await pet({ daysAgo: 30 });
    await prescribeOk(fresh, pimobendan);
    const none = await pet({ daysAgo: null });
    const response = await prescribe(none, pimobendan);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('prescriptions.weight_missing');
  });

  it('warns of an allergy on file to the drug or to its class', async () => {
    const byName = await pet({ allergies: ['Amoxicillin (hives, 2024)'] });
    const amoxicillin = {
      ...pimobendan,
      drugCode: 'amoxicillin-clavulanate',
      strengthId: 'amoxicillin-clavulanate-tab-250',
      doseMgPerKg: 12.5,
    };
    expect(await refusedWith(byName, amoxicillin)).toEqual({
      allergy: 'Allergy on file: Amoxicillin (hives, 2024)',
    });
    const byClass = await pet({ allergies: ['chicken', 'NSAIDs'] });
    const meloxicam = {
      ...pimobendan,
      drugCode: 'meloxicam',
      strengthId: 'meloxicam-liq-1.5',
      doseMgPerKg: 0.1,
      frequency: 'once_daily',
    };
    expect(await refusedWith(byClass, meloxicam)).toEqual({ allergy: 'Allergy on file: NSAIDs' });
    // An allergy to something else is no warning.
    await prescribeOk(byClass, pimobendan);
  });

  it('warns of two NSAIDs, or an NSAID with a corticosteroid, running at once, but not of a stopped one', async () => {
    const dog = await pet({ weightKg: 20 });
    const meloxicam = {
      ...pimobendan,
      drugCode: 'meloxicam',
      strengthId: 'meloxicam-liq-1.5',
      doseMgPerKg: 0.1,
      frequency: 'once_daily',
    };
    const carprofen = { ...meloxicam, drugCode: 'carprofen', strengthId: 'carprofen-tab-50', doseMgPerKg: 4 };
    const prednisolone = {
      ...meloxicam,
      drugCode: 'prednisolone',
      strengthId: 'prednisolone-tab-5',
      doseMgPerKg: 0.5,
    };
    const first = await prescribeOk(dog, meloxicam);
    expect(await refusedWith(dog, carprofen)).toEqual({
      nsaid_combination: 'Another NSAID is active: Meloxicam',
    });
    expect(await refusedWith(dog, prednisolone)).toEqual({
      nsaid_combination: 'An NSAID is active: Meloxicam (with a corticosteroid)',
    });
    const stop = await app.inject({
      method: 'POST',
      url: `/v1/prescriptions/${first.uuid}/stop`,
      cookies: helena,
      payload: { reason: 'Switching to carprofen' },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    await prescribeOk(dog, carprofen);
  });

  it('warns of a drug not listed for the species: permethrin for a cat', async () => {
    const cat = await pet({ species: 'cat', weightKg: 4.2 });
    const permethrin = {
      ...pimobendan,
      drugCode: 'permethrin',
      strengthId: 'permethrin-pip-200',
      doseMgPerKg: 50,
      frequency: 'once_monthly',
      route: 'topical',
    };
    expect(await refusedWith(cat, permethrin)).toEqual({
      species_not_listed: 'Permethrin (with imidacloprid) is not listed for cats',
    });
  });

  it('refuses an unknown drug or strength naming the field', async () => {
    const dog = await pet();
    const drug = await prescribe(dog, { ...pimobendan, drugCode: 'unobtainium' });
    expect([drug.statusCode, drug.json().details[0].path]).toEqual([400, 'drugCode']);
    const strength = await prescribe(dog, { ...pimobendan, strengthId: 'furosemide-tab-40' });
    expect([strength.statusCode, strength.json().details[0].path]).toEqual([400, 'strengthId']);
  });
});

describe('a pet’s prescriptions', () => {
  it('lists the active first, stops one with the reason (audited, once), and reads one past its end as completed', async () => {
    const dog = await pet();
    const ended = await prescribeOk(dog, {
      ...pimobendan,
      startOn: { year: 2026, month: 2, day: 1 },
      endOn: { year: 2026, month: 2, day: 14 },
    });
    const running = await prescribeOk(dog, pimobendan);
    const toStop = await prescribeOk(dog, {
      ...pimobendan,
      drugCode: 'benazepril',
      strengthId: 'benazepril-tab-5',
      doseMgPerKg: 0.25,
      frequency: 'once_daily',
    });
    const stop = (id: string) =>
      app.inject({
        method: 'POST',
        url: `/v1/prescriptions/${id}/stop`,
        cookies: helena,
        payload: { reason: 'Coughing' },
      });
    const stopped = await stop(toStop.uuid);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().prescription).toMatchObject({
      status: 'stopped',
      stopReason: 'Coughing',
      stoppedBy: { uuid: helenaId },
      stoppedAt: { seconds: NOW.getTime() / 1000 },
    });
    expect((await stop(toStop.uuid)).json().code).toBe('prescriptions.not_active');
    expect((await stop(ended.uuid)).statusCode).toBe(409);
    const audit = await listAuditRows(app.database.db, { entityId: toStop.uuid });
    expect(audit.map((row) => row.action)).toEqual(['prescriptions.create', 'prescriptions.stop']);
    const list = await app.inject({ method: 'GET', url: `/v1/pets/${dog}/prescriptions`, cookies: helena });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().latestWeight).toEqual({
      valueKg: 30,
      measuredAt: { seconds: (NOW.getTime() - 2 * DAY_MS) / 1000 },
    });
    expect(list.json().prescriptions.map((p: Prescription) => [p.uuid, p.status])).toEqual([
      [running.uuid, 'active'],
      [toStop.uuid, 'stopped'],
      [ended.uuid, 'completed'],
    ]);
  });

  it('puts the start and the stop on the pet’s timeline', async () => {
    const dog = await pet();
    const prescription = await prescribeOk(dog, pimobendan);
    context.clock.set(new Date(NOW.getTime() + 60_000));
    await app.inject({
      method: 'POST',
      url: `/v1/prescriptions/${prescription.uuid}/stop`,
      cookies: helena,
      payload: { reason: 'Owner reports vomiting' },
    });
    context.clock.set(NOW);
    const timeline = await app.inject({ method: 'GET', url: `/v1/pets/${dog}/timeline`, cookies: helena });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const items = timeline.json().items as Array<{ kind: string; title: string; link: string }>;
    expect(
      items
        .filter((item) => item.kind.startsWith('prescription.'))
        .map((item) => [item.kind, item.title, item.link]),
    ).toEqual([
      [
        'prescription.stopped',
        'Prescription stopped: Pimobendan (Owner reports vomiting)',
        `/pets/${dog}/medications`,
      ],
      [
        'prescription.started',
        'Prescription started: Pimobendan, 1½ tablets of 5 mg',
        `/pets/${dog}/medications`,
      ],
    ]);
  });

  it('is not found for a company vet out of the pet’s scope, as for a missing pet', async () => {
    const dog = await pet();
    const prescription = await prescribeOk(dog, pimobendan);
    const list = await app.inject({
      method: 'GET',
      url: `/v1/pets/${dog}/prescriptions`,
      cookies: companyVet,
    });
    expect([list.statusCode, list.json().code]).toEqual([404, 'pets.not_found']);
    const create = await prescribe(dog, pimobendan, companyVet);
    expect([create.statusCode, create.json().code]).toEqual([404, 'pets.not_found']);
    const stop = await app.inject({
      method: 'POST',
      url: `/v1/prescriptions/${prescription.uuid}/stop`,
      cookies: companyVet,
      payload: { reason: 'Not mine' },
    });
    expect([stop.statusCode, stop.json().code]).toEqual([404, 'prescriptions.not_found']);
    const [row] = await app.database.db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.id, prescription.uuid));
    expect(row?.status).toBe('active');
  });
});
