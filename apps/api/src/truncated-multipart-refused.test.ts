import { randomBytes, randomUUID } from 'node:crypto';
import { errorResponseSchema } from '@vetboard/contract';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../test/test-app.ts';
import { auditLog } from './modules/platform/audit/audit.table.ts';
import { files } from './modules/platform/files/files.table.ts';
import { createIntegration } from './modules/platform/integrations/integrations.service.ts';
import { journalEntries } from './modules/records/journal/journal.table.ts';
import { medicalRecords } from './modules/records/medical-records/medical-records.table.ts';
import { systemActor } from './policy/actor.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vetId: string;
let token: string;
let petId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'head' });
  vetId = vet.id;
  cookies = await loginAs(app, vet.email);
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const { family } = await createFamily(db);
  petId = (await createPet(db, { familyId: family.id })).id;
});

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A well-formed body, closed by `--boundary--` or cut before it (or inside the last part). */
function multipart(parts: Part[], cut: 'none' | 'no-closing-boundary' | 'mid-file') {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  let payload = Buffer.concat(chunks);
  if (cut === 'none') payload = Buffer.concat([payload, Buffer.from(`--${boundary}--\r\n`)]);
  if (cut === 'mid-file') payload = payload.subarray(0, payload.length - 10);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const uploads: Array<{
  name: string;
  url: () => string;
  auth: () => { cookies?: Record<string, string>; headers?: Record<string, string> };
  parts: () => Part[];
}> = [
  {
    name: 'a vet avatar',
    url: () => `/v1/vets/${vetId}/avatar`,
    auth: () => ({ cookies }),
    parts: () => [{ name: 'file', filename: 'me.png', type: 'image/png', data: PNG }],
  },
  {
    name: 'a medical record a vet uploads',
    url: () => '/v1/medical-records',
    auth: () => ({ cookies }),
    parts: () => [
      { name: 'petUuid', data: petId },
      { name: 'title', data: 'Bloods' },
      { name: 'documentDate', data: '2026-10-14' },
      { name: 'file', filename: 'bloods.pdf', type: 'application/pdf', data: PDF },
    ],
  },
  {
    name: 'a medical record the owner app sends',
    url: () => '/v1/medical-records/owner-uploads',
    auth: () => ({ headers: { authorization: `Bearer ${token}` } }),
    parts: () => [
      { name: 'uuid', data: randomUUID() },
      { name: 'petUuid', data: petId },
      { name: 'title', data: 'Bloods' },
      { name: 'file', filename: 'bloods.pdf', type: 'application/pdf', data: PDF },
    ],
  },
  {
    name: 'a journal entry the owner app sends',
    url: () => '/v1/journal-entries',
    auth: () => ({ headers: { authorization: `Bearer ${token}` } }),
    parts: () => [
      {
        name: 'entry',
        data: JSON.stringify({
          uuid: randomUUID(),
          petUuid: petId,
          category: 'coughing',
          severity: 2,
          notes: 'Coughed after the walk',
          occurredAt: { seconds: Math.floor(Date.now() / 1000) - 3600 },
        }),
      },
      { name: 'photos', filename: 'cough.png', type: 'image/png', data: PNG },
    ],
  },
];

async function counts() {
  const db = app.database.db;
  const of = async (table: typeof files | typeof medicalRecords | typeof journalEntries | typeof auditLog) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    files: await of(files),
    medicalRecords: await of(medicalRecords),
    journalEntries: await of(journalEntries),
    audit: await of(auditLog),
  };
}

function send(upload: (typeof uploads)[number], cut: Parameters<typeof multipart>[1]) {
  const { payload, headers } = multipart(upload.parts(), cut);
  const auth = upload.auth();
  return app.inject({
    method: 'POST',
    url: upload.url(),
    payload,
    cookies: auth.cookies,
    headers: { ...headers, ...auth.headers },
  });
}

describe('a multipart upload whose body ends early', () => {
  it('is accepted with the same parts when the body is closed (the fixtures are valid uploads)', async () => {
    for (const upload of uploads) {
      const response = await send(upload, 'none');
      expect(response.statusCode, `${upload.name}: ${response.body}`).toBeLessThan(300);
    }
  });

  for (const upload of uploads) {
    for (const cut of ['no-closing-boundary', 'mid-file'] as const) {
      it(`is refused with a 400 in the usual shape and writes nothing: ${upload.name}, ${cut}`, async () => {
        const before = await counts();
        const response = await send(upload, cut);
        expect(response.statusCode, response.body).toBe(400);
        const body = errorResponseSchema.parse(response.json());
        expect(body.code).toBe('request.malformed_multipart');
        expect(await counts()).toEqual(before);
      });
    }
  }
});
