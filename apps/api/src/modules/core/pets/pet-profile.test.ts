import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { breedId } from '../breeds/breeds.sync.ts';
import { families } from '../families/families.table.ts';
import type { VetRow } from '../vets/vets.table.ts';
import { petHealthProfiles } from './pets.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
});

function get(url: string, withSession = true) {
  return app.inject({ method: 'GET', url, cookies: withSession ? cookies : {} });
}

let chips = 0;
function nextMicrochip(): string {
  chips += 1;
  return `98511200456${String(chips).padStart(4, '0')}`;
}

async function emmasLuna() {
  const microchip = nextMicrochip();
  const { family } = await createFamily(app.database.db, {
    owner: {
      firstName: 'Emma',
      lastName: 'Clarke',
      city: 'Bristol',
      country: 'GB',
      timezone: 'Europe/London',
    },
  });
  const luna = await createPet(
    app.database.db,
    {
      familyId: family.id,
      name: 'Luna',
      species: 'dog',
      breedId: breedId('dog', 'Cavalier King Charles Spaniel'),
      sex: 'female',
      birthDate: '2020-01-31',
      neutered: true,
      microchip,
      imageUrl: '/files/pets/luna.jpg',
    },
    {
      conditions: ['Heart condition'],
      allergies: ['Chicken'],
      medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
      activityLevel: 'moderate',
      bodyConditionScore: 6,
      weightKg: 9.4,
      targetWeightKg: 8.5,
      updatedByVetId: vet.id,
    },
  );
  return { family, luna, microchip };
}

describe('a vet opens a pet', () => {
  it('sees its profile with the breed name and its home location', async () => {
    const { family, luna, microchip } = await emmasLuna();
    const response = await get(`/v1/pets/${luna.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      petProfile: {
        uuid: luna.id,
        name: 'Luna',
        species: 'dog',
        breedId: breedId('dog', 'Cavalier King Charles Spaniel'),
        breedName: 'Cavalier King Charles Spaniel',
        sex: 'female',
        birthDate: { year: 2020, month: 1, day: 31 },
        neutered: true,
        imageUrl: '/files/pets/luna.jpg',
        familyUuid: family.id,
        microchip,
        createdAt: { seconds: Math.floor(luna.createdAt.getTime() / 1000) },
        updatedAt: { seconds: Math.floor(luna.updatedAt.getTime() / 1000) },
      },
      ownerHomeLocation: { city: 'Bristol', country: 'GB', timezone: 'Europe/London' },
    });
  });

  it('sees no breed and no birth date when they are unknown', async () => {
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(app.database.db, {
      familyId: family.id,
      breedId: null,
      birthDate: null,
      neutered: null,
      sex: 'unknown',
    });
    const { petProfile } = (await get(`/v1/pets/${pet.id}`)).json();
    expect(petProfile).toMatchObject({
      breedId: null,
      breedName: null,
      birthDate: null,
      neutered: null,
      sex: 'unknown',
      microchip: null,
    });
  });

  it('draws a pet whose family has no owner yet in UTC', async () => {
    const familyId = newId();
    await app.database.db.insert(families).values({ id: familyId, familyKind: 'internal' });
    const pet = await createPet(app.database.db, { familyId, name: 'Stray' });
    const response = await get(`/v1/pets/${pet.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().ownerHomeLocation).toEqual({ city: null, country: null, timezone: 'UTC' });
  });

  it('sees its health profile and which vet last changed it', async () => {
    const { luna } = await emmasLuna();
    const [row] = await app.database.db
      .select()
      .from(petHealthProfiles)
      .where(eq(petHealthProfiles.petId, luna.id));
    const response = await get(`/v1/pets/${luna.id}/health-profile`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      healthProfile: {
        petUuid: luna.id,
        conditions: ['Heart condition'],
        allergies: ['Chicken'],
        medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
        activityLevel: 'moderate',
        bodyConditionScore: 6,
        weightKg: 9.4,
        targetWeightKg: 8.5,
        updatedAt: { seconds: Math.floor((row?.updatedAt.getTime() ?? 0) / 1000) },
        updatedBy: { uuid: vet.id, name: 'Helena Marsh' },
      },
    });
  });

  it('sees an empty health profile for a pet nobody has described yet', async () => {
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(app.database.db, { familyId: family.id });
    await app.database.db.delete(petHealthProfiles).where(eq(petHealthProfiles.petId, pet.id));
    const response = await get(`/v1/pets/${pet.id}/health-profile`);
    expect(response.statusCode).toBe(200);
    expect(response.json().healthProfile).toEqual({
      petUuid: pet.id,
      conditions: [],
      allergies: [],
      medications: [],
      activityLevel: null,
      bodyConditionScore: null,
      weightKg: null,
      targetWeightKg: null,
      updatedAt: { seconds: Math.floor(pet.createdAt.getTime() / 1000) },
      updatedBy: null,
    });
  });

  it('gets 404 pets.not_found for an unknown pet, on both reads', async () => {
    for (const url of [`/v1/pets/${newId()}`, `/v1/pets/${newId()}/health-profile`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Pet not found', code: 'pets.not_found' });
    }
  });

  it('gets 400 for a malformed id', async () => {
    for (const url of ['/v1/pets/not-a-uuid', '/v1/pets/123/health-profile']) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'id' }] });
    }
  });

  it('gets 401 without a session, before anything about the pet is revealed', async () => {
    const { luna } = await emmasLuna();
    for (const url of [`/v1/pets/${luna.id}`, `/v1/pets/${luna.id}/health-profile`, `/v1/pets/${newId()}`]) {
      const response = await get(url, false);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('auth.unauthenticated');
    }
  });
});

describe('the API documentation', () => {
  it('describes the pet, health profile, breed and beta endpoints', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths['/v1/pets/{id}'].get.operationId).toBe('getPet');
    expect(document.paths['/v1/pets/{id}'].patch.operationId).toBe('updatePet');
    expect(
      Object.keys(
        document.paths['/v1/pets/{id}'].patch.requestBody.content['application/json'].schema.properties,
      ),
    ).toEqual(['name', 'species', 'breedId', 'sex', 'birthDate', 'neutered', 'microchip', 'healthProfile']);
    expect(document.paths['/v1/pets/{id}/health-profile'].get.operationId).toBe('getPetHealthProfile');
    expect(document.paths['/v1/breeds'].get.operationId).toBe('listBreeds');
    expect(document.paths['/v1/betas'].get.operationId).toBe('listBetaUsers');
    expect(document.paths['/v1/betas'].post.operationId).toBe('createBetaUser');
    expect(document.paths['/v1/betas/{id}'].get.operationId).toBe('getBetaUser');
  });
});
