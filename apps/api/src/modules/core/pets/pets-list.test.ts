import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';

/** `GET /v1/pets`: what the pool page's "Send to pets…" picks from (issue #39 §3). */
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
const tag = `Zq${Date.now().toString(36)}`;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app, { kind: 'head' })).email);
  const company = await createCompany(db);
  companyVetCookies = await loginAs(
    app,
    (await createTestVet(app, { kind: 'b2b', companySku: company.sku })).email,
  );
  const { family } = await createFamily(db, { owner: { firstName: 'Ana', lastName: 'Reyes' } });
  await createPet(db, { familyId: family.id, name: `${tag} Luna`, species: 'cat' });
  await createPet(db, { familyId: family.id, name: `${tag} Milo` });
  await createPet(db, { familyId: family.id, name: `${tag} Bruno` });
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  await createPet(db, { familyId: b2b.family.id, name: `${tag} Kiko` });
});

function list(query: Record<string, string | number>, as = cookies) {
  return app.inject({
    method: 'GET',
    url: '/v1/pets',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    cookies: as,
  });
}

describe('the pets list', () => {
  it('searches by name and filters by species, by name, with the owner', async () => {
    const all = await list({ search: tag });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().pets.map((pet: { name: string }) => pet.name)).toEqual([
      `${tag} Bruno`,
      `${tag} Kiko`,
      `${tag} Luna`,
      `${tag} Milo`,
    ]);
    expect(all.json().pagination).toMatchObject({ total: 4, page: 1 });
    const cats = await list({ search: tag, species: 'cat' });
    expect(cats.json().pets).toMatchObject([{ name: `${tag} Luna`, species: 'cat', ownerName: 'Ana Reyes' }]);
  });

  it('pages, with the total of every page', async () => {
    const second = await list({ search: tag, pageSize: 3, page: 2, order: 'desc' });
    expect(second.json().pets.map((pet: { name: string }) => pet.name)).toEqual([`${tag} Bruno`]);
    expect(second.json().pagination).toMatchObject({ total: 4, pageCount: 2 });
  });

  it('shows a B2B vet their company’s pets only', async () => {
    const response = await list({ search: tag }, companyVetCookies);
    expect(response.statusCode).toBe(200);
    expect(response.json().pets.map((pet: { name: string }) => pet.name)).toEqual([`${tag} Kiko`]);
    expect(response.json().pagination.total).toBe(1);
  });

  it('refuses a species it does not know', async () => {
    expect((await list({ species: 'horse' })).statusCode).toBe(400);
  });
});
