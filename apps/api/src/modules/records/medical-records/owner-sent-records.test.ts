import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const context = useTestApp();
let app: TestApp;
let token: string;
let cookies: Record<string, string>;
let petId: string;
let otherPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const vet = await createTestVet(app, { kind: 'regular' });
  cookies = await loginAs(app, vet.email);
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Ownerapp' } });
  petId = (await createPet(db, { familyId: family.id, name: 'Lunaowner' })).id;
  otherPetId = (await createPet(db, { familyId: family.id, name: 'Milowner' })).id;
});

function send(fields: Record<string, string>, file: Buffer | undefined, bearer = token) {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bloods.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/v1/medical-records/owner-uploads',
    payload: Buffer.concat(chunks),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${bearer}`,
    },
  });
}

describe('a record the owner sends from the app', () => {
  it('joins the inbox awaiting review as uploaded by the owner, once however often the app retries', async () => {
    const uuid = randomUUID();
    const first = await send({ uuid, petUuid: petId, title: 'Bloods from the emergency clinic' }, PDF);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().medicalRecord).toMatchObject({
      uuid,
      pet: { uuid: petId, name: 'Lunaowner' },
      title: 'Bloods from the emergency clinic',
      status: 'pending',
      uploadedBy: { kind: 'owner', vet: null },
      file: { filename: 'bloods.pdf', contentType: 'application/pdf' },
    });

    const again = await send({ uuid, petUuid: petId, title: 'Bloods from the emergency clinic' }, PDF);
    expect(again.statusCode).toBe(200);
    expect(again.json().medicalRecord.uuid).toBe(uuid);
    const elsewhere = await send({ uuid, petUuid: otherPetId }, PDF);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('medical_records.id_conflict');

    const inbox = await app.inject({
      method: 'GET',
      url: `/v1/medical-records?petUuid=${petId}&uploadedBy=owner&status=pending`,
      cookies,
    });
    expect(inbox.json().medicalRecords.map((record: { uuid: string }) => record.uuid)).toEqual([uuid]);
    const audit = await listAuditRows(app.database.db, { entityId: uuid });
    expect(audit.map((row) => row.action)).toEqual(['medical_records.receive']);
  });

  it('refuses a file that is not a document (415), an unknown pet and a vet’s or no token', async () => {
    const html = await send({ uuid: randomUUID(), petUuid: petId }, Buffer.from('<html>not a pdf</html>'));
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe(
      'The file must be a PDF, JPEG, PNG or WebP (by its content): nothing was stored',
    );
    const unknownPet = await send({ uuid: randomUUID(), petUuid: randomUUID() }, PDF);
    expect(unknownPet.statusCode).toBe(400);
    expect(unknownPet.json().code).toBe('medical_records.pet_not_found');
    expect((await send({ uuid: randomUUID(), petUuid: petId }, PDF, 'not-a-token')).statusCode).toBe(401);
    const asVet = await app.inject({ method: 'POST', url: '/v1/medical-records/owner-uploads', cookies });
    expect(asVet.statusCode).toBe(401);
  });
});
