import { randomBytes, randomUUID } from 'node:crypto';
import { MEDICAL_RECORD_MAX_BYTES, MEDICAL_RECORD_REVIEW_MATCHING_MAX } from '@vetboard/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { files } from '../../platform/files/files.table.ts';
import { medicalRecordLabels, medicalRecords } from './medical-records.table.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let partnerCookies: Record<string, string>;
let petId: string;
let companyPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  // A head vet: archiving and merging labels is theirs (policy matrix: reference-data rights).
  const vet = await createTestVet(app, { kind: 'head', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const partner = await createTestVet(app, { kind: 'partner', companySku: company.sku });
  partnerCookies = await loginAs(app, partner.email);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Records' } });
  petId = (await createPet(db, { familyId: family.id, name: 'Lunarecords' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kikorecords' })).id;
});

const createLabel = (name: string, color = 'red') =>
  app.inject({ method: 'POST', url: '/v1/labels', cookies, payload: { name, color } });

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
  as = cookies,
) {
  return app.inject({ method: 'POST', url: '/v1/medical-records', cookies: as, ...multipart(fields, file) });
}

async function stored() {
  const db = app.database.db;
  return {
    records: (await db.select({ id: medicalRecords.id }).from(medicalRecords)).length,
    files: (await db.select({ id: files.id }).from(files).where(eq(files.purpose, 'medical_record'))).length,
  };
}

describe('uploading a medical record', () => {
  it('stores a PDF for the pet, pending review, downloadable under its original name', async () => {
    const response = await upload(
      { petUuid: petId, title: 'Cardiac echo', documentDate: '2026-10-14' },
      { name: 'echo 14-10.pdf', data: PDF },
    );
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json().medicalRecord;
    expect(record).toMatchObject({
      pet: { uuid: petId, name: 'Lunarecords' },
      ownerName: 'Emma Records',
      title: 'Cardiac echo',
      documentDate: { year: 2026, month: 10, day: 14 },
      status: 'pending',
      labels: [],
      uploadedBy: { kind: 'vet', vet: { name: 'Helena Marsh' } },
      file: { filename: 'echo 14-10.pdf', contentType: 'application/pdf', size: PDF.length },
    });
    const file = await app.inject({ method: 'GET', url: record.file.url, cookies });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain('echo 14-10.pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const audit = await listAuditRows(app.database.db, { entityId: record.uuid });
    expect(audit.map((row) => row.action)).toEqual(['medical_records.upload']);
  });

  it('keeps no bidirectional or control character of the file name, stored or served', async () => {
    const response = await upload({ petUuid: petId }, { name: 'invoice\u202efdp.exe\u2066.pdf', data: PDF });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json().medicalRecord;
    expect(record.file.filename).toBe('invoicefdp.exe.pdf');
    expect(record.title).toBe('invoicefdp.exe');
    const file = await app.inject({ method: 'GET', url: record.file.url, cookies });
    const disposition = decodeURIComponent(String(file.headers['content-disposition']));
    expect(disposition).toContain('invoicefdp.exe.pdf');
    expect(disposition).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('takes the title from the file name and an image as well', async () => {
    const response = await upload(
      { petUuid: petId },
      { name: 'x-ray chest.png', data: PNG, type: 'image/png' },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().medicalRecord).toMatchObject({
      title: 'x-ray chest',
      file: { contentType: 'image/png' },
    });
  });

  it('refuses a file over 20 MB (413) and one that is not a document (415) with clear messages, storing nothing', async () => {
    const before = await stored();
    const big = await upload(
      { petUuid: petId, title: 'Huge' },
      { name: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(MEDICAL_RECORD_MAX_BYTES)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'medical_records.too_large',
      error: 'The file is larger than 20 MB: nothing was stored',
    });
    const html = await upload(
      { petUuid: petId, title: 'Page' },
      { name: 'report.pdf', data: Buffer.from('<html><body>not a pdf</body></html>') },
    );
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({
      code: 'medical_records.unsupported_type',
      error: 'The file must be a PDF, JPEG, PNG or WebP (by its content): nothing was stored',
    });
    const noFile = await upload({ petUuid: petId, title: 'Nothing' });
    expect(noFile.statusCode).toBe(400);
    const badDate = await upload(
      { petUuid: petId, documentDate: '14/10/2026' },
      { name: 'a.pdf', data: PDF },
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details.map((d: { path: string }) => d.path)).toEqual(['documentDate']);
    // The right shape, but no such day: refused before the insert could fail on it.
    const noSuchDay = await upload(
      { petUuid: petId, documentDate: '2026-02-30' },
      { name: 'a.pdf', data: PDF },
    );
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().details.map((d: { path: string }) => d.path)).toEqual(['documentDate']);
    expect(await stored()).toEqual(before);
  });
});

describe('labels', () => {
  it('are created, renamed, recoloured, archived and restored; a name is unique whatever its case', async () => {
    const created = await createLabel('Bloodwork');
    expect(created.statusCode, created.body).toBe(201);
    const label = created.json().label;
    expect(label).toMatchObject({ name: 'Bloodwork', color: 'red', archived: false, recordCount: 0 });
    const twin = await createLabel('bloodwork');
    expect(twin.statusCode).toBe(409);
    expect(twin.json().code).toBe('labels.name_taken');
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/v1/labels/${label.uuid}`,
      cookies,
      payload: { name: 'Blood tests', color: 'grape' },
    });
    expect(renamed.json().label).toMatchObject({ name: 'Blood tests', color: 'grape' });
    const archived = await app.inject({
      method: 'PATCH',
      url: `/v1/labels/${label.uuid}`,
      cookies,
      payload: { archived: true },
    });
    expect(archived.json().label.archived).toBe(true);
    const active = await app.inject({ method: 'GET', url: '/v1/labels/?page=1&pageSize=200', cookies });
    expect(active.statusCode).toBe(200);
    expect(active.json().labels.map((l: { uuid: string }) => l.uuid)).not.toContain(label.uuid);
    const all = await app.inject({ method: 'GET', url: '/v1/labels/?status=archived', cookies });
    expect(all.json().labels.map((l: { uuid: string }) => l.uuid)).toContain(label.uuid);
    const audit = await listAuditRows(app.database.db, { entityId: label.uuid });
    expect(audit.map((row) => row.action)).toEqual(['labels.create', 'labels.update', 'labels.update']);
  });

  it('are set on a record (active ones only), and merging one into another moves every record', async () => {
    const cardio = (await createLabel('Cardiology', 'pink')).json().label;
    const heart = (await createLabel('Heart', 'red')).json().label;
    const old = (await createLabel('Old', 'gray')).json().label;
    await app.inject({
      method: 'PATCH',
      url: `/v1/labels/${old.uuid}`,
      cookies,
      payload: { archived: true },
    });
    const first = (await upload({ petUuid: petId, title: 'Echo' }, { name: 'echo.pdf', data: PDF })).json()
      .medicalRecord;
    const second = (await upload({ petUuid: petId, title: 'ECG' }, { name: 'ecg.pdf', data: PDF })).json()
      .medicalRecord;
    const label = (id: string, labelUuids: string[]) =>
      app.inject({ method: 'PATCH', url: `/v1/medical-records/${id}`, cookies, payload: { labelUuids } });
    const set = await label(first.uuid, [heart.uuid, cardio.uuid]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().medicalRecord.labels.map((l: { name: string }) => l.name)).toEqual([
      'Cardiology',
      'Heart',
    ]);
    expect((await label(second.uuid, [heart.uuid])).statusCode).toBe(200);
    const archivedLabel = await label(second.uuid, [old.uuid]);
    expect(archivedLabel.statusCode).toBe(400);
    expect(archivedLabel.json().code).toBe('medical_records.label_not_found');

    const merged = await app.inject({
      method: 'POST',
      url: `/v1/labels/${heart.uuid}/merge`,
      cookies,
      payload: { intoUuid: cardio.uuid },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().label).toMatchObject({ uuid: cardio.uuid, recordCount: 2 });
    const rows = await app.database.db
      .select()
      .from(medicalRecordLabels)
      .where(eq(medicalRecordLabels.labelId, heart.uuid));
    expect(rows).toEqual([]);
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/medical-records/?labelUuid=${cardio.uuid}&petUuid=${petId}`,
      cookies,
    });
    expect(
      listed
        .json()
        .medicalRecords.map((r: { uuid: string }) => r.uuid)
        .sort(),
    ).toEqual([first.uuid, second.uuid].sort());
    expect(
      (await app.inject({ method: 'GET', url: `/v1/labels/?search=heart`, cookies })).json().labels,
    ).toEqual([]);
    const intoItself = await app.inject({
      method: 'POST',
      url: `/v1/labels/${cardio.uuid}/merge`,
      cookies,
      payload: { intoUuid: cardio.uuid },
    });
    expect(intoItself.statusCode).toBe(400);
  });
});

describe('labels are the practice’s own', () => {
  it('refuses a partner’s rename and merge of a label on records it cannot read, and leaves them as they were', async () => {
    const kept = (await createLabel('Renal panel', 'teal')).json().label;
    const into = (await createLabel('Partner’s bucket', 'gray')).json().label;
    const record = (
      await upload({ petUuid: petId, title: 'Renal bloods' }, { name: 'renal.pdf', data: PDF })
    ).json().medicalRecord;
    await app.inject({
      method: 'PATCH',
      url: `/v1/medical-records/${record.uuid}`,
      cookies,
      payload: { labelUuids: [kept.uuid] },
    });

    const attempts = [
      { method: 'POST' as const, url: '/v1/labels', payload: { name: 'Partner label' } },
      { method: 'PATCH' as const, url: `/v1/labels/${kept.uuid}`, payload: { name: 'Relabelled' } },
      { method: 'POST' as const, url: `/v1/labels/${kept.uuid}/merge`, payload: { intoUuid: into.uuid } },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, cookies: partnerCookies });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'labels.forbidden', error: expect.any(String) });
    }

    const after = await app.inject({ method: 'GET', url: `/v1/medical-records/${record.uuid}`, cookies });
    expect(
      after.json().medicalRecord.labels.map((l: { uuid: string; name: string }) => [l.uuid, l.name]),
    ).toEqual([[kept.uuid, 'Renal panel']]);
    const audit = await listAuditRows(app.database.db, { entityId: kept.uuid });
    expect(audit.map((row) => row.action)).toEqual(['labels.create']);
  });
});

describe('the records inbox', () => {
  it('lists records awaiting review first, oldest first; a review is recorded once (409 after)', async () => {
    const { family } = await createFamily(app.database.db, {
      owner: { firstName: 'Ines', lastName: 'Boxwell' },
    });
    const pet = (await createPet(app.database.db, { familyId: family.id, name: 'Inboxrecords' })).id;
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push(
        (await upload({ petUuid: pet, title }, { name: `${title}.pdf`, data: PDF })).json().medicalRecord
          .uuid,
      );
    }
    const review = await app.inject({ method: 'POST', url: `/v1/medical-records/${ids[0]}/review`, cookies });
    expect(review.statusCode).toBe(200);
    expect(review.json().medicalRecord).toMatchObject({
      status: 'reviewed',
      reviewedBy: { name: 'Helena Marsh' },
    });
    const again = await app.inject({ method: 'POST', url: `/v1/medical-records/${ids[0]}/review`, cookies });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('medical_records.already_reviewed');
    const inbox = await app.inject({
      method: 'GET',
      url: '/v1/medical-records/?search=Inboxrecords',
      cookies,
    });
    expect(inbox.json().medicalRecords.map((r: { title: string }) => r.title)).toEqual([
      'Second',
      'Third',
      'First',
    ]);
    expect(inbox.json().counts).toEqual({ pending: 2, reviewed: 1 });
    const pending = await app.inject({
      method: 'GET',
      url: '/v1/medical-records/?search=Inboxrecords&status=pending&uploadedBy=vet',
      cookies,
    });
    expect(pending.json().medicalRecords).toHaveLength(2);
  });

  it('answers SPEC §9’s page 1 of 200 for a pet’s records, and refuses a bigger page', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/v1/medical-records/?petUuid=${petId}&page=1&pageSize=200`,
      cookies,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toMatchObject({ page: 1, pageSize: 200 });
    const tooBig = await app.inject({ method: 'GET', url: `/v1/medical-records/?pageSize=201`, cookies });
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('scope', () => {
  it('shows a B2B vet only their company’s pets’ records; the others and their files are not found', async () => {
    const own = (
      await upload({ petUuid: companyPetId, title: 'Kennel bloods' }, { name: 'k.pdf', data: PDF })
    ).json().medicalRecord;
    const product = (
      await upload({ petUuid: petId, title: 'Product only' }, { name: 'p.pdf', data: PDF })
    ).json().medicalRecord;
    const listed = await app.inject({
      method: 'GET',
      url: '/v1/medical-records/?pageSize=200',
      cookies: companyVetCookies,
    });
    expect(listed.statusCode).toBe(200);
    expect(new Set(listed.json().medicalRecords.map((r: { pet: { uuid: string } }) => r.pet.uuid))).toEqual(
      new Set([companyPetId]),
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/v1/medical-records/${own.uuid}`,
          cookies: companyVetCookies,
        })
      ).statusCode,
    ).toBe(200);
    for (const url of [
      `/v1/medical-records/${product.uuid}`,
      `/v1/medical-records/${product.uuid}/file`,
      product.file.url.replace(/.*/, `/v1/files/${product.file.uuid}`),
    ]) {
      const response = await app.inject({ method: 'GET', url, cookies: companyVetCookies });
      expect(response.statusCode, url).toBe(404);
    }
    const upload403 = await upload(
      { petUuid: petId, title: 'x' },
      { name: 'x.pdf', data: PDF },
      companyVetCookies,
    );
    expect(upload403.statusCode).toBe(400);
    expect(upload403.json().code).toBe('medical_records.pet_not_found');
  });
});

describe('uploaded by a given vet, and reviewing every matching record', () => {
  it('filters the inbox by the vet who uploaded', async () => {
    const db = app.database.db;
    const other = await createTestVet(app, { kind: 'regular', firstName: 'Otto', lastName: 'Uploader' });
    const otherCookies = await loginAs(app, other.email);
    const { family } = await createFamily(db, { owner: { firstName: 'Ivy', lastName: 'Uploads' } });
    const pet = (await createPet(db, { familyId: family.id, name: 'Uploadpet' })).id;
    expect((await upload({ petUuid: pet, title: 'Mine' }, { name: 'a.pdf', data: PDF })).statusCode).toBe(
      201,
    );
    expect(
      (await upload({ petUuid: pet, title: 'Otto’s' }, { name: 'b.pdf', data: PDF }, otherCookies))
        .statusCode,
    ).toBe(201);
    const list = await app.inject({
      method: 'GET',
      url: `/v1/medical-records?petUuid=${pet}&uploadedByVetUuid=${other.id}`,
      cookies,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().medicalRecords.map((r: { title: string }) => r.title)).toEqual(['Otto’s']);
    expect(list.json().counts).toEqual({ pending: 1, reviewed: 0 });
  });

  it('reviews all pending records the filters match, beyond the page shown, within the vet’s scope only', async () => {
    const db = app.database.db;
    const own = [];
    for (const title of ['Bulk one', 'Bulk two'])
      own.push(
        (
          await upload({ petUuid: companyPetId, title }, { name: 'x.pdf', data: PDF }, companyVetCookies)
        ).json().medicalRecord.uuid as string,
      );
    const product = (
      await upload({ petUuid: petId, title: 'Bulk three' }, { name: 'y.pdf', data: PDF })
    ).json().medicalRecord.uuid as string;
    const response = await app.inject({
      method: 'POST',
      url: '/v1/medical-records/review-matching',
      cookies: companyVetCookies,
      payload: { search: 'bulk' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ reviewed: 2 });
    const statusOf = async (id: string) =>
      (
        await db
          .select({ status: medicalRecords.status })
          .from(medicalRecords)
          .where(eq(medicalRecords.id, id))
      )[0]?.status;
    expect([await statusOf(own[0] ?? ''), await statusOf(own[1] ?? '')]).toEqual(['reviewed', 'reviewed']);
    expect(await statusOf(product)).toBe('pending');
    const audit = await listAuditRows(db, { entityId: own[0] ?? '' });
    expect(audit.map((row) => row.action)).toContain('medical_records.review');
  });

  it('refuses more than the cap at once, changing nothing (409)', async () => {
    const db = app.database.db;
    const { family } = await createFamily(db, { owner: { firstName: 'Many', lastName: 'Records' } });
    const pet = (await createPet(db, { familyId: family.id, name: 'Manyrecords' })).id;
    const first = (await upload({ petUuid: pet }, { name: 'z.pdf', data: PDF })).json().medicalRecord;
    const [row] = await db.select().from(medicalRecords).where(eq(medicalRecords.id, first.uuid));
    if (!row) throw new Error('no record');
    await db
      .insert(medicalRecords)
      .values(
        Array.from({ length: MEDICAL_RECORD_REVIEW_MATCHING_MAX }, () => ({ ...row, id: randomUUID() })),
      );
    const response = await app.inject({
      method: 'POST',
      url: '/v1/medical-records/review-matching',
      cookies,
      payload: { petUuid: pet },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('medical_records.too_many_to_review');
    const pending = await db
      .select({ id: medicalRecords.id })
      .from(medicalRecords)
      .where(and(eq(medicalRecords.petId, pet), eq(medicalRecords.status, 'pending')));
    expect(pending).toHaveLength(MEDICAL_RECORD_REVIEW_MATCHING_MAX + 1);
  });
});
