import { createHash } from 'node:crypto';
import type { ClinicalDocument, ClinicalDocumentResponse, RichText } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { clinicalDocuments } from './clinical-documents.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let petId: string;
let companyPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'regular', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  const { family } = await createFamily(db);
  petId = (await createPet(db, { familyId: family.id, name: 'Lunadoc' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kikodoc' })).id;
});

const paragraph = (text: string): RichText => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

const assessmentContent = (plan = 'Recheck in 3 months.') => ({
  problems: ['Myxomatous mitral valve disease, stage B2', 'Cough at night'],
  subjective: paragraph('Coughs at night, {{PET_NAME}} eats well.'),
  objective: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Vitals' }] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph('Sleeping respiratory rate 28/min').content[0]] },
          {
            type: 'listItem',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'Murmur ' },
                  { type: 'text', text: 'grade 4/6', marks: [{ type: 'bold' }, { type: 'italic' }] },
                  {
                    type: 'text',
                    text: ' guidelines',
                    marks: [{ type: 'link', attrs: { href: 'https://acvim.org' } }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  assessment: paragraph('Stable B2 disease.'),
  plan: paragraph(plan),
});

const create = (body: Record<string, unknown>, pet = petId, as = cookies) =>
  app.inject({ method: 'POST', url: `/v1/pets/${pet}/clinical-documents`, cookies: as, payload: body });
const save = (id: string, body: Record<string, unknown>, as = cookies) =>
  app.inject({ method: 'PUT', url: `/v1/clinical-documents/${id}`, cookies: as, payload: body });
const sign = (id: string, as = cookies) =>
  app.inject({ method: 'POST', url: `/v1/clinical-documents/${id}/sign`, cookies: as });
const amend = (id: string, reason: string, as = cookies) =>
  app.inject({
    method: 'POST',
    url: `/v1/clinical-documents/${id}/amendments`,
    cookies: as,
    payload: { reason },
  });
const get = (id: string, as = cookies) =>
  app.inject({ method: 'GET', url: `/v1/clinical-documents/${id}`, cookies: as });

async function newAssessment(): Promise<ClinicalDocument> {
  const response = await create({ kind: 'assessment', title: 'Cardiac assessment' });
  expect(response.statusCode).toBe(201);
  return response.json<ClinicalDocumentResponse>().clinicalDocument;
}

async function signedAssessment(): Promise<ClinicalDocument> {
  const draft = await newAssessment();
  expect(
    (await save(draft.uuid, { title: 'Cardiac assessment', content: assessmentContent() })).statusCode,
  ).toBe(200);
  const signed = await sign(draft.uuid);
  expect(signed.statusCode).toBe(200);
  return signed.json<ClinicalDocumentResponse>().clinicalDocument;
}

async function storedRow(id: string) {
  const [row] = await app.database.db.select().from(clinicalDocuments).where(eq(clinicalDocuments.id, id));
  return row;
}

describe('drafting clinical documents', () => {
  it('starts an empty structured assessment as a draft, audited and announced', async () => {
    const draft = await newAssessment();
    expect(draft).toMatchObject({
      kind: 'assessment',
      status: 'draft',
      version: 1,
      title: 'Cardiac assessment',
      previousVersionUuid: null,
      createdBy: { name: 'Helena Marsh' },
      signedBy: null,
      contentSha256: null,
      actions: { edit: true, sign: true, amend: false, pdf: false, delete: true },
    });
    expect(draft.content).toMatchObject({ problems: [] });
    const audit = await listAuditRows(app.database.db, { entityId: draft.uuid });
    expect(audit.map((row) => row.action)).toEqual(['clinical_documents.create']);
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, draft.uuid));
    expect(events.map((event) => [event.type, event.petId])).toEqual([['clinical_document.created', petId]]);
  });

  it('starts a report laid out by its template', async () => {
    const response = await create({ kind: 'report', template: 'cardiology' });
    expect(response.statusCode).toBe(201);
    const { clinicalDocument } = response.json<ClinicalDocumentResponse>();
    expect(clinicalDocument.title).toBe('Cardiology follow-up');
    const body = (clinicalDocument.content as { body: RichText }).body;
    expect(body.content.filter((block) => block.type === 'heading')).toHaveLength(6);
    expect((await create({ kind: 'assessment', template: 'cardiology' })).statusCode).toBe(400);
  });

  it('saves a draft as often as asked (the autosave), with before and after in the audit', async () => {
    const draft = await newAssessment();
    const first = await save(draft.uuid, { title: 'Cardiac assessment', content: assessmentContent('One') });
    expect(first.statusCode).toBe(200);
    const second = await save(draft.uuid, { title: 'Heart check', content: assessmentContent('Two') });
    expect(second.statusCode).toBe(200);
    expect(second.json<ClinicalDocumentResponse>().clinicalDocument.title).toBe('Heart check');
    expect((await storedRow(draft.uuid))?.content).toEqual(assessmentContent('Two'));
    const audit = await listAuditRows(app.database.db, {
      entityId: draft.uuid,
      action: 'clinical_documents.update',
    });
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit.map((row) => row.changes))).toContain('"before"');
    expect(JSON.stringify(audit.map((row) => row.changes))).toContain('Heart check');
  });

  it('refuses content that could carry script, with the field named and nothing written', async () => {
    const draft = await newAssessment();
    const before = await storedRow(draft.uuid);
    const attempts = [
      // A link to javascript:
      {
        ...assessmentContent(),
        plan: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'click',
                  marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                },
              ],
            },
          ],
        },
      },
      // An unknown node type (raw HTML)
      {
        ...assessmentContent(),
        plan: { type: 'doc', content: [{ type: 'html', html: '<script>alert(1)</script>' }] },
      },
      // An unknown mark
      {
        ...assessmentContent(),
        plan: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'script' }] }] },
          ],
        },
      },
      // A report's content on an assessment
      { body: paragraph('Not an assessment') },
    ];
    for (const content of attempts) {
      const response = await save(draft.uuid, { title: 'Injected', content });
      expect(response.statusCode).toBe(400);
      const details = response.json<{ details: Array<{ path: string; message: string }> }>().details;
      expect(details.length).toBeGreaterThan(0);
      expect(details.every((detail) => detail.path.startsWith('content'))).toBe(true);
    }
    const javascript = await save(draft.uuid, { title: 'Injected', content: attempts[0] });
    expect(JSON.stringify(javascript.json())).toContain('Links must start with http://, https:// or mailto:');
    expect(await storedRow(draft.uuid)).toEqual(before);
  });
});

describe('signing', () => {
  it('records the signer, the time and the SHA-256 of the canonical content, and locks the version', async () => {
    // A stopped clock: read after the request, the real one had moved into the next second now and then.
    const at = new Date('2026-11-20T10:15:30.000Z');
    context.clock.set(at);
    onTestFinished(() => context.clock.reset());
    const signed = await signedAssessment();
    expect(signed).toMatchObject({
      status: 'signed',
      signedBy: { name: 'Helena Marsh' },
      actions: { edit: false, sign: false, amend: true, pdf: true, delete: false },
    });
    expect(signed.signedAt?.seconds).toBe(at.getTime() / 1000);
    // The canonical content written by hand: keys sorted at every level, no spaces, UTF-8.
    const p = (text: string) =>
      `{"content":[{"content":[{"text":${JSON.stringify(text)},"type":"text"}],"type":"paragraph"}],"type":"doc"}`;
    const objective =
      '{"content":[{"attrs":{"level":2},"content":[{"text":"Vitals","type":"text"}],"type":"heading"},' +
      '{"content":[{"content":[{"content":[{"text":"Sleeping respiratory rate 28/min","type":"text"}],"type":"paragraph"}],"type":"listItem"},' +
      '{"content":[{"content":[{"text":"Murmur ","type":"text"},{"marks":[{"type":"bold"},{"type":"italic"}],"text":"grade 4/6","type":"text"},' +
      '{"marks":[{"attrs":{"href":"https://acvim.org"},"type":"link"}],"text":" guidelines","type":"text"}],"type":"paragraph"}],"type":"listItem"}],' +
      '"type":"bulletList"}],"type":"doc"}';
    const canonical =
      '{"amendmentReason":null,"content":{' +
      `"assessment":${p('Stable B2 disease.')},` +
      `"objective":${objective},` +
      `"plan":${p('Recheck in 3 months.')},` +
      '"problems":["Myxomatous mitral valve disease, stage B2","Cough at night"],' +
      `"subjective":${p('Coughs at night, {{PET_NAME}} eats well.')}},` +
      '"kind":"assessment","previousVersionUuid":null,"title":"Cardiac assessment","version":1}';
    const expected = createHash('sha256').update(Buffer.from(canonical, 'utf8')).digest('hex');
    expect(signed.contentSha256).toBe(expected);
    expect((await storedRow(signed.uuid))?.contentSha256).toBe(expected);
  });

  it('answers 409 with a stable code to any change of a signed version, and writes nothing', async () => {
    const signed = await signedAssessment();
    const before = await storedRow(signed.uuid);
    const edit = await save(signed.uuid, { title: 'Changed', content: assessmentContent('Changed') });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'clinical_documents.signed_read_only' });
    const again = await sign(signed.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'clinical_documents.already_signed' });
    expect(await storedRow(signed.uuid)).toEqual(before);
  });

  it('exports a signed version as a real PDF with its signature block, and refuses a draft', async () => {
    const signed = await signedAssessment();
    const response = await app.inject({
      method: 'GET',
      url: `/v1/clinical-documents/${signed.uuid}/pdf`,
      cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Cardiac assessment');
    expect(text).toContain('Helena Marsh');
    // pdf.js splits runs of digits and letters: the signature block's short hash and the footer's full one.
    expect(text.replace(/ /g, '')).toContain(`SHA-256${signed.contentSha256?.slice(0, 16)}`);
    expect(text.replace(/ /g, '')).toContain(`SHA-256${signed.contentSha256}Page1of1`);
    // The placeholder is the pet's name in what leaves the practice.
    expect(text).toContain('Lunadoc eats well');
    expect(text).not.toContain('{{PET_NAME}}');
    const draft = await newAssessment();
    const refused = await app.inject({
      method: 'GET',
      url: `/v1/clinical-documents/${draft.uuid}/pdf`,
      cookies,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'clinical_documents.not_signed' });
  });
});

describe('amendments', () => {
  it('corrects a signed version by a new draft version linked to it, signed in its turn', async () => {
    const signed = await signedAssessment();
    expect((await amend(signed.uuid, '  ')).statusCode).toBe(400);
    const started = await amend(signed.uuid, 'Dose of pimobendan corrected');
    expect(started.statusCode).toBe(201);
    const amendment = started.json<ClinicalDocumentResponse>();
    expect(amendment.clinicalDocument).toMatchObject({
      status: 'draft',
      version: 2,
      previousVersionUuid: signed.uuid,
      amendmentReason: 'Dose of pimobendan corrected',
      content: signed.content,
    });
    expect(amendment.versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'signed'],
      [2, 'draft'],
    ]);
    // A version is amended once: the next correction starts from the newest.
    const twice = await amend(signed.uuid, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'clinical_documents.already_amended' });
    const draftAmend = await amend(amendment.clinicalDocument.uuid, 'Not signed yet');
    expect(draftAmend.statusCode).toBe(409);
    expect(draftAmend.json()).toMatchObject({ code: 'clinical_documents.not_signed' });

    const id = amendment.clinicalDocument.uuid;
    expect(
      (await save(id, { title: 'Cardiac assessment', content: assessmentContent('Recheck in 6 weeks.') }))
        .statusCode,
    ).toBe(200);
    const signedAmendment = (await sign(id)).json<ClinicalDocumentResponse>();
    expect(signedAmendment.clinicalDocument.status).toBe('signed');
    expect(signedAmendment.clinicalDocument.contentSha256).not.toBe(signed.contentSha256);
    // The first version is untouched and points at its amendment.
    const first = (await get(signed.uuid)).json<ClinicalDocumentResponse>();
    expect(first.clinicalDocument).toMatchObject({
      status: 'signed',
      contentSha256: signed.contentSha256,
      nextVersionUuid: id,
      actions: { amend: false },
    });
    // The pet's list shows the document once, at its newest version.
    const list = await app.inject({
      method: 'GET',
      url: `/v1/pets/${petId}/clinical-documents?kind=assessment`,
      cookies,
    });
    const listed = list.json<{ clinicalDocuments: ClinicalDocument[] }>().clinicalDocuments;
    expect(listed.some((doc) => doc.uuid === id)).toBe(true);
    expect(listed.some((doc) => doc.uuid === signed.uuid)).toBe(false);

    // The diff: the plan's words removed and added, the other sections unchanged.
    const diff = await app.inject({
      method: 'GET',
      url: `/v1/clinical-documents/${id}/diff?versionUuid=${signed.uuid}`,
      cookies,
    });
    expect(diff.statusCode).toBe(200);
    const body = diff.json<{
      from: { version: number };
      to: { version: number };
      sections: Array<{
        label: string;
        changed: boolean;
        parts: Array<{ value: string; added: boolean; removed: boolean }>;
      }>;
    }>();
    expect([body.from.version, body.to.version]).toEqual([1, 2]);
    expect(body.sections.filter((s) => s.changed).map((s) => s.label)).toEqual(['Plan']);
    const plan = body.sections.find((s) => s.label === 'Plan');
    expect(plan?.parts.filter((p) => p.removed).map((p) => p.value.trim())).toContain('3');
    expect(plan?.parts.filter((p) => p.added).map((p) => p.value.trim())).toContain('6');
    expect(plan?.parts.filter((p) => p.added).map((p) => p.value.trim())).toContain('weeks');

    const other = await newAssessment();
    const foreign = await app.inject({
      method: 'GET',
      url: `/v1/clinical-documents/${id}/diff?versionUuid=${other.uuid}`,
      cookies,
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('scope', () => {
  it('hides another company’s pets’ documents from a B2B vet (404), and shows their own', async () => {
    const signed = await signedAssessment();
    expect((await get(signed.uuid, companyVetCookies)).statusCode).toBe(404);
    expect(
      (await save(signed.uuid, { title: 'x', content: assessmentContent() }, companyVetCookies)).statusCode,
    ).toBe(404);
    expect((await amend(signed.uuid, 'x', companyVetCookies)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/v1/clinical-documents/${signed.uuid}/pdf`,
          cookies: companyVetCookies,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/v1/pets/${petId}/clinical-documents`,
          cookies: companyVetCookies,
        })
      ).statusCode,
    ).toBe(404);
    expect((await create({ kind: 'assessment' }, petId, companyVetCookies)).statusCode).toBe(404);
    const own = await create({ kind: 'report', template: 'discharge' }, companyPetId, companyVetCookies);
    expect(own.statusCode).toBe(201);
    const ownId = own.json<ClinicalDocumentResponse>().clinicalDocument.uuid;
    expect((await get(ownId, companyVetCookies)).statusCode).toBe(200);
  });
});
