import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { clinicalDocuments } from './clinical-documents.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let colleagueCookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let petId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  colleagueCookies = await loginAs(
    app,
    (await createTestVet(app, { firstName: 'Omar', lastName: 'Reyes' })).email,
  );
  const company = await createCompany(db);
  companyVetCookies = await loginAs(
    app,
    (await createTestVet(app, { kind: 'b2b', companySku: company.sku })).email,
  );
  const { family } = await createFamily(db);
  petId = (await createPet(db, { familyId: family.id, name: 'Strayclick' })).id;
});

const create = (body: Record<string, unknown>, as = cookies) =>
  app.inject({ method: 'POST', url: `/v1/pets/${petId}/clinical-documents`, cookies: as, payload: body });
const remove = (id: string, as = cookies) =>
  app.inject({ method: 'DELETE', url: `/v1/clinical-documents/${id}`, cookies: as });
const get = (id: string, as = cookies) =>
  app.inject({ method: 'GET', url: `/v1/clinical-documents/${id}`, cookies: as });
const stored = async (id: string) =>
  (await app.database.db.select().from(clinicalDocuments).where(eq(clinicalDocuments.id, id))).length;

describe('deleting a draft clinical document', () => {
  it('lets its author take back a stray draft: gone from the lists, its content in the audit, announced', async () => {
    const created = await create({ kind: 'report', template: 'consultation' });
    expect(created.statusCode).toBe(201);
    const draft = created.json().clinicalDocument;
    expect(draft.actions.delete).toBe(true);
    // Someone else's draft is theirs: offered to nobody else, refused to them, and to a vet who cannot see it.
    expect((await get(draft.uuid, colleagueCookies)).json().clinicalDocument.actions.delete).toBe(false);
    const colleague = await remove(draft.uuid, colleagueCookies);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().code).toBe('clinical_documents.not_author');
    expect((await remove(draft.uuid, companyVetCookies)).statusCode).toBe(404);
    expect(await stored(draft.uuid)).toBe(1);

    const deleted = await remove(draft.uuid);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await stored(draft.uuid)).toBe(0);
    expect((await get(draft.uuid)).statusCode).toBe(404);
    expect((await remove(draft.uuid)).statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/v1/pets/${petId}/clinical-documents?kind=report`,
      cookies,
    });
    expect(list.json().clinicalDocuments.map((d: { uuid: string }) => d.uuid)).not.toContain(draft.uuid);

    const [audit] = await listAuditRows(app.database.db, {
      action: 'clinical_documents.delete',
      entityId: draft.uuid,
    });
    expect(audit?.changes).toMatchObject({
      before: { petUuid: petId, kind: 'report', version: 1, title: draft.title, content: draft.content },
    });
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, draft.uuid));
    expect(events.map((event) => event.type)).toContain('clinical_document.deleted');
  });

  it('never deletes a signed version (409), and deleting an amendment’s draft lets the signed one be amended again', async () => {
    const draft = (await create({ kind: 'assessment' })).json().clinicalDocument;
    expect(
      (await app.inject({ method: 'POST', url: `/v1/clinical-documents/${draft.uuid}/sign`, cookies }))
        .statusCode,
    ).toBe(200);
    const refused = await remove(draft.uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('clinical_documents.signed_cannot_delete');
    expect(await stored(draft.uuid)).toBe(1);
    expect((await get(draft.uuid)).json().clinicalDocument.actions.delete).toBe(false);

    const amend = () =>
      app.inject({
        method: 'POST',
        url: `/v1/clinical-documents/${draft.uuid}/amendments`,
        cookies,
        payload: { reason: 'Wrong weight' },
      });
    const first = await amend();
    expect(first.statusCode).toBe(201);
    expect((await amend()).statusCode).toBe(409);
    expect((await remove(first.json().clinicalDocument.uuid)).statusCode).toBe(200);
    const again = await amend();
    expect(again.statusCode).toBe(201);
    expect(again.json().clinicalDocument).toMatchObject({ version: 2, status: 'draft' });
  });
});
