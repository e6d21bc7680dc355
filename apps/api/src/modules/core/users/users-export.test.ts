import { USER_CSV_COLUMNS } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { UserRow } from './users.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let tom: UserRow;
let emma: UserRow;
let evil: UserRow;

const HEADER = `\uFEFF${USER_CSV_COLUMNS.join(',')}\r\n`;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  const db = app.database.db;
  await createCompany(db, { sku: 'ACME' });
  const emmaFamily = await createFamily(db, {
    familyKind: 'paid',
    owner: {
      firstName: 'Emma',
      lastName: 'Clarke',
      email: 'emma.clarke@example.com',
      phone: null,
      createdAt: new Date('2024-01-10T09:00:00Z'),
    },
  });
  emma = emmaFamily.owner;
  await createPet(db, { familyId: emmaFamily.family.id, name: 'Luna' });
  await createPet(db, { familyId: emmaFamily.family.id, name: 'Milo', species: 'cat' });
  tom = (
    await createFamily(db, {
      familyKind: 'b2b',
      owner: {
        firstName: 'Tom',
        lastName: 'Becker',
        email: 'tom.becker@example.com',
        b2bCode: 'ACME',
        phone: '+49 30 1234567',
        country: 'DE',
        createdAt: new Date('2024-02-10T09:00:00Z'),
      },
    })
  ).owner;
  evil = await createUser(db, {
    firstName: '=HYPERLINK("http://evil.test")',
    lastName: 'Smith, "Jr"',
    email: '@evil@example.com',
    country: null,
    createdAt: new Date('2024-03-10T09:00:00Z'),
  });
});

function exportUsers(query = '', withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url: `/v1/users/export${query}`, cookies: withCookies });
}

function lines(body: string): string[] {
  expect(body.startsWith(HEADER)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(HEADER.length).split('\r\n').slice(0, -1);
}

describe('exporting users as CSV', () => {
  it('needs a session', async () => {
    const response = await exportUsers('', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });

  it('downloads a UTF-8 CSV named after the filter and the day, never cached', async () => {
    context.clock.set('2026-03-09T23:59:59Z');
    const response = await exportUsers('?user_type=2');
    const direct = await exportUsers('?user_type=1');
    const all = await exportUsers();
    context.clock.reset();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const filenames = [response, direct, all].map((r) => r.headers['content-disposition']);
    const expected = (day: string | undefined) => [
      `attachment; filename="users-b2b-${day}.csv"`,
      `attachment; filename="users-direct-${day}.csv"`,
      `attachment; filename="users-${day}.csv"`,
    ];
    // The day is the app clock's (UTC), whatever day the test runs.
    expect(filenames).toEqual(expected('2026-03-09'));
  });

  it('has the contract’s header and one line per user, with the list’s values', async () => {
    const response = await exportUsers('?sort=createdAt&order=asc');
    expect(
      response.body.startsWith(
        `\uFEFFuuid,name,email,phone,userType,familyKind,b2BCode,petsCount,country,createdAt\r\n`,
      ),
    ).toBe(true);
    const rows = lines(response.body);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(
      `${emma.id},Emma Clarke,emma.clarke@example.com,,1,paid,,2,GB,2024-01-10T09:00:00.000Z`,
    );
  });

  it('quotes fields with commas and quotes, and defuses values a spreadsheet would run as formulas', async () => {
    const rows = lines((await exportUsers('?sort=createdAt&order=asc')).body);
    expect(rows[1]).toBe(
      `${tom.id},Tom Becker,tom.becker@example.com,'+49 30 1234567,2,b2b,ACME,0,DE,2024-02-10T09:00:00.000Z`,
    );
    expect(rows[2]).toBe(
      `${evil.id},"'=HYPERLINK(""http://evil.test"") Smith, ""Jr""",'@evil@example.com,,1,,,0,,2024-03-10T09:00:00.000Z`,
    );
  });

  it('exports only the users matching the filter and search, in the list’s order', async () => {
    expect(lines((await exportUsers('?user_type=2')).body)).toEqual([expect.stringContaining(tom.id)]);
    expect(lines((await exportUsers('?search=CLARKE')).body)).toEqual([expect.stringContaining(emma.id)]);
    expect(lines((await exportUsers('?search=nobody')).body)).toEqual([]);
    const byName = lines((await exportUsers('?sort=name&order=desc')).body).map((line) => line.slice(0, 36));
    expect(byName).toEqual([evil.id, emma.id, tom.id]);
  });

  it('is not paged: page and page size are ignored', async () => {
    expect(lines((await exportUsers('?page=2&pageSize=1')).body)).toHaveLength(3);
  });

  it('rejects an invalid filter', async () => {
    const response = await exportUsers('?user_type=7');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
  });

  it('is documented in OpenAPI as a CSV download, not JSON', async () => {
    const openapi = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = openapi.paths['/v1/users/export'].get;
    expect(operation.operationId).toBe('exportUsers');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    expect(operation.description).toMatch(/CSV/);
  });
});
