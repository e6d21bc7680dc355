import type { VetKind, VetListResponse } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { VetRow } from './vets.table.ts';

const context = useTestApp({ PRODUCT_NAME: 'PawCare' });
let app: TestApp;
let cookies: Record<string, string>;
const vetsByKind: Record<VetKind, VetRow[]> = { regular: [], head: [], b2b: [], partner: [], undefined: [] };
let all: VetRow[];

beforeAll(async () => {
  app = context.app;
  const company = await createCompany(app.database.db, { sku: 'LISTCO' });
  const specs: Array<{ first: string; last: string; kind: VetKind; email: string }> = [
    { first: 'Helena', last: 'Marsh', kind: 'head', email: 'helena.marsh@clinic.test' },
    { first: 'Aaron', last: 'Zeller', kind: 'regular', email: 'aaron.zeller@clinic.test' },
    { first: 'Bea', last: 'Young', kind: 'regular', email: 'bea.young@clinic.test' },
    { first: 'Carl', last: 'Xu', kind: 'b2b', email: 'carl.xu@insurer.test' },
    { first: 'Dora', last: 'Wolfe', kind: 'partner', email: 'dora.wolfe@kennel.test' },
    { first: 'Eve', last: 'Vance', kind: 'undefined', email: 'eve.vance@clinic.test' },
    // Same last name, to check the first name breaks the tie.
    { first: 'Zoe', last: 'Marsh', kind: 'regular', email: 'zoe.marsh@clinic.test' },
  ];
  for (const spec of specs) {
    const vet = await createTestVet(app, {
      firstName: spec.first,
      lastName: spec.last,
      kind: spec.kind,
      email: spec.email,
      companySku: spec.kind === 'b2b' || spec.kind === 'partner' ? company.sku : null,
    });
    vetsByKind[spec.kind].push(vet);
  }
  all = Object.values(vetsByKind).flat();
  cookies = await loginAs(app, 'helena.marsh@clinic.test');
});

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/v1/vets${query}`, cookies });
  return response;
}

async function listOk(query: string): Promise<VetListResponse> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const emailsOf = (body: VetListResponse) => body.vets.map((vet) => vet.email);

describe('the vets list', () => {
  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/vets' });
    expect(response.statusCode).toBe(401);
  });

  it('answers every vet sorted by last then first name, with the list fields', async () => {
    const body = await listOk('');
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 7, totalIsCapped: false, pageCount: 1 });
    expect(body.vets.map((vet) => `${vet.lastName} ${vet.firstName}`)).toEqual([
      'Marsh Helena',
      'Marsh Zoe',
      'Vance Eve',
      'Wolfe Dora',
      'Xu Carl',
      'Young Bea',
      'Zeller Aaron',
    ]);
    const carl = body.vets.find((vet) => vet.firstName === 'Carl');
    expect(carl).toEqual({
      uuid: vetsByKind.b2b[0]?.id,
      email: 'carl.xu@insurer.test',
      firstName: 'Carl',
      lastName: 'Xu',
      imageUrl: null,
      kind: 'b2b',
      companySku: 'LISTCO',
      isRegularVet: false,
      isHeadVet: false,
      kindLabel: 'B2B vet',
      createdAt: { seconds: expect.any(Number) },
      disabled: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|searchText/i);
  });

  it.each([
    ['b2b', ['carl.xu@insurer.test']],
    ['partner', ['dora.wolfe@kennel.test']],
    ['undefined', ['eve.vance@clinic.test']],
    ['head', ['helena.marsh@clinic.test']],
  ])('filters kind=%s', async (kind, emails) => {
    expect(emailsOf(await listOk(`?kind=${kind}`))).toEqual(emails);
  });

  it.each(['PawCare', 'pawcare', 'PAWCARE', 'product'])(
    'kind=%s gives the product own vets, regular and head',
    async (kind) => {
      const body = await listOk(`?kind=${kind}`);
      expect(new Set(body.vets.map((vet) => vet.kind))).toEqual(new Set(['regular', 'head']));
      expect(body.pagination.total).toBe(vetsByKind.regular.length + vetsByKind.head.length);
    },
  );

  it('refuses an unknown kind with 400 vets.unknown_kind on `kind`', async () => {
    const response = await list('?kind=Vetboard');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'vets.unknown_kind', details: [{ path: 'kind' }] });
  });

  it('filters userUuids given repeated, comma-separated, or both', async () => {
    const [a, b, c] = [vetsByKind.b2b[0], vetsByKind.partner[0], vetsByKind.undefined[0]];
    if (!a || !b || !c) throw new Error('fixtures');
    const expected = [a.id, b.id, c.id].sort();
    const ids = (body: VetListResponse) => body.vets.map((vet) => vet.uuid).sort();
    expect(ids(await listOk(`?userUuids=${a.id}&userUuids=${b.id}&userUuids=${c.id}`))).toEqual(expected);
    expect(ids(await listOk(`?userUuids=${a.id},${b.id},${c.id}`))).toEqual(expected);
    expect(ids(await listOk(`?userUuids=${a.id},${b.id}&userUuids=${c.id}`))).toEqual(expected);
    expect(ids(await listOk(`?userUuids=${a.id}`))).toEqual([a.id]);
  });

  it('combines userUuids with the kind filter', async () => {
    const ids = all.map((vet) => vet.id).join(',');
    const body = await listOk(`?userUuids=${ids}&kind=partner`);
    expect(emailsOf(body)).toEqual(['dora.wolfe@kennel.test']);
  });

  it('refuses a malformed uuid in userUuids with 400', async () => {
    const response = await list(`?userUuids=${all[0]?.id},not-a-uuid`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
  });

  it('searches names and e-mails, case-insensitively, with % and _ taken literally', async () => {
    expect(emailsOf(await listOk('?search=MARSH'))).toEqual([
      'helena.marsh@clinic.test',
      'zoe.marsh@clinic.test',
    ]);
    expect(emailsOf(await listOk('?search=kennel.test'))).toEqual(['dora.wolfe@kennel.test']);
    expect(emailsOf(await listOk('?search=carl%20xu'))).toEqual(['carl.xu@insurer.test']);
    expect((await listOk('?search=%25')).vets).toEqual([]);
    expect((await listOk('?search=_')).vets).toEqual([]);
  });

  it('sorts by e-mail, kind and creation, both ways', async () => {
    const byEmail = [...all].map((vet) => vet.email).sort();
    expect(emailsOf(await listOk('?sort=email'))).toEqual(byEmail);
    expect(emailsOf(await listOk('?sort=email&order=desc'))).toEqual([...byEmail].reverse());

    const kinds = (await listOk('?sort=kind')).vets.map((vet) => vet.kind);
    expect(kinds).toEqual(['regular', 'regular', 'regular', 'head', 'b2b', 'partner', 'undefined']);

    const byCreation = [...all].sort(
      (x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1),
    );
    expect((await listOk('?sort=createdAt')).vets.map((vet) => vet.uuid)).toEqual(
      byCreation.map((vet) => vet.id),
    );
    expect((await listOk('?sort=createdAt&order=desc')).vets.map((vet) => vet.uuid)).toEqual(
      byCreation.map((vet) => vet.id).reverse(),
    );
  });

  it('pages with a stable order when sort values tie', async () => {
    const full = (await listOk('?sort=kind&pageSize=200')).vets.map((vet) => vet.uuid);
    const pages: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = await listOk(`?sort=kind&pageSize=3&page=${page}`);
      expect(body.pagination).toEqual({ page, pageSize: 3, total: 7, totalIsCapped: false, pageCount: 3 });
      pages.push(...body.vets.map((vet) => vet.uuid));
    }
    expect(pages).toEqual(full);
    expect((await listOk('?page=9')).vets).toEqual([]);
  });

  it('refuses a bad sort, order or page size with 400', async () => {
    for (const query of ['?sort=password', '?order=up', '?pageSize=1000', '?page=0']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});

describe('the vets CSV export', () => {
  it('streams the current filter and order as CSV', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v1/vets/export?kind=product&sort=email&order=desc',
      cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="vets-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('uuid,firstName,lastName,email,kind,kindLabel,companySku,createdAt');
    const product = [...vetsByKind.regular, ...vetsByKind.head]
      .map((vet) => vet.email)
      .sort()
      .reverse();
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(product);
    const helena = vetsByKind.head[0];
    expect(lines).toContain(
      `${helena?.id},Helena,Marsh,helena.marsh@clinic.test,head,Head vet,,${helena?.createdAt.toISOString()}`,
    );
  });

  it('exports the company of B2B vets and refuses an unknown kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/vets/export?kind=b2b', cookies });
    expect(response.body).toContain(',carl.xu@insurer.test,b2b,B2B vet,LISTCO,');
    const bad = await app.inject({ method: 'GET', url: '/v1/vets/export?kind=nope', cookies });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('vets.unknown_kind');
  });
});

describe('one vet', () => {
  it('answers { vet } by uuid', async () => {
    const dora = vetsByKind.partner[0];
    const response = await app.inject({ method: 'GET', url: `/v1/vets/${dora?.id}`, cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json().vet).toMatchObject({
      uuid: dora?.id,
      firstName: 'Dora',
      kind: 'partner',
      kindLabel: 'B2B partner',
      companySku: 'LISTCO',
      disabled: false,
    });
  });

  it('answers 404 vets.not_found for an unknown uuid and 400 for a malformed one', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/v1/vets/0190a0e4-0000-7000-8000-000000000000',
      cookies,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Vet not found', code: 'vets.not_found' });
    const malformed = await app.inject({ method: 'GET', url: '/v1/vets/12345', cookies });
    expect(malformed.statusCode).toBe(400);
  });
});
