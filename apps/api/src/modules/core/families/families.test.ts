import { familyOwnerSchema } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createFamily,
  createPet,
  createSubscription,
  createUser,
} from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { breedId } from '../breeds/breeds.sync.ts';
import { families } from './families.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
const UNKNOWN_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  await createCompany(app.database.db, { sku: 'PAWSURE', name: 'Pawsure Insurance' });
});

function get(url: string, withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url, cookies: withCookies });
}

async function familyWithoutOwner(): Promise<string> {
  const id = newId();
  await app.database.db.insert(families).values({ id, familyKind: 'unspecified' });
  return id;
}

describe("a family's owner", () => {
  it('has a full name, their B2B code and the family kind', async () => {
    const { family, owner } = await createFamily(app.database.db, {
      familyKind: 'b2b',
      owner: {
        firstName: 'Tom',
        lastName: 'Becker',
        email: 'tom.becker@example.com',
        phone: '+49 30 1234567',
        b2bCode: 'PAWSURE',
      },
      members: 2,
    });
    const response = await get(`/v1/families/${family.id}/owner`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: owner.id,
      name: 'Tom Becker',
      email: 'tom.becker@example.com',
      phone: '+49 30 1234567',
      b2BCode: 'PAWSURE',
      familyKind: 'b2b',
    });
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(familyOwnerSchema.shape).sort());
  });

  it('of a direct customer has no B2B code', async () => {
    const { family } = await createFamily(app.database.db, {
      familyKind: 'paid',
      owner: { firstName: 'Emma', lastName: 'Clarke' },
    });
    expect((await get(`/v1/families/${family.id}/owner`)).json()).toMatchObject({
      name: 'Emma Clarke',
      b2BCode: null,
      familyKind: 'paid',
    });
  });

  it('answers 404 families.not_found for an unknown family', async () => {
    const response = await get(`/v1/families/${UNKNOWN_ID}/owner`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Family not found', code: 'families.not_found' });
  });

  it('answers 404 families.owner_not_found for a family without owner', async () => {
    const response = await get(`/v1/families/${await familyWithoutOwner()}/owner`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('families.owner_not_found');
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await get('/v1/families/123/owner')).statusCode).toBe(400);
    const { family } = await createFamily(app.database.db);
    const anonymous = await get(`/v1/families/${family.id}/owner`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('auth.unauthenticated');
  });
});

describe("a family's pets page", () => {
  it('shows the family kind, owner, members (owner first), the owner’s subscription and the pets by name', async () => {
    const db = app.database.db;
    const { family, owner } = await createFamily(db, {
      familyKind: 'paid',
      owner: { firstName: 'Emma', lastName: 'Clarke', email: 'emma@example.com', phone: '0117 496 0000' },
    });
    const zed = await createUser(db, { familyId: family.id, firstName: 'Zed', lastName: 'Abbot' });
    const amy = await createUser(db, { familyId: family.id, firstName: 'amy', lastName: 'Clarke' });
    const pepper = await createPet(db, { familyId: family.id, name: 'Pepper' });
    const luna = await createPet(db, {
      familyId: family.id,
      name: 'luna',
      breedId: breedId('dog', 'Cavalier King Charles Spaniel'),
      sex: 'female',
      birthDate: '2019-06-02',
    });
    const milo = await createPet(db, { familyId: family.id, name: 'Milo', species: 'cat' });
    await createSubscription(db, { userId: owner.id, startedOn: '2022-01-01', status: 'cancelled' });
    const current = await createSubscription(db, {
      userId: owner.id,
      startedOn: '2024-05-01',
      plan: 'yearly',
    });
    await createSubscription(db, { userId: zed.id, startedOn: '2025-01-01' });
    const elsewhere = await createFamily(db);
    await createPet(db, { familyId: elsewhere.family.id, name: 'Aardvark' });

    const response = await get(`/v1/families/${family.id}/pets`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.family).toEqual({
      uuid: family.id,
      familyKind: 'paid',
      owner: {
        uuid: owner.id,
        name: 'Emma Clarke',
        email: 'emma@example.com',
        phone: '0117 496 0000',
        b2BCode: null,
        familyKind: 'paid',
      },
      members: [
        {
          uuid: owner.id,
          name: 'Emma Clarke',
          email: 'emma@example.com',
          phone: '0117 496 0000',
          isOwner: true,
        },
        { uuid: zed.id, name: 'Zed Abbot', email: zed.email, phone: null, isOwner: false },
        { uuid: amy.id, name: 'amy Clarke', email: amy.email, phone: null, isOwner: false },
      ],
      subscription: expect.objectContaining({
        uuid: current.id,
        plan: 'yearly',
        startedOn: { year: 2024, month: 5, day: 1 },
      }),
      createdAt: { seconds: Math.floor(family.createdAt.getTime() / 1000) },
    });
    expect(body.pets.map((pet: { uuid: string }) => pet.uuid)).toEqual([luna.id, milo.id, pepper.id]);
    expect(body.pets[0]).toEqual({
      uuid: luna.id,
      name: 'luna',
      species: 'dog',
      breedId: breedId('dog', 'Cavalier King Charles Spaniel'),
      breedName: 'Cavalier King Charles Spaniel',
      sex: 'female',
      birthDate: { year: 2019, month: 6, day: 2 },
      neutered: true,
      imageUrl: null,
      familyUuid: family.id,
    });
    expect(body.pets[1]).toMatchObject({ species: 'cat', breedName: 'Domestic Shorthair' });
    expect(response.body).not.toMatch(/search_?text|microchip|owner_?user_?id/i);
  });

  it('of a family with no owner and no pets is still shown, empty', async () => {
    const id = await familyWithoutOwner();
    const response = await get(`/v1/families/${id}/pets`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      family: { uuid: id, familyKind: 'unspecified', owner: null, members: [], subscription: null },
      pets: [],
    });
  });

  it('answers 404 families.not_found, 400 for a malformed id and 401 without a session', async () => {
    const missing = await get(`/v1/families/${UNKNOWN_ID}/pets`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('families.not_found');
    expect((await get('/v1/families/nope/pets')).statusCode).toBe(400);
    expect((await get(`/v1/families/${UNKNOWN_ID}/pets`, {})).statusCode).toBe(401);
  });
});
