import type { PreventiveCareResponse } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { preventiveDoses, preventiveNotApplicable } from './preventive-care.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let helenaId: string;
let partner: Record<string, string>;
let companySku: string;

// 10 March 2026, 10:00 UTC: the same day in London, already 11 March on Kiritimati (UTC+14).
const NOW = new Date('2026-03-10T10:00:00Z');

async function puppy(options: { birthDate?: string | null; timezone?: string; b2b?: boolean } = {}) {
  const { family } = await createFamily(app.database.db, {
    ...(options.b2b ? { familyKind: 'b2b' as const } : {}),
    owner: {
      ...(options.timezone ? { timezone: options.timezone } : {}),
      ...(options.b2b ? { b2bCode: companySku } : {}),
    },
  });
  const pet = await createPet(app.database.db, {
    familyId: family.id,
    name: 'Biscuit',
    species: 'dog',
    birthDate: options.birthDate === undefined ? '2026-01-01' : options.birthDate,
  });
  return pet.id;
}

const dhppDose = {
  itemCode: 'dog.dhpp',
  product: 'Nobivac DHPPi',
  batch: 'A123B',
  givenOn: { year: 2026, month: 3, day: 9 },
  givenAt: 'Riverside partner clinic',
  givenBy: 'Dr Ana Ruiz',
};

async function schedule(petId: string, cookies = helena, query = '') {
  return app.inject({ method: 'GET', url: `/v1/pets/${petId}/preventive-care${query}`, cookies });
}

function recordDose(petId: string, payload: Record<string, unknown>, cookies = helena) {
  return app.inject({ method: 'POST', url: `/v1/pets/${petId}/preventive-care/doses`, cookies, payload });
}

function markNotApplicable(petId: string, payload: Record<string, unknown>, cookies = helena) {
  return app.inject({
    method: 'POST',
    url: `/v1/pets/${petId}/preventive-care/not-applicable`,
    cookies,
    payload,
  });
}

function unmark(petId: string, itemCode: string, cookies = helena) {
  return app.inject({
    method: 'DELETE',
    url: `/v1/pets/${petId}/preventive-care/not-applicable/${itemCode}`,
    cookies,
  });
}

const statuses = (body: PreventiveCareResponse) => body.items.map((item) => [item.code, item.status]);
const itemOf = (body: PreventiveCareResponse, code: string) => body.items.find((item) => item.code === code);

async function rowsOf(petId: string) {
  const db = app.database.db;
  return {
    doses: await db.select().from(preventiveDoses).where(eq(preventiveDoses.petId, petId)),
    marks: await db.select().from(preventiveNotApplicable).where(eq(preventiveNotApplicable.petId, petId)),
  };
}

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helenaId = vet.id;
  helena = await loginAs(app, vet.email);
  const company = await createCompany(app.database.db);
  companySku = company.sku;
  const partnerVet = await createTestVet(app, { kind: 'partner', companySku: company.sku });
  partner = await loginAs(app, partnerVet.email);
});

describe('the protocols', () => {
  it('lists every item of both species with its course, boosters and the guideline it follows', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/preventive-protocols', cookies: helena });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Array<{ code: string; guideline: string }>;
    expect(items.map((item) => item.code)).toEqual([
      'dog.dhpp',
      'dog.leptospirosis',
      'dog.rabies',
      'dog.kennel_cough',
      'dog.flea_tick',
      'dog.heartworm',
      'dog.deworming',
      'cat.fvrcp',
      'cat.felv',
      'cat.rabies',
      'cat.flea',
      'cat.deworming',
    ]);
    for (const item of items) expect(item.guideline).toMatch(/WSAVA|AAHA|AAFP|CAPC/);
  });
});

describe("a pet's schedule", () => {
  it("is computed from the puppy's birth date, its species' items only, most urgent first", async () => {
    // Born 1 Jan 2026, 10 weeks old: deworming was due at 2 weeks (15 Jan), flea/tick and heartworm at
    // 8 weeks (26 Feb) and past their 7 grace days; DHPP and kennel cough at 8 weeks, within 14; the
    // 12-week leptospirosis and rabies (26 Mar) within a quarter of the 84 days since birth.
    const pet = await puppy();
    const response = await schedule(pet);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as PreventiveCareResponse;
    expect(body).toMatchObject({
      petUuid: pet,
      species: 'dog',
      birthDate: { year: 2026, month: 1, day: 1 },
      today: { year: 2026, month: 3, day: 10 },
      almostDueDays: 30,
    });
    expect(statuses(body)).toEqual([
      ['dog.deworming', 'overdue'],
      ['dog.flea_tick', 'overdue'],
      ['dog.heartworm', 'overdue'],
      ['dog.dhpp', 'due'],
      ['dog.kennel_cough', 'due'],
      ['dog.leptospirosis', 'almost_due'],
      ['dog.rabies', 'almost_due'],
    ]);
    expect(itemOf(body, 'dog.dhpp')).toMatchObject({
      dueOn: { year: 2026, month: 2, day: 26 },
      dosesGiven: 0,
      courseDoses: 3,
      doses: [],
      notApplicable: null,
    });
    // A narrower window asked for: 16 days to go is no longer almost due.
    const narrow = (await schedule(pet, helena, '?almostDueDays=7')).json() as PreventiveCareResponse;
    expect(itemOf(narrow, 'dog.rabies')?.status).toBe('not_yet');
  });

  it('is due with no date for a pet without a birth date', async () => {
    const body = (await schedule(await puppy({ birthDate: null }))).json() as PreventiveCareResponse;
    expect(itemOf(body, 'dog.dhpp')).toMatchObject({ status: 'due', dueOn: null, courseDoses: 1 });
  });
});

describe('recording a dose', () => {
  it('turns the item done until its next course dose, keeps who, where and what, audits and announces it', async () => {
    const pet = await puppy();
    const response = await recordDose(pet, dhppDose);
    expect(response.statusCode, response.body).toBe(201);
    const item = itemOf(response.json(), 'dog.dhpp');
    // The next dose at 12 weeks, 26 March: 17 days after this one, so not almost due yet.
    expect(item).toMatchObject({
      status: 'done',
      dueOn: { year: 2026, month: 3, day: 26 },
      lastGivenOn: dhppDose.givenOn,
      dosesGiven: 1,
    });
    expect(item?.doses).toEqual([
      {
        uuid: expect.any(String),
        itemCode: 'dog.dhpp',
        product: 'Nobivac DHPPi',
        batch: 'A123B',
        givenOn: dhppDose.givenOn,
        givenAt: 'Riverside partner clinic',
        givenBy: 'Dr Ana Ruiz',
        recordedBy: { uuid: helenaId, name: 'Helena Marsh' },
        createdAt: { seconds: NOW.getTime() / 1000 },
      },
    ]);
    const doseId = item?.doses[0]?.uuid as string;
    const audit = await listAuditRows(app.database.db, { entityId: doseId });
    expect(audit.map((row) => [row.action, row.actorVetId])).toEqual([
      ['preventive_care.record_dose', helenaId],
    ]);
    expect(audit[0]?.changes).toMatchObject({ after: { itemCode: 'dog.dhpp', product: 'Nobivac DHPPi' } });
    const events = await app.database.db.select().from(domainEvents).where(eq(domainEvents.entityId, doseId));
    expect(events.map((event) => [event.type, event.petId])).toEqual([['preventive_care.changed', pet]]);
    // The GET reads the same.
    const again = (await schedule(pet)).json() as PreventiveCareResponse;
    expect(itemOf(again, 'dog.dhpp')?.status).toBe('done');
  });

  it('refuses a date in the future, an item not in the pet’s protocol and a missing product, writing nothing', async () => {
    const pet = await puppy();
    const future = await recordDose(pet, { ...dhppDose, givenOn: { year: 2026, month: 3, day: 11 } });
    expect([future.statusCode, future.json().code, future.json().details]).toEqual([
      400,
      'preventive_care.given_in_future',
      [{ path: 'givenOn', message: 'The date cannot be in the future' }],
    ]);
    const cat = await recordDose(pet, { ...dhppDose, itemCode: 'cat.felv' });
    expect([cat.statusCode, cat.json().code, cat.json().details]).toEqual([
      400,
      'preventive_care.unknown_item',
      [{ path: 'itemCode', message: 'No item of this pet’s protocol has this code' }],
    ]);
    const unknown = await recordDose(pet, { ...dhppDose, itemCode: 'dog.unicorn' });
    expect(unknown.json().code).toBe('preventive_care.unknown_item');
    const noProduct = await recordDose(pet, { ...dhppDose, product: '  ' });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().details).toContainEqual({ path: 'product', message: 'The product is required' });
    expect((await rowsOf(pet)).doses).toEqual([]);
  });

  it('takes today in the owner’s zone: already 11 March on Kiritimati', async () => {
    const pet = await puppy({ timezone: 'Pacific/Kiritimati' });
    const response = await recordDose(pet, { ...dhppDose, givenOn: { year: 2026, month: 3, day: 11 } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().today).toEqual({ year: 2026, month: 3, day: 11 });
  });
});

describe('marking an item not applicable', () => {
  it('needs a reason, shows it with who marked it, refuses a second mark and can be undone', async () => {
    const pet = await puppy();
    const noReason = await markNotApplicable(pet, { itemCode: 'dog.kennel_cough', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toContainEqual({ path: 'reason', message: 'A reason is required' });

    const marked = await markNotApplicable(pet, { itemCode: 'dog.kennel_cough', reason: 'Never boarded' });
    expect(marked.statusCode, marked.body).toBe(200);
    const body = marked.json() as PreventiveCareResponse;
    expect(body.items.at(-1)).toMatchObject({
      code: 'dog.kennel_cough',
      status: 'not_applicable',
      dueOn: null,
      notApplicable: {
        reason: 'Never boarded',
        markedBy: { uuid: helenaId, name: 'Helena Marsh' },
        markedAt: { seconds: NOW.getTime() / 1000 },
      },
    });
    const [mark] = (await rowsOf(pet)).marks;
    const audit = await listAuditRows(app.database.db, { entityId: mark?.id as string });
    expect(audit.map((row) => row.action)).toEqual(['preventive_care.mark_not_applicable']);

    const twice = await markNotApplicable(pet, { itemCode: 'dog.kennel_cough', reason: 'Again' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'preventive_care.already_not_applicable']);

    const undone = await unmark(pet, 'dog.kennel_cough');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(itemOf(undone.json(), 'dog.kennel_cough')).toMatchObject({ status: 'due', notApplicable: null });
    const audits = await listAuditRows(app.database.db, { entityId: mark?.id as string });
    expect(audits.map((row) => row.action).sort()).toEqual([
      'preventive_care.mark_not_applicable',
      'preventive_care.remove_not_applicable',
    ]);
    const missing = await unmark(pet, 'dog.kennel_cough');
    expect([missing.statusCode, missing.json().code]).toEqual([
      404,
      'preventive_care.not_applicable_not_found',
    ]);
  });
});

describe('the access policy', () => {
  it('answers a B2B partner 404 for a pet out of its scope and writes nothing', async () => {
    const pet = await puppy();
    await markNotApplicable(pet, { itemCode: 'dog.rabies', reason: 'Exempt by certificate' });
    const before = await rowsOf(pet);
    const answers = [
      await schedule(pet, partner),
      await recordDose(pet, dhppDose, partner),
      await markNotApplicable(pet, { itemCode: 'dog.kennel_cough', reason: 'Not mine' }, partner),
      await unmark(pet, 'dog.rabies', partner),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
      [404, 'pets.not_found'],
      [404, 'pets.not_found'],
      [404, 'pets.not_found'],
      [404, 'pets.not_found'],
    ]);
    expect(await rowsOf(pet)).toEqual(before);
  });

  it('lets the partner read and record for a pet of its own company', async () => {
    const pet = await puppy({ b2b: true });
    expect((await schedule(pet, partner)).statusCode).toBe(200);
    const response = await recordDose(pet, dhppDose, partner);
    expect(response.statusCode, response.body).toBe(201);
  });
});
