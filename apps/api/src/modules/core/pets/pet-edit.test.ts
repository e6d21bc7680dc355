import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { breedId } from '../breeds/breeds.sync.ts';
import type { VetRow } from '../vets/vets.table.ts';
import { updatePet } from './pets.repository.ts';
import { type NewPetRow, type PetRow, petHealthProfiles, pets } from './pets.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
});

const LABRADOR = breedId('dog', 'Labrador Retriever');
const BEAGLE = breedId('dog', 'Beagle');
const MAINE_COON = breedId('cat', 'Maine Coon');

let chips = 0;
function nextMicrochip(): string {
  chips += 1;
  return `98511200999${String(chips).padStart(4, '0')}`;
}

async function newPet(overrides: Partial<NewPetRow> = {}, timezone = 'Europe/London'): Promise<PetRow> {
  const { family } = await createFamily(app.database.db, { owner: { timezone } });
  return createPet(app.database.db, { familyId: family.id, name: 'Rex', ...overrides });
}

function patch(id: string, payload: unknown, withSession = true) {
  return app.inject({
    method: 'PATCH',
    url: `/v1/pets/${id}`,
    payload: payload as object,
    cookies: withSession ? cookies : {},
  });
}

async function storedPet(id: string): Promise<PetRow | undefined> {
  const [row] = await app.database.db.select().from(pets).where(eq(pets.id, id));
  return row;
}

async function storedHealth(petId: string) {
  const [row] = await app.database.db
    .select()
    .from(petHealthProfiles)
    .where(eq(petHealthProfiles.petId, petId));
  return row;
}

function auditRowsOf(petId: string) {
  return listAuditRows(app.database.db, { action: 'pets.update', entityId: petId });
}

describe('a vet edits a pet', () => {
  it.each([
    ['name', { name: '  Max  ' }, { name: 'Max' }],
    ['sex', { sex: 'female' }, { sex: 'female' }],
    ['neutered', { neutered: false }, { neutered: false }],
    ['neutered (unknown)', { neutered: null }, { neutered: null }],
    [
      'birth date',
      { birthDate: { year: 2021, month: 2, day: 28 } },
      { birthDate: { year: 2021, month: 2, day: 28 } },
    ],
    ['birth date (unknown)', { birthDate: null }, { birthDate: null }],
    ['breed', { breedId: BEAGLE }, { breedId: BEAGLE, breedName: 'Beagle' }],
    ['breed (unknown)', { breedId: null }, { breedId: null, breedName: null }],
    ['microchip', { microchip: ' 981020000000123 ' }, { microchip: '981020000000123' }],
  ])('changes the %s and nothing else', async (_field, body, expected) => {
    const pet = await newPet({ microchip: nextMicrochip() });
    const before = (await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}`, cookies })).json()
      .petProfile;

    const response = await patch(pet.id, body);

    expect(response.statusCode).toBe(200);
    const { petProfile } = response.json();
    const { updatedAt, ...rest } = petProfile;
    const { updatedAt: _before, ...restBefore } = before;
    expect(rest).toEqual({ ...restBefore, ...expected });
    const reread = (await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}`, cookies })).json()
      .petProfile;
    expect(reread).toEqual(petProfile);
  });

  it('can clear a microchip', async () => {
    const pet = await newPet({ microchip: nextMicrochip() });
    const response = await patch(pet.id, { microchip: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile.microchip).toBeNull();
    expect((await storedPet(pet.id))?.microchip).toBeNull();
  });

  it('bumps updatedAt and records who changed what, before and after, changed fields only', async () => {
    const pet = await newPet({ name: 'Rex', sex: 'male', neutered: true });
    const old = new Date('2024-01-01T00:00:00Z');
    await app.database.db.update(pets).set({ updatedAt: old }).where(eq(pets.id, pet.id));

    const response = await patch(pet.id, { name: 'Max', sex: 'male', neutered: false });

    expect(response.statusCode).toBe(200);
    const stored = await storedPet(pet.id);
    expect(stored?.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(response.json().petProfile.updatedAt).toEqual({
      seconds: Math.floor((stored?.updatedAt.getTime() ?? 0) / 1000),
    });
    const rows = await auditRowsOf(pet.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorVetId: vet.id,
      action: 'pets.update',
      entity: 'pet',
      entityId: pet.id,
      changes: { before: { name: 'Rex', neutered: true }, after: { name: 'Max', neutered: false } },
    });
    expect(rows[0]?.requestId).toBeTruthy();
  });

  it('writes nothing when the values sent are the current ones', async () => {
    const pet = await newPet({ name: 'Rex' });
    const old = new Date('2024-01-01T00:00:00Z');
    await app.database.db.update(pets).set({ updatedAt: old }).where(eq(pets.id, pet.id));

    const response = await patch(pet.id, { name: 'Rex', species: 'dog' });

    expect(response.statusCode).toBe(200);
    expect((await storedPet(pet.id))?.updatedAt.getTime()).toBe(old.getTime());
    expect(await auditRowsOf(pet.id)).toHaveLength(0);
  });
});

describe('a pet edit cannot set what a vet must not set', () => {
  it.each([
    ['an unknown field', { name: 'Max', colour: 'brown' }, 'colour'],
    ['the family', { name: 'Max', familyUuid: '01a1fbd1-5820-721c-b2be-c740f7e2821b' }, 'familyUuid'],
    ['the id', { name: 'Max', uuid: '01a1fbd1-5820-721c-b2be-c740f7e2821b' }, 'uuid'],
    ['a timestamp', { name: 'Max', createdAt: { seconds: 0 } }, 'createdAt'],
    ['the updatedAt', { name: 'Max', updatedAt: { seconds: 0 } }, 'updatedAt'],
    ['the breed name', { name: 'Max', breedName: 'Beagle' }, 'breedName'],
    ['the photo', { name: 'Max', imageUrl: 'https://evil.example/x.png' }, 'imageUrl'],
    ['an unknown health field', { healthProfile: { allergies: ['Fish'], updatedBy: 'x' } }, 'updatedBy'],
  ])('rejects %s with 400 and writes nothing', async (_what, body, path) => {
    const pet = await newPet({ name: 'Rex' });
    const response = await patch(pet.id, body);

    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
    expect(response.json().details).toContainEqual(
      expect.objectContaining({ path: expect.stringContaining(path) }),
    );
    expect(await storedPet(pet.id)).toEqual(pet);
    expect((await storedHealth(pet.id))?.allergies).toEqual([]);
    expect(await auditRowsOf(pet.id)).toHaveLength(0);
  });

  it('rejects an empty patch and invalid values', async () => {
    const pet = await newPet();
    for (const body of [
      {},
      { name: '   ' },
      // A name is one line (issue #47): a line break or control character would break lists and CSVs.
      { name: 'Luna\r\nRex' },
      { name: 'Lu\u0007na' },
      { sex: 'other' },
      { species: 'parrot' },
      { microchip: '12-34' },
      { birthDate: { year: 2021, month: 2, day: 30 } },
      { birthDate: '2021-02-01' },
      { breedId: 'beagle' },
      { healthProfile: { bodyConditionScore: 10 } },
      { healthProfile: { weightKg: 0 } },
    ]) {
      const response = await patch(pet.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await storedPet(pet.id)).toEqual(pet);
    expect(await auditRowsOf(pet.id)).toHaveLength(0);
  });

  afterEach(() => context.clock.reset());

  it('rejects a birth date in the future (400, birthDate)', async () => {
    context.clock.set('2026-06-30T10:30:00Z');
    const pet = await newPet();
    const nextYear = 2027;
    const response = await patch(pet.id, { birthDate: { year: nextYear, month: 1, day: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request',
      code: 'pets.birth_date_in_future',
      details: [{ path: 'birthDate', message: 'The birth date cannot be in the future' }],
    });
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it("accepts today's date where the pet lives", async () => {
    // 30 June in UTC, already 1 July on Kiritimati (UTC+14): the rule reads the app's clock, not the day the test runs.
    context.clock.set('2026-06-30T10:30:00Z');
    const timezone = 'Pacific/Kiritimati';
    const pet = await newPet({}, timezone);
    const [year, month, day] = [2026, 7, 1];
    const response = await patch(pet.id, { birthDate: { year, month, day } });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile.birthDate).toEqual({ year, month, day });
    const tomorrow = await patch(pet.id, { birthDate: { year, month, day: 2 } });
    expect(tomorrow.json().code).toBe('pets.birth_date_in_future');
  });
});

describe('breed and species stay consistent', () => {
  it("rejects another species' breed (400, breedId)", async () => {
    const pet = await newPet({ species: 'dog', breedId: LABRADOR });
    const response = await patch(pet.id, { breedId: MAINE_COON });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'pets.breed_species_mismatch',
      details: [{ path: 'breedId', message: 'Choose a dog breed' }],
    });
    expect((await storedPet(pet.id))?.breedId).toBe(LABRADOR);
  });

  it('rejects an unknown breed (400, breedId)', async () => {
    const pet = await newPet();
    const response = await patch(pet.id, { breedId: newId() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'pets.breed_not_found',
      details: [{ path: 'breedId', message: 'No breed with this id' }],
    });
  });

  it("rejects a species change that would keep the old species' breed", async () => {
    const pet = await newPet({ species: 'dog', breedId: LABRADOR });
    const response = await patch(pet.id, { species: 'cat' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'pets.breed_species_mismatch',
      details: [{ path: 'breedId' }],
    });
    expect(await storedPet(pet.id)).toEqual(pet);
  });

  it('rejects a species change with a breed of the old species', async () => {
    const pet = await newPet({ species: 'dog', breedId: LABRADOR });
    const response = await patch(pet.id, { species: 'cat', breedId: BEAGLE });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'pets.breed_species_mismatch',
      details: [{ path: 'breedId', message: 'Choose a cat breed' }],
    });
  });

  it('changes the species and clears the breed when asked to', async () => {
    const pet = await newPet({ species: 'dog', breedId: LABRADOR });
    const response = await patch(pet.id, { species: 'cat', breedId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile).toMatchObject({ species: 'cat', breedId: null, breedName: null });
    const [audit] = await auditRowsOf(pet.id);
    expect(audit?.changes).toEqual({
      before: { species: 'dog', breedId: LABRADOR },
      after: { species: 'cat', breedId: null },
    });
  });

  it('changes the species and the breed together', async () => {
    const pet = await newPet({ species: 'dog', breedId: LABRADOR });
    const response = await patch(pet.id, { species: 'cat', breedId: MAINE_COON });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile).toMatchObject({
      species: 'cat',
      breedId: MAINE_COON,
      breedName: 'Maine Coon',
    });
  });

  it('changes the species of a pet without a breed', async () => {
    const pet = await newPet({ species: 'dog', breedId: null });
    const response = await patch(pet.id, { species: 'cat' });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile).toMatchObject({ species: 'cat', breedId: null });
  });
});

describe('a microchip identifies one pet', () => {
  it("answers 409 pets.microchip_taken for another pet's microchip and writes nothing", async () => {
    const chip = nextMicrochip();
    await newPet({ name: 'Owner of the chip', microchip: chip });
    const pet = await newPet({ microchip: null });

    const response = await patch(pet.id, { name: 'Max', microchip: chip });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Another pet already has this microchip number',
      code: 'pets.microchip_taken',
      details: [{ path: 'microchip', message: 'Already registered to another pet' }],
    });
    expect(await storedPet(pet.id)).toEqual(pet);
    expect(await auditRowsOf(pet.id)).toHaveLength(0);
  });

  it("keeps the pet's own microchip", async () => {
    const chip = nextMicrochip();
    const pet = await newPet({ microchip: chip });
    const response = await patch(pet.id, { name: 'Max', microchip: chip });
    expect(response.statusCode).toBe(200);
    expect(response.json().petProfile.microchip).toBe(chip);
  });

  it('is guarded by the unique index when two edits race past the check', async () => {
    const chip = nextMicrochip();
    await newPet({ microchip: chip });
    const pet = await newPet({ microchip: null });
    const error = await updatePet(app.database.db, pet.id, { microchip: chip }, new Date()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, 'pets_microchip_key')).toBe(true);
    expect(isUniqueViolation(error, 'another_key')).toBe(false);
    expect(isUniqueViolation(new Error('boom'), 'pets_microchip_key')).toBe(false);
  });
});

describe("a vet edits a pet's health profile", () => {
  it('creates the profile of a pet that had none and signs it', async () => {
    const pet = await newPet();
    await app.database.db.delete(petHealthProfiles).where(eq(petHealthProfiles.petId, pet.id));

    const response = await patch(pet.id, {
      healthProfile: { allergies: ['Chicken'], targetWeightKg: 8.504 },
    });

    expect(response.statusCode).toBe(200);
    const { healthProfile } = response.json();
    const stored = await storedHealth(pet.id);
    expect(healthProfile).toEqual({
      petUuid: pet.id,
      conditions: [],
      allergies: ['Chicken'],
      medications: [],
      activityLevel: null,
      bodyConditionScore: null,
      weightKg: null,
      targetWeightKg: 8.5,
      updatedAt: { seconds: Math.floor((stored?.updatedAt.getTime() ?? 0) / 1000) },
      updatedBy: { uuid: vet.id, name: 'Helena Marsh' },
    });
    expect(stored?.updatedByVetId).toBe(vet.id);
    const [audit] = await auditRowsOf(pet.id);
    expect(audit?.changes).toEqual({
      before: { healthProfile: { allergies: [], targetWeightKg: null } },
      after: { healthProfile: { allergies: ['Chicken'], targetWeightKg: 8.5 } },
    });
  });

  it("updates only the fields sent, keeps the rest, and takes over another vet's signature", async () => {
    const colleague = await createTestVet(app, { firstName: 'Ravi', lastName: 'Shah' });
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(
      app.database.db,
      { familyId: family.id },
      {
        conditions: ['Heart condition'],
        allergies: ['Chicken'],
        medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
        activityLevel: 'moderate',
        bodyConditionScore: 6,
        weightKg: 9.4,
        targetWeightKg: 8.5,
        updatedByVetId: colleague.id,
        updatedAt: new Date('2024-01-01T00:00:00Z'),
      },
    );

    const response = await patch(pet.id, {
      name: 'Luna',
      healthProfile: {
        allergies: ['Chicken', 'Beef'],
        medications: [
          { name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' },
          { name: 'Furosemide' },
        ],
        activityLevel: 'low',
        bodyConditionScore: 5,
        weightKg: 9.1,
        conditions: ['Heart condition'],
      },
    });

    expect(response.statusCode).toBe(200);
    const { healthProfile, petProfile } = response.json();
    expect(petProfile.name).toBe('Luna');
    expect(healthProfile).toMatchObject({
      conditions: ['Heart condition'],
      allergies: ['Chicken', 'Beef'],
      medications: [
        { name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' },
        { name: 'Furosemide', dose: '', frequency: '' },
      ],
      activityLevel: 'low',
      bodyConditionScore: 5,
      weightKg: 9.1,
      targetWeightKg: 8.5,
      updatedBy: { uuid: vet.id, name: 'Helena Marsh' },
    });
    expect(healthProfile.updatedAt.seconds).toBeGreaterThan(Date.parse('2024-01-02') / 1000);
    const after = await app.inject({ method: 'GET', url: `/v1/pets/${pet.id}/health-profile`, cookies });
    expect(after.json().healthProfile).toEqual(healthProfile);

    const rows = await auditRowsOf(pet.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.changes).toEqual({
      before: {
        name: 'Rex',
        healthProfile: {
          allergies: ['Chicken'],
          medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
          activityLevel: 'moderate',
          bodyConditionScore: 6,
          weightKg: 9.4,
        },
      },
      after: {
        name: 'Luna',
        healthProfile: {
          allergies: ['Chicken', 'Beef'],
          medications: [
            { name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' },
            { name: 'Furosemide', dose: '', frequency: '' },
          ],
          activityLevel: 'low',
          bodyConditionScore: 5,
          weightKg: 9.1,
        },
      },
    });
  });

  it('leaves the signature alone when the health profile sent is the current one', async () => {
    const colleague = await createTestVet(app, { firstName: 'Ravi', lastName: 'Shah' });
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(
      app.database.db,
      { familyId: family.id },
      { allergies: ['Chicken'], updatedByVetId: colleague.id },
    );
    const response = await patch(pet.id, { name: 'Max', healthProfile: { allergies: ['Chicken'] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().healthProfile.updatedBy).toEqual({ uuid: colleague.id, name: 'Ravi Shah' });
    expect((await auditRowsOf(pet.id))[0]?.changes).toEqual({
      before: { name: 'Rex' },
      after: { name: 'Max' },
    });
  });
});

describe('editing an unknown or forbidden pet', () => {
  it('answers 404 for an unknown pet, 400 for a malformed id, 401 without a session', async () => {
    const unknown = await patch(newId(), { name: 'Max' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pets.not_found');

    const malformed = await patch('not-a-uuid', { name: 'Max' });
    expect(malformed.statusCode).toBe(400);

    const pet = await newPet({ name: 'Rex' });
    const anonymous = await patch(pet.id, { name: 'Max' }, false);
    expect(anonymous.statusCode).toBe(401);
    expect(await storedPet(pet.id)).toEqual(pet);
  });
});
