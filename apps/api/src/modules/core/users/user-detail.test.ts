import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createFamily,
  createPet,
  createSubscription,
  createUser,
} from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { breedId } from '../breeds/breeds.sync.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

function getUser(id: string, withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url: `/v1/users/${id}`, cookies: withCookies });
}

describe('a user’s page', () => {
  it('shows the user, their family’s pets by name with breed names, and their latest subscription', async () => {
    const db = app.database.db;
    await createCompany(db, { sku: 'PAWSURE' });
    const { family, owner, members } = await createFamily(db, {
      familyKind: 'b2b',
      owner: { firstName: 'Tom', lastName: 'Becker', b2bCode: 'PAWSURE', country: 'DE', city: 'Berlin' },
      members: 1,
    });
    const pepper = await createPet(db, {
      familyId: family.id,
      name: 'pepper',
      birthDate: null,
      neutered: null,
    });
    const biscuit = await createPet(db, {
      familyId: family.id,
      name: 'Biscuit',
      breedId: breedId('dog', 'Beagle'),
      birthDate: '2020-02-29',
      sex: 'female',
    });
    const other = await createFamily(db);
    await createPet(db, { familyId: other.family.id, name: 'Stranger' });
    await createSubscription(db, { userId: owner.id, status: 'cancelled', startedOn: '2023-03-01' });
    const latest = await createSubscription(db, {
      userId: owner.id,
      plan: 'b2b',
      status: 'active',
      startedOn: '2025-03-01',
      renewsOn: null,
    });

    const response = await getUser(owner.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      uuid: owner.id,
      name: 'Tom Becker',
      userType: 2,
      b2BCode: 'PAWSURE',
      familyUuid: family.id,
      familyKind: 'b2b',
      petsCount: 2,
      city: 'Berlin',
      country: 'DE',
    });
    expect(body.pets).toEqual([
      {
        uuid: biscuit.id,
        name: 'Biscuit',
        species: 'dog',
        breedId: breedId('dog', 'Beagle'),
        breedName: 'Beagle',
        sex: 'female',
        birthDate: { year: 2020, month: 2, day: 29 },
        neutered: true,
        imageUrl: null,
        familyUuid: family.id,
      },
      expect.objectContaining({ uuid: pepper.id, name: 'pepper', birthDate: null, neutered: null }),
    ]);
    expect(body.subscription).toEqual({
      uuid: latest.id,
      userUuid: owner.id,
      plan: 'b2b',
      status: 'active',
      startedOn: { year: 2025, month: 3, day: 1 },
      renewsOn: null,
      createdAt: { seconds: Math.floor(latest.createdAt.getTime() / 1000) },
    });

    // A member sees the same family pets, but not the owner's subscription.
    const member = (await getUser(members[0]?.id ?? '')).json();
    expect(member.pets.map((pet: { uuid: string }) => pet.uuid)).toEqual([biscuit.id, pepper.id]);
    expect(member.subscription).toBeNull();
    expect(response.body).not.toMatch(/search_?text|updated_?at/i);
  });

  it('for a user with no family: no pets and no subscription', async () => {
    const loner = await createUser(app.database.db, { firstName: 'Lone', lastName: 'Wolf' });
    const response = await getUser(loner.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { uuid: loner.id, familyUuid: null, familyKind: null, petsCount: 0 },
      pets: [],
      subscription: null,
    });
  });

  it('answers 404 users.not_found for an unknown id', async () => {
    const response = await getUser('01890a5d-ac96-774b-bcce-b302099a8057');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found', code: 'users.not_found' });
  });

  it('answers 400 for a malformed id', async () => {
    const response = await getUser('not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
  });

  it('needs a session', async () => {
    const user = await createUser(app.database.db);
    const response = await getUser(user.id, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });
});
