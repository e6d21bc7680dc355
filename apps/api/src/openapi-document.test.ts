import { createHash, randomUUID } from 'node:crypto';
import { betaFeatures, isoWeekOfDate } from '@vetboard/contract';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createFamily,
  createPet,
  createSubscription,
  createUser,
} from '../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../test/test-app.ts';
import { addReadings, reading } from '../test/tracker-read-fixtures.ts';
import { newId } from './lib/ids.ts';
import { files } from './modules/platform/files/files.table.ts';
import { createIntegration } from './modules/platform/integrations/index.ts';
import { journalEntries } from './modules/records/journal/journal.table.ts';
import { medicalRecords } from './modules/records/medical-records/medical-records.table.ts';
import { pendingCards, pendingCardTriggers } from './modules/records/pending-cards/pending-cards.table.ts';
import { petQuestions } from './modules/records/questions/questions.table.ts';
import { generateWeeklyReports } from './modules/views/weekly-reports/weekly-reports.service.ts';
import { weeklyReports } from './modules/views/weekly-reports/weekly-reports.table.ts';
import { systemActor } from './policy/actor.ts';

/**
 * The OpenAPI document is what clients (and contract-testing proxies) trust, so the
 * API's real answers must match it, and it must say how each operation authenticates.
 */
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let document: OpenApi;
let vetId: string;

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: { nullable?: boolean } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { description?: string }> };
  security: unknown[];
}

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, Operation] => [path, method, operation]),
  );
}

function operation(id: string): Operation {
  const found = operations().find(([, , candidate]) => candidate.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found[2];
}

/** The document's `$ref`s to its own components, inlined, so a schema compiles on its own. */
function inlineRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlineRefs);
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return inlineRefs(document.components.schemas[name]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value)]));
}

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app, { kind: 'head' });
  vetId = vet.id;
  cookies = await loginAs(app, vet.email);
  document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

describe('the OpenAPI document', () => {
  it('summarises and tags every operation, with each tag declared and described', () => {
    const declared = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    for (const [path, method, op] of operations()) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      for (const tag of op.tags ?? []) {
        expect(
          declared.get(tag),
          `declare and describe tag ${tag} in its module's manifest (openApiTags)`,
        ).toBeTruthy();
      }
    }
    expect(operation('listPetWeightHistory').tags).toEqual(['weight']);
    expect(operation('createWeightEntry').tags).toEqual(['weight']);
    expect(operation('getPetTimeline').tags).toEqual(['timeline']);
  });

  it('marks public operations public, ingestion with the integration token, signed PDFs with the link', () => {
    for (const id of ['login', 'refreshSession', 'requestPasswordReset', 'confirmPasswordReset', 'health']) {
      expect(operation(id).security, id).toEqual([]);
    }
    expect(operation('ingestTrackerReadings').security).toEqual([{ integrationToken: [] }]);
    expect(operation('getDietPdfContent').security).toContainEqual({ signedLink: [] });
    expect(operation('listUsers').security).toBeUndefined();
    expect(document.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    for (const [name, scheme] of Object.entries(document.components.securitySchemes)) {
      expect(scheme.description, name).toBeTruthy();
    }
  });

  it('declares file answers, a 4xx on every API operation, and one shared error schema', () => {
    expect(Object.keys(operation('exportUsers').responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(operation('getDietPdfContent').responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    for (const [path, method, op] of operations()) {
      if (!path.startsWith('/v1/')) continue;
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((status) => status.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
      for (const status of statuses.filter((code) => /^[45]/.test(code))) {
        const schema = op.responses[status]?.content?.['application/json']?.schema as
          | { anyOf?: unknown[]; oneOf?: unknown[] }
          | undefined;
        // An error with a second shape (ingestion's refused batch) is a union that includes the shared one.
        const shapes = schema?.anyOf ?? schema?.oneOf ?? [schema];
        expect(shapes, `${method} ${path} ${status}`).toContainEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it('marks a body required exactly where the API refuses a request without one', async () => {
    // diet-publish-acknowledged-warnings.test.ts publishes a diet with no body at all.
    expect(operation('publishDiet').requestBody?.required).toBe(false);
    const withoutBody = await app.inject({ method: 'POST', url: '/v1/forms', cookies });
    expect(withoutBody.statusCode).toBe(400);
    expect(operation('createForm').requestBody?.required).toBe(true);
    for (const [path, method, op] of operations()) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (schema) expect(op.requestBody?.required, `${method} ${path}`).toBe(schema.nullable !== true);
    }
  });

  it('is read at /docs, under the same content security policy as the app', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const bundle = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const spec = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.json().paths['/v1/users']).toBeDefined();
  });
});

describe('real answers match the document', () => {
  it('every list and detail call answers what the document says, with real data', async () => {
    const db = app.database.db;
    const company = await createCompany(db, { sku: 'DOCSCO' });
    const { family, owner } = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
    // A user without a family: their `familyKind` is null, which the document must allow.
    await createUser(db, { firstName: 'Solo', lastName: 'Nofamily' });
    const pet = await createPet(db, { familyId: family.id, name: 'Docsy' });
    const subscription = await createSubscription(db, { userId: owner.id, status: 'trialing' });
    const now = Date.now();
    await addReadings(
      db,
      [0, 1, 2, 3].flatMap((hour) => {
        const iso = new Date(now - hour * 3_600_000).toISOString();
        return [
          reading(pet.id, 'respiratory_rate', iso, 22 + hour * 5),
          reading(pet.id, 'shaking', iso, hour),
          reading(pet.id, 'drinking', iso, 40),
          reading(pet.id, 'heart_rate', iso, 90),
        ];
      }),
    );
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, cookies });
    expect(
      (
        await post('/v1/weight-history', {
          petUuid: pet.id,
          value: 12.5,
          measuredAt: { seconds: Math.floor(now / 1000) - 60 },
          location: 'home',
        })
      ).statusCode,
    ).toBe(201);
    const beta = await post('/v1/betas', { userUuid: owner.id, feature: betaFeatures[0] });
    expect(beta.statusCode).toBe(201);
    const diet = await post('/v1/diets', {
      petUuid: pet.id,
      kind: 'maintenance',
      nutrientProfileKind: 'fediaf_adult',
    });
    expect(diet.statusCode).toBe(201);
    const form = await post('/v1/forms', {
      form: {
        title: 'Docs pool',
        questionGroups: [
          {
            title: 'G',
            questions: [{ title: 'Q?', options: [{ title: 'Yes' }, { title: 'No', problematic: true }] }],
          },
        ],
      },
    });
    expect(form.statusCode).toBe(201);
    const sent = await post(`/v1/forms/${form.json().form.uuid}/send`, { petUuid: pet.id });
    expect(sent.statusCode).toBe(201);

    const cardId = newId();
    await db.insert(pendingCards).values({
      id: cardId,
      petId: pet.id,
      concern: 'respiratory',
      severity: 3,
      openedAt: new Date(now),
      lastTriggerAt: new Date(now),
      triggerCount: 1,
      openTriggerCount: 1,
    });
    await db.insert(pendingCardTriggers).values({
      id: newId(),
      cardId,
      kind: 'respiratory_high_red',
      severity: 3,
      value: 42,
      threshold: 40,
      unit: 'breaths/min',
      at: new Date(now),
      dedupeKey: 'docs',
    });

    const journalEntryId = randomUUID();
    await db.insert(journalEntries).values({
      id: journalEntryId,
      petId: pet.id,
      category: 'coughing',
      severity: 3,
      occurredAt: new Date(now - 3_600_000),
      receivedAt: new Date(now),
    });
    await db.insert(petQuestions).values({
      id: randomUUID(),
      petId: pet.id,
      question: 'Is this cough normal?',
      askedAt: new Date(now - 3_600_000),
      receivedAt: new Date(now),
      answer: 'Let us listen to her.',
      answeredByVetId: vetId,
      answeredAt: new Date(now),
    });
    const pdf = Buffer.from('%PDF-1.4\n%docs\n');
    const fileId = randomUUID();
    await db.insert(files).values({
      id: fileId,
      purpose: 'medical_record',
      contentType: 'application/pdf',
      filename: 'docs.pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      content: pdf,
      petId: pet.id,
      uploadedBy: 'vet',
    });
    const medicalRecordId = randomUUID();
    await db.insert(medicalRecords).values({
      id: medicalRecordId,
      petId: pet.id,
      title: 'Docs bloods',
      documentDate: '2026-11-01',
      fileId,
      originalFilename: 'docs bloods.pdf',
      uploadedBy: 'vet',
      uploadedAt: new Date(now),
    });

    const reminder = await post('/v1/reminders', {
      petUuid: pet.id,
      title: 'Check the rate',
      dueAt: { seconds: Math.floor(now / 1000) + 3600 },
      pendingCardUuid: cardId,
    });
    expect(reminder.statusCode, reminder.body).toBe(201);

    const assessment = await post(`/v1/pets/${pet.id}/clinical-documents`, { kind: 'assessment' });
    expect(assessment.statusCode, assessment.body).toBe(201);
    const clinicalDocumentId: string = assessment.json().clinicalDocument.uuid;
    const signed = await post(`/v1/clinical-documents/${clinicalDocumentId}/sign`, {});
    expect(signed.statusCode, signed.body).toBe(200);

    const week = isoWeekOfDate(new Date(now).toISOString().slice(0, 10));
    await generateWeeklyReports({ db, now: () => new Date(now) }, systemActor('docs'), week, {
      petIds: [pet.id],
    });
    const [weeklyReport] = await db.select({ id: weeklyReports.id }).from(weeklyReports);

    const ids: Record<string, string> = {
      '/v1/reminders/': reminder.json().reminder.uuid,
      '/v1/clinical-documents/': clinicalDocumentId,
      '/v1/weekly-reports/': weeklyReport?.id ?? '',
      '/v1/pending-cards/': cardId,
      '/v1/journal-entries/': journalEntryId,
      '/v1/medical-records/': medicalRecordId,
      '/v1/users/': owner.id,
      '/v1/families/': family.id,
      '/v1/subscriptions/': subscription.id,
      '/v1/companies/': company.sku,
      '/v1/betas/': beta.json().betaUser.uuid,
      '/v1/pets/': pet.id,
      '/v1/vets/': vetId,
      '/v1/diets/': diet.json().diet.uuid,
      '/v1/forms/': form.json().form.uuid,
      '/v1/checkups/': sent.json().checkupUuids[0],
    };
    const status = await post('/v1/b2b/daily-status', {
      petUuid: pet.id,
      date: { year: 2026, month: 11, day: 2 },
      dailyStatus: 'Ate well.',
    });
    expect(status.statusCode, status.body).toBe(201);
    const queryValues: Record<string, string> = {
      petUuid: pet.id,
      versionUuid: clinicalDocumentId,
      sku: company.sku,
      q: 'Docsy',
      startDate: String(Math.floor(now / 1000) - 86_400),
      endDate: String(Math.floor(now / 1000)),
    };

    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);

    // A read for the owner app (the pet's preventive schedule) answers its integration token only.
    const ownerApp = await createIntegration({ db }, systemActor('test'), {
      name: 'Owner app (document)',
      scopes: ['owner_app'],
    });
    let checked = 0;
    for (const [path, method, op] of operations()) {
      if (method !== 'get' || !op.responses['200']?.content?.['application/json']) continue;
      const byToken = (op.security as Array<Record<string, unknown>> | undefined)?.some(
        (scheme) => 'integrationToken' in scheme,
      );
      const prefix = Object.keys(ids).find((candidate) => path.startsWith(candidate) && path.includes('{'));
      const url = path.replace(/\{[^}]+\}/, prefix ? (ids[prefix] ?? '') : '');
      const query = new URLSearchParams();
      for (const parameter of op.parameters ?? []) {
        const value = queryValues[parameter.name];
        if (parameter.in === 'query' && parameter.required && value) query.set(parameter.name, value);
      }
      const response = await app.inject({
        method: 'GET',
        url: `${url}?${query}`,
        ...(byToken ? { headers: { authorization: `Bearer ${ownerApp.token}` } } : { cookies }),
      });
      const where = `${op.operationId} ${url}?${query}`;
      expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBe(200);
      const validate = ajv.compile(
        inlineRefs(op.responses['200']?.content?.['application/json']?.schema) as object,
      );
      const valid = validate(response.json());
      expect(valid ? [] : validate.errors, where).toEqual([]);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(35);
  }, 90_000);
});
