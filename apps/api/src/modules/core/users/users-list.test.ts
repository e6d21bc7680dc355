import { userSchema } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { UserRow } from './users.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
const people: Record<'emma' | 'tom' | 'anna' | 'zoe' | 'uma' | 'axel' | 'evil', UserRow> = {} as never;
let emmaFamilyId: string;
let tomFamilyId: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  const db = app.database.db;
  await createCompany(db, { sku: 'ACME', name: 'Acme Insurance' });

  const emma = await createFamily(db, {
    familyKind: 'paid',
    owner: {
      firstName: 'Emma',
      lastName: 'Clarke',
      email: 'emma.clarke@example.com',
      phone: '07700 900123',
      createdAt: at('2024-01-10T09:00:00Z'),
    },
  });
  people.emma = emma.owner;
  emmaFamilyId = emma.family.id;
  for (const name of ['Luna', 'Milo', 'Pepper']) await createPet(db, { familyId: emmaFamilyId, name });

  const tom = await createFamily(db, {
    familyKind: 'b2b',
    owner: {
      firstName: 'Tom',
      lastName: 'Becker',
      email: 'tom.becker@example.com',
      b2bCode: 'ACME',
      createdAt: at('2024-02-10T09:00:00Z'),
    },
  });
  people.tom = tom.owner;
  tomFamilyId = tom.family.id;
  await createPet(db, { familyId: tomFamilyId, name: 'Biscuit' });
  people.anna = await createUser(db, {
    firstName: 'Anna',
    lastName: 'Becker',
    email: 'anna.becker@example.com',
    b2bCode: 'ACME',
    familyId: tomFamilyId,
    createdAt: at('2024-02-11T09:00:00Z'),
  });

  people.zoe = await createUser(db, {
    firstName: 'Zoe',
    lastName: 'adams',
    email: 'ZOE.Adams@Example.com',
    createdAt: at('2024-03-10T09:00:00Z'),
  });

  // `_` and `%` in these two tell a literal match from a wildcard one.
  const uma = await createFamily(db, {
    familyKind: 'beta',
    owner: {
      firstName: 'Uma',
      lastName: 'Wild 100%',
      email: 'a_b@example.com',
      createdAt: at('2024-04-10T09:00:00Z'),
    },
  });
  people.uma = uma.owner;
  await createPet(db, { familyId: uma.family.id, name: 'Kit', species: 'cat' });
  await createPet(db, { familyId: uma.family.id, name: 'Nova', species: 'cat' });
  people.axel = await createUser(db, {
    firstName: 'Axel',
    lastName: 'Bee',
    email: 'axb100@example.com',
    createdAt: at('2024-05-10T09:00:00Z'),
  });

  people.evil = await createUser(db, {
    firstName: '=cmd|calc',
    lastName: 'Formula, "Quoted"',
    email: 'evil@example.com',
    createdAt: at('2024-06-10T09:00:00Z'),
  });
});

function list(query = '', withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url: `/v1/users${query}`, cookies: withCookies });
}

async function namesOf(query: string): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return response.json().users.map((user: { name: string }) => user.name);
}

const NAME = {
  emma: 'Emma Clarke',
  tom: 'Tom Becker',
  anna: 'Anna Becker',
  zoe: 'Zoe adams',
  uma: 'Uma Wild 100%',
  axel: 'Axel Bee',
  evil: '=cmd|calc Formula, "Quoted"',
} as const;

describe('the users list', () => {
  it('needs a session', async () => {
    const response = await list('', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });

  it('shows each user with their family kind, B2B code and their family’s pets count', async () => {
    const response = await list('?sort=createdAt&order=asc');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 7, totalIsCapped: false, pageCount: 1 });
    const byId = new Map(body.users.map((user: { uuid: string }) => [user.uuid, user]));
    expect(byId.get(people.emma.id)).toEqual({
      uuid: people.emma.id,
      email: 'emma.clarke@example.com',
      firstName: 'Emma',
      lastName: 'Clarke',
      name: 'Emma Clarke',
      phone: '07700 900123',
      userType: 1,
      b2BCode: null,
      familyUuid: emmaFamilyId,
      familyKind: 'paid',
      petsCount: 3,
      city: 'London',
      country: 'GB',
      timezone: 'Europe/London',
      createdAt: { seconds: Date.parse('2024-01-10T09:00:00Z') / 1000 },
    });
    expect(byId.get(people.anna.id)).toMatchObject({
      userType: 2,
      b2BCode: 'ACME',
      familyUuid: tomFamilyId,
      familyKind: 'b2b',
      petsCount: 1,
    });
    expect(byId.get(people.zoe.id)).toMatchObject({ familyUuid: null, familyKind: null, petsCount: 0 });
  });

  it('answers only the fields of the contract, never the search column or internal timestamps', async () => {
    const response = await list();
    const allowed = Object.keys(userSchema.shape).sort();
    for (const user of response.json().users) expect(Object.keys(user).sort()).toEqual(allowed);
    expect(response.body).not.toMatch(/search_?text|updated_?at|family_?id"/i);
  });

  it('filters by user type', async () => {
    const b2b = await list('?user_type=2&sort=name&order=asc');
    expect(b2b.json().users.map((u: { name: string }) => u.name)).toEqual([NAME.anna, NAME.tom]);
    expect(b2b.json().pagination.total).toBe(2);
    const direct = await list('?user_type=1');
    expect(direct.json().pagination.total).toBe(5);
    expect(direct.json().users.every((u: { userType: number }) => u.userType === 1)).toBe(true);
  });

  it('rejects an unknown user type, sort field, order or page size', async () => {
    for (const query of [
      '?user_type=3',
      '?user_type=b2b',
      '?sort=phone',
      '?order=up',
      '?pageSize=201',
      '?page=0',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
  });

  describe('search', () => {
    it('finds by name whatever the case, across first and last name', async () => {
      expect(await namesOf('?search=CLARKE')).toEqual([NAME.emma]);
      expect(await namesOf('?search=emma%20clarke')).toEqual([NAME.emma]);
      expect(await namesOf('?search=becker&sort=name&order=asc')).toEqual([NAME.anna, NAME.tom]);
    });

    it('finds by e-mail whatever the case', async () => {
      expect(await namesOf('?search=zoe.adams%40EXAMPLE')).toEqual([NAME.zoe]);
      expect(await namesOf('?search=Tom.Becker%40example.com')).toEqual([NAME.tom]);
    });

    it('takes % and _ literally, not as wildcards', async () => {
      // Unescaped, `a_b` would also match "axb100@…" and `100%` would match "axb100@…".
      expect(await namesOf('?search=a_b')).toEqual([NAME.uma]);
      expect(await namesOf('?search=100%25')).toEqual([NAME.uma]);
      expect(await namesOf('?search=%25')).toEqual([NAME.uma]);
      expect(await namesOf('?search=_')).toEqual([NAME.uma]);
    });

    it('combines with the user type and counts only the matches', async () => {
      const response = await list('?search=becker&user_type=2&pageSize=1');
      expect(response.json().pagination).toEqual({
        page: 1,
        pageSize: 1,
        total: 2,
        totalIsCapped: false,
        pageCount: 2,
      });
      expect(await namesOf('?search=anna&user_type=1')).toEqual([]);
    });

    it('ignores a blank search', async () => {
      const response = await list('?search=%20%20');
      expect(response.json().pagination.total).toBe(7);
    });
  });

  describe('sorting', () => {
    const byName = [NAME.zoe, NAME.anna, NAME.tom, NAME.axel, NAME.emma, NAME.evil, NAME.uma];

    it('by name: last name then first name, ignoring case, both ways', async () => {
      expect(await namesOf('?sort=name&order=asc')).toEqual(byName);
      expect(await namesOf('?sort=name&order=desc')).toEqual([...byName].reverse());
    });

    it('by e-mail, ignoring case, both ways', async () => {
      const byEmail = [NAME.uma, NAME.anna, NAME.axel, NAME.emma, NAME.evil, NAME.tom, NAME.zoe];
      expect(await namesOf('?sort=email&order=asc')).toEqual(byEmail);
      expect(await namesOf('?sort=email&order=desc')).toEqual([...byEmail].reverse());
    });

    it('by creation date, newest first by default', async () => {
      const oldestFirst = [NAME.emma, NAME.tom, NAME.anna, NAME.zoe, NAME.uma, NAME.axel, NAME.evil];
      expect(await namesOf('?sort=createdAt&order=asc')).toEqual(oldestFirst);
      expect(await namesOf('?sort=createdAt&order=desc')).toEqual([...oldestFirst].reverse());
      expect(await namesOf('')).toEqual([...oldestFirst].reverse());
    });

    it('by pets count, ties broken by id so pages are stable', async () => {
      const key = (id: string, count: number) => ({ id, count });
      const rows = [
        key(people.emma.id, 3),
        key(people.uma.id, 2),
        key(people.tom.id, 1),
        key(people.anna.id, 1),
        key(people.zoe.id, 0),
        key(people.axel.id, 0),
        key(people.evil.id, 0),
      ];
      const ascending = [...rows]
        .sort((a, b) => a.count - b.count || (a.id < b.id ? -1 : 1))
        .map((row) => row.id);
      const asc = await list('?sort=petsCount&order=asc');
      expect(asc.json().users.map((u: { uuid: string }) => u.uuid)).toEqual(ascending);
      const desc = await list('?sort=petsCount&order=desc');
      expect(desc.json().users.map((u: { uuid: string }) => u.uuid)).toEqual([...ascending].reverse());
      expect(desc.json().users.map((u: { petsCount: number }) => u.petsCount)).toEqual([3, 2, 1, 1, 0, 0, 0]);
    });
  });

  describe('pagination', () => {
    it('gives the second page, the total and the page count', async () => {
      const response = await list('?sort=name&order=asc&page=2&pageSize=2');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.users.map((u: { name: string }) => u.name)).toEqual([NAME.tom, NAME.axel]);
      expect(body.pagination).toEqual({ page: 2, pageSize: 2, total: 7, totalIsCapped: false, pageCount: 4 });
    });

    it('gives the last, partial page', async () => {
      expect(await namesOf('?sort=name&order=asc&page=4&pageSize=2')).toEqual([NAME.uma]);
    });

    it('answers an empty page past the end, still with the total', async () => {
      const response = await list('?page=9&pageSize=2');
      expect(response.json()).toEqual({
        users: [],
        pagination: { page: 9, pageSize: 2, total: 7, totalIsCapped: false, pageCount: 4 },
      });
    });
  });
});
