import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  const db = app.database.db;
  await createCompany(db, {
    sku: 'PAWSURE',
    name: 'Pawsure Insurance',
    kind: 'insurer',
    dailyStatusEmails: ['daily@pawsure.test'],
    urgentReportEmails: ['urgent@pawsure.test', 'vet@pawsure.test'],
  });
  await createCompany(db, { sku: 'HAPPY_TAILS-2', name: 'Happy Tails Kennels', kind: 'kennel' });

  // Pawsure: two families (3 pets), one extra member, a loose user: 4 users; 2 enabled vets.
  const first = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: 'PAWSURE' }, members: 1 });
  await createPet(db, { familyId: first.family.id, name: 'Biscuit' });
  await createPet(db, { familyId: first.family.id, name: 'Bean', species: 'cat' });
  const second = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: 'PAWSURE' } });
  await createPet(db, { familyId: second.family.id, name: 'Rex' });
  await createUser(db, { b2bCode: 'PAWSURE' });
  await createTestVet(app, { kind: 'b2b', companySku: 'PAWSURE' });
  await createTestVet(app, { kind: 'partner', companySku: 'PAWSURE' });
  await createTestVet(app, { kind: 'b2b', companySku: 'PAWSURE', disabled: true });

  // Someone else's data must not be counted.
  const other = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: 'HAPPY_TAILS-2' } });
  await createPet(db, { familyId: other.family.id, name: 'Other' });
  await createTestVet(app, { kind: 'b2b', companySku: 'HAPPY_TAILS-2' });
  const direct = await createFamily(db, { familyKind: 'paid' });
  await createPet(db, { familyId: direct.family.id, name: 'Direct' });
});

function get(id: string, withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url: `/v1/companies/${id}`, cookies: withCookies });
}

describe('a B2B company', () => {
  it('is found by its sku, with its contacts and how many users, pets and active vets it has', async () => {
    const response = await get('PAWSURE');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      company: {
        sku: 'PAWSURE',
        name: 'Pawsure Insurance',
        kind: 'insurer',
        dailyStatusEmails: ['daily@pawsure.test'],
        urgentReportEmails: ['urgent@pawsure.test', 'vet@pawsure.test'],
        usersCount: 4,
        petsCount: 3,
        vetsCount: 2,
      },
    });
    expect(response.body).not.toMatch(/created_?at|updated_?at/i);
  });

  it('with digits, - and _ in its sku', async () => {
    const response = await get('HAPPY_TAILS-2');
    expect(response.json().company).toMatchObject({
      name: 'Happy Tails Kennels',
      usersCount: 1,
      petsCount: 1,
      vetsCount: 1,
    });
  });

  it('answers 404 companies.not_found for an unknown sku', async () => {
    const response = await get('NOPE');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Company not found', code: 'companies.not_found' });
  });

  it('answers 400 for a sku in the wrong format', async () => {
    for (const id of ['pawsure', 'P', 'PAW%20SURE', 'PAW.SURE', 'A'.repeat(41)]) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
  });

  it('needs a session', async () => {
    const response = await get('PAWSURE', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });
});
