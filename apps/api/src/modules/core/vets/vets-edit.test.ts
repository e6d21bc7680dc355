import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { type VetRow, vets } from './vets.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let me: VetRow;
let companySku: string;
let otherCompanySku: string;

beforeAll(async () => {
  app = context.app;
  // A head vet: only head vets edit other vets (policy/rights.ts).
  me = await createTestVet(app, { kind: 'head', firstName: 'Una', lastName: 'Defined' });
  cookies = await loginAs(app, me.email);
  companySku = (await createCompany(app.database.db)).sku;
  otherCompanySku = (await createCompany(app.database.db)).sku;
});

function patch(id: string, payload: unknown) {
  return app.inject({ method: 'PATCH', url: `/v1/vets/${id}`, cookies, payload: payload as object });
}

describe('a vet’s page (SPEC §9: created, last signed in, last changed)', () => {
  it('says when the vet was created, last signed in and last changed; signing in is not a change', async () => {
    const vet = await createTestVet(app, { kind: 'regular' });
    const read = async () =>
      (await app.inject({ method: 'GET', url: `/v1/vets/${vet.id}`, cookies })).json().vet;
    const before = await read();
    expect(before.lastSignedInAt).toBeNull();
    expect(before.createdAt).toEqual(before.updatedAt);

    await loginAs(app, vet.email);
    const signedIn = await read();
    expect(signedIn.lastSignedInAt.seconds).toBeGreaterThanOrEqual(before.createdAt.seconds);
    expect(signedIn.updatedAt).toEqual(before.updatedAt);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await patch(vet.id, { lastName: 'Changed' })).statusCode).toBe(200);
    const changed = await read();
    expect(changed.updatedAt.seconds).toBeGreaterThan(before.updatedAt.seconds);
    expect(changed.lastSignedInAt).toEqual(signedIn.lastSignedInAt);
  });
});

describe('editing a vet', () => {
  it('changes the names and answers { vet }, audited with before and after of what changed', async () => {
    const vet = await createTestVet(app, { firstName: 'Ann', lastName: 'Old', kind: 'regular' });
    const response = await patch(vet.id, { firstName: '  Anna ', lastName: 'New' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().vet).toMatchObject({
      uuid: vet.id,
      firstName: 'Anna',
      lastName: 'New',
      kind: 'regular',
    });

    const audit = await listAuditRows(app.database.db, { action: 'vets.update', entityId: vet.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: me.id,
      entity: 'vet',
      changes: { firstName: { before: 'Ann', after: 'Anna' }, lastName: { before: 'Old', after: 'New' } },
    });
    expect(Object.keys(audit[0]?.changes ?? {}).sort()).toEqual(['firstName', 'lastName']);

    const after = await app.inject({ method: 'GET', url: `/v1/vets/${vet.id}`, cookies });
    expect(after.json().vet.firstName).toBe('Anna');
  });

  it('saving the same values changes and audits nothing', async () => {
    const vet = await createTestVet(app, { firstName: 'Same' });
    expect((await patch(vet.id, { firstName: 'Same' })).statusCode).toBe(200);
    expect(await listAuditRows(app.database.db, { action: 'vets.update', entityId: vet.id })).toHaveLength(0);
  });

  it("updates the editor's own profile, which the next /auth/vet shows", async () => {
    expect((await patch(me.id, { lastName: 'Renamed' })).statusCode).toBe(200);
    const whoAmI = await app.inject({ method: 'GET', url: '/v1/auth/vet', cookies });
    expect(whoAmI.json().lastName).toBe('Renamed');
  });

  it('turns a vet into a B2B vet of a company and back, checking the resulting kind and company', async () => {
    const vet = await createTestVet(app, { kind: 'regular' });

    const noCompany = await patch(vet.id, { kind: 'b2b' });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json()).toMatchObject({
      code: 'vets.company_required',
      details: [{ path: 'companySku' }],
    });

    const unknown = await patch(vet.id, { kind: 'b2b', companySku: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'vets.unknown_company', details: [{ path: 'companySku' }] });

    const companyOnly = await patch(vet.id, { companySku });
    expect(companyOnly.statusCode).toBe(400);
    expect(companyOnly.json().code).toBe('vets.company_not_allowed');

    const b2b = await patch(vet.id, { kind: 'b2b', companySku });
    expect(b2b.statusCode).toBe(200);
    expect(b2b.json().vet).toMatchObject({ kind: 'b2b', kindLabel: 'B2B vet', companySku });

    expect((await patch(vet.id, { kind: 'partner' })).json().vet).toMatchObject({
      kind: 'partner',
      companySku,
    });
    expect((await patch(vet.id, { companySku: otherCompanySku })).json().vet.companySku).toBe(
      otherCompanySku,
    );
    expect((await patch(vet.id, { companySku: null })).statusCode).toBe(400);

    const stillCompany = await patch(vet.id, { kind: 'head' });
    expect(stillCompany.statusCode).toBe(400);
    expect(stillCompany.json().code).toBe('vets.company_not_allowed');

    const head = await patch(vet.id, { kind: 'head', companySku: null });
    expect(head.statusCode).toBe(200);
    expect(head.json().vet).toMatchObject({ kind: 'head', isHeadVet: true, companySku: null });

    const audit = await listAuditRows(app.database.db, { action: 'vets.update', entityId: vet.id });
    expect(audit.at(-1)?.changes).toEqual({
      kind: { before: 'partner', after: 'head' },
      companySku: { before: otherCompanySku, after: null },
    });
  });

  it('clears the avatar with imageUrl: null', async () => {
    const vet = await createTestVet(app, {
      imageUrl: '/v1/vets/avatars/0123456789abcdef0123456789abcdef.png',
    });
    const response = await patch(vet.id, { imageUrl: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().vet.imageUrl).toBeNull();
    const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vet.id));
    expect(row?.imageUrl).toBeNull();
    const audit = await listAuditRows(app.database.db, { action: 'vets.update', entityId: vet.id });
    expect(audit[0]?.changes).toEqual({
      imageUrl: { before: '/v1/vets/avatars/0123456789abcdef0123456789abcdef.png', after: null },
    });
  });

  it('rejects unknown fields, a new image URL, an e-mail change and an empty patch with 400', async () => {
    const vet = await createTestVet(app, { firstName: 'Kept' });
    for (const payload of [
      { firstName: 'X', disabled: 'yes' },
      { passwordHash: 'x' },
      { email: 'new@clinic.test' },
      { imageUrl: 'https://evil.example/x.png' },
      { kind: 'root' },
      { firstName: '' },
      {},
    ]) {
      const response = await patch(vet.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
    const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vet.id));
    expect(row).toMatchObject({ firstName: 'Kept', disabled: false });
  });

  it('answers 404 for an unknown vet and 400 for a malformed id', async () => {
    const unknown = await patch('0190a0e4-0000-7000-8000-000000000000', { firstName: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('vets.not_found');
    expect((await patch('nope', { firstName: 'X' })).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const vet = await createTestVet(app);
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/vets/${vet.id}`,
      payload: { firstName: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});
