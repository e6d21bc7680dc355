import { createHash, randomUUID } from 'node:crypto';
import {
  canChangeReferenceData,
  emptyAssessmentContent,
  type ReferenceDataAction,
  type VetKind,
  type WeeklyReportContent,
} from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet, createSubscription } from '../../test/people-fixtures.ts';
import { createTestVet, loginWithSecondFactor, type TestApp, useTestApp } from '../../test/test-app.ts';
import { newId } from '../lib/ids.ts';
import { files } from '../modules/platform/files/files.table.ts';
import { dailyStatuses } from '../modules/records/b2b/b2b.table.ts';
import { betaUsers } from '../modules/records/betas/betas.table.ts';
import { forms, formVersions } from '../modules/records/checkups/checkups.forms.table.ts';
import { checkups } from '../modules/records/checkups/checkups.table.ts';
import { clinicalDocuments } from '../modules/records/clinical-documents/clinical-documents.table.ts';
import { diets } from '../modules/records/diets/diets.table.ts';
import { journalEntries } from '../modules/records/journal/journal.table.ts';
import { medicalRecords } from '../modules/records/medical-records/medical-records.table.ts';
import { pendingCards, pendingCardTriggers } from '../modules/records/pending-cards/pending-cards.table.ts';
import { petAlerts } from '../modules/records/pet-alerts/pet-alerts.table.ts';
import { prescriptions } from '../modules/records/prescriptions/prescriptions.table.ts';
import { petQuestions } from '../modules/records/questions/questions.table.ts';
import { reminders } from '../modules/records/reminders/reminders.table.ts';
import { weightEntries } from '../modules/records/trackers/trackers.weight.table.ts';
import { buildWeeklyReportContents } from '../modules/views/weekly-reports/weekly-reports.service.ts';
import { weeklyReports } from '../modules/views/weekly-reports/weekly-reports.table.ts';

/**
 * The access policy's matrix, built from the OpenAPI document rather than from a list of cases: every
 * operation's id inputs (path, query and body) are classified by name, and every operation is then
 * asked, as each kind of vet, for objects of their company, of another company and of the product's
 * own customers. A new route is covered the day it is registered; one with an id input this file
 * cannot classify, or a body it cannot build, fails here until it is.
 */

type Resource =
  | 'pet'
  | 'family'
  | 'user'
  | 'diet'
  | 'weightEntry'
  | 'subscription'
  | 'beta'
  | 'company'
  /** A checkup sent to a pet's owner: read within the pet's scope. */
  | 'checkup'
  /** A pet's pending card and one of its triggers: read within the pet's scope. */
  | 'pendingCard'
  | 'pendingCardTrigger'
  /** A pet's stored file (a diet PDF): read within the pet's scope. */
  | 'file'
  /** An owner's symptoms journal entry: read within the pet's scope. */
  | 'journalEntry'
  /** A B2B pet's daily status: read and written within the pet's scope. */
  | 'dailyStatus'
  /** A document uploaded for a pet: read within the pet's scope. */
  | 'medicalRecord'
  /** A vet reminder about a pet: read and changed within the pet's scope. */
  | 'reminder'
  /** A pet's prescription: read with the pet, stopped within the pet's scope. */
  | 'prescription'
  /** A pet's weekly report: read, commented, reviewed and sent within the pet's scope. */
  | 'weeklyReport'
  /** An owner's question about a pet: read and answered within the pet's scope. */
  | 'petQuestion'
  /** A version of an assessment or medical report: read, saved, signed, amended within the pet's scope. */
  | 'clinicalDocument'
  /** A patient alert on a pet: removed within the pet's scope. */
  | 'petAlert'
  /** Deliberately visible to every vet: the vet directory and its avatars, reference data. */
  | 'unscoped';

/** The first path segment after /v1 names what an `{id}` is. */
const PATH_RESOURCES: Record<string, Resource> = {
  pets: 'pet',
  families: 'family',
  users: 'user',
  diets: 'diet',
  'weight-history': 'weightEntry',
  subscriptions: 'subscription',
  betas: 'beta',
  companies: 'company',
  // `/v1/b2b/daily-status/{id}`: the only id under /v1/b2b in a path.
  b2b: 'dailyStatus',
  files: 'file',
  checkups: 'checkup',
  'journal-entries': 'journalEntry',
  'pending-cards': 'pendingCard',
  'medical-records': 'medicalRecord',
  reminders: 'reminder',
  prescriptions: 'prescription',
  'weekly-reports': 'weeklyReport',
  // `/v1/auth/vets/{id}/second-factor-reset`: a vet of the directory every vet reads; the reset is a
  // head vet's right (second-factor.test.ts).
  auth: 'unscoped',
  'pet-questions': 'petQuestion',
  'clinical-documents': 'clinicalDocument',
  // Labels are the practice's managed list every vet uses (each label's count is of the records in scope).
  labels: 'unscoped',
  // Jobs are a head vet's right (403 for others), not an object of anyone's scope.
  jobs: 'unscoped',
  // Integration tokens likewise: a head vet's to make and revoke (403 for others).
  integrations: 'unscoped',
  // Checkup forms and pools are the practice's reference data: every vet reads and sends them (the pets
  // they are sent to are checked against the vet's scope).
  forms: 'unscoped',
  vets: 'unscoped',
};

/** Query and body fields holding an id, by name. */
const FIELD_RESOURCES: Record<string, Resource> = {
  petUuid: 'pet',
  petUuids: 'pet',
  userUuid: 'user',
  familyUuid: 'family',
  dietUuid: 'diet',
  breedId: 'unscoped',
  // Pools are reference data every vet reads (the checkups listed by pool are filtered by pet).
  poolUuid: 'unscoped',
  // The sent checkup a vet answers during a call, within its pet's scope.
  checkupUuid: 'checkup',
  // The inbox's selection to mark seen: entries, each within its pet's scope.
  entryUuids: 'journalEntry',
  triggerId: 'pendingCardTrigger',
  alertId: 'petAlert',
  uuids: 'pendingCard',
  // The card a reminder was made from, within its pet's scope.
  pendingCardUuid: 'pendingCard',
  // The vet a reminder is assigned to: the vet directory is every vet's (the pet's scope decides).
  assigneeUuid: 'unscoped',
  // A strength of a drug in the reference list every vet prescribes from.
  strengthId: 'unscoped',
  // An item of the preventive-care protocols every vet records against (the pet's scope decides).
  itemCode: 'unscoped',
  // Labels are reference data (above).
  labelUuid: 'unscoped',
  labelUuids: 'unscoped',
  intoUuid: 'unscoped',
  // A position in the event log, not an object: what the stream sends from it is filtered per vet
  // (live-events.test.ts covers a company vet never hearing of another company's pets).
  lastEventId: 'unscoped',
  // The B2B calls name a company by its sku.
  sku: 'company',
  // The weekly reports a vet reviewed or sent: the vet directory is every vet's (the reports are scoped).
  vetUuid: 'unscoped',
  // The records a given vet uploaded: the vet directory is every vet's (the records are scoped).
  uploadedByVetUuid: 'unscoped',
  // The other version a clinical document is compared with, within its pet's scope.
  versionUuid: 'clinicalDocument',
};

/** Operations whose id inputs are not a vet's: the collar platform's token sees every pet. */
const NOT_A_VET_ROUTE = new Set([
  'ingestTrackerReadings',
  'submitCheckupAnswers',
  'ingestJournalEntry',
  'receiveOwnerMedicalRecord',
  'ingestPetQuestion',
  'getPetPreventiveCareForOwnerApp',
]);

/**
 * The rights dimension (issue #47, point 3): a write that names no object of anyone's scope changes
 * what every vet shares, so scope cannot decide it. Each such operation is named here, either with
 * the reference-data right each of its requests asks for, or in OTHER_RIGHTS with what decides it
 * instead; a new one fails the matrix until it is named.
 */
interface ReferenceWrite {
  action: ReferenceDataAction;
  /** A fresh request (made with a head vet's help where it needs an object), so each case is independent. */
  request: () => Promise<Call>;
}

let uniqueCounter = 0;
function unique(prefix: string) {
  uniqueCounter += 1;
  return `${prefix} ${uniqueCounter} ${randomUUID().slice(0, 8)}`;
}

function poolInput() {
  return {
    title: unique('Matrix rights pool'),
    isPool: true,
    questionGroups: [
      {
        title: 'Breathing',
        questions: [
          {
            title: 'Does your pet cough at night?',
            options: [
              { title: 'Never', problematic: false },
              { title: 'Sometimes', problematic: true },
            ],
          },
        ],
      },
    ],
  };
}

async function made(call: Call): Promise<Record<string, { uuid: string }>> {
  const response = await send(call, 'head');
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const newLabel = async () =>
  (await made({ method: 'POST', url: '/v1/labels', payload: { name: unique('Matrix label') } })).label?.uuid;
const newPool = async () =>
  (await made({ method: 'POST', url: '/v1/forms', payload: { form: poolInput() } })).form?.uuid;

const REFERENCE_WRITES: Record<string, ReferenceWrite[]> = {
  createLabel: [
    {
      action: 'create',
      request: async () => ({ method: 'POST', url: '/v1/labels', payload: { name: unique('Matrix label') } }),
    },
  ],
  updateLabel: [
    {
      action: 'edit',
      request: async () => ({
        method: 'PATCH',
        url: `/v1/labels/${await newLabel()}`,
        payload: { name: unique('Matrix renamed'), color: 'red' },
      }),
    },
    {
      action: 'archive',
      request: async () => ({
        method: 'PATCH',
        url: `/v1/labels/${await newLabel()}`,
        payload: { archived: true },
      }),
    },
  ],
  mergeLabel: [
    {
      action: 'merge',
      request: async () => ({
        method: 'POST',
        url: `/v1/labels/${await newLabel()}/merge`,
        payload: { intoUuid: await newLabel() },
      }),
    },
  ],
  createForm: [
    {
      action: 'create',
      request: async () => ({ method: 'POST', url: '/v1/forms', payload: { form: poolInput() } }),
    },
  ],
  updateForm: [
    {
      action: 'edit',
      request: async () => ({
        method: 'PUT',
        url: `/v1/forms/${await newPool()}`,
        payload: { form: poolInput() },
      }),
    },
  ],
  deleteForm: [
    {
      action: 'delete',
      request: async () => ({ method: 'DELETE', url: `/v1/forms/${await newPool()}` }),
    },
  ],
};

/** Writes without a scoped object that are not reference data, and what decides them instead. */
const OTHER_RIGHTS: Record<string, string> = {
  retryJob: 'a head vet’s (maySeeJobs; jobs-overview.test.ts)',
  createIntegration: 'a head vet’s (mayManageIntegrations; integrations-from-the-dashboard.test.ts)',
  revokeIntegration: 'a head vet’s (mayManageIntegrations; integrations-from-the-dashboard.test.ts)',
  login: 'public: the password decides',
  refreshSession: 'the session’s own refresh token',
  logout: 'the session’s own',
  requestPasswordReset: 'public: answered alike for every address',
  confirmPasswordReset: 'public: the token decides',
  createVet: 'a head vet’s (mayCreateVets; vets-create.test.ts)',
  verifySecondFactor: 'the session’s own second factor (second-factor.test.ts)',
  startTotpEnrolment: 'the session’s own factor (second-factor.test.ts)',
  confirmTotpEnrolment: 'the session’s own factor (second-factor.test.ts)',
  removeTotp: 'the session’s own factor, after a recent second factor (second-factor.test.ts)',
  regenerateRecoveryCodes: 'the session’s own codes, after a recent second factor (second-factor.test.ts)',
  setSecondFactorRequirement: 'a head vet’s (canManageVets; second-factor.test.ts)',
  resetVetSecondFactor: 'a head vet’s, on another vet (canManageVets; second-factor.test.ts)',
  updateVet: 'oneself or a head vet (mayEditVetProfile, mayChangeVetAccess)',
  uploadVetAvatar: 'oneself or a head vet (mayEditVetProfile)',
  // Multipart, so its petUuid is not in the document's JSON body: the pet's scope decides.
  uploadMedicalRecord: 'scope of the pet in the form fields (medical-records-and-labels.test.ts)',
};

/** Streams never end, so they are not read as lists; live-events.test.ts checks what a company vet hears. */
const STREAMS = new Set(['streamEvents']);

const ID_LIKE = /(id|ids|uuid|uuids|sku)$/i;

type Target = 'own' | 'other' | 'product';
const TARGETS: Target[] = ['own', 'other', 'product'];

interface IdInput {
  in: 'path' | 'query' | 'body';
  name: string;
  resource: Resource;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  inputs: IdInput[];
  requiredQuery: Array<{ name: string; schema: JsonSchema }>;
  hasBody: boolean;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function resourceOfPath(path: string): Resource | undefined {
  const segment = path.split('/')[2] ?? '';
  return PATH_RESOURCES[segment];
}

/** Every operation and its id inputs; what cannot be classified is returned as a problem. */
function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  const problems: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const id = op.operationId ?? `${method} ${path}`;
      if (NOT_A_VET_ROUTE.has(id)) continue;
      const inputs: IdInput[] = [];
      const classify = (where: IdInput['in'], name: string) => {
        const resource =
          where === 'path'
            ? name === 'id'
              ? resourceOfPath(path)
              : FIELD_RESOURCES[name]
            : // A list filtered by a company (the pending cards queue): another company's rows never show.
              where === 'query' && name === 'companySku'
              ? 'company'
              : FIELD_RESOURCES[name];
        const unscopedPath = resourceOfPath(path) === 'unscoped';
        if (resource) inputs.push({ in: where, name, resource });
        else if (unscopedPath) inputs.push({ in: where, name, resource: 'unscoped' });
        else if (where === 'path' || ID_LIKE.test(name))
          problems.push(`${id}: the ${where} input "${name}" is not classified`);
      };
      const requiredQuery: Operation['requiredQuery'] = [];
      for (const parameter of op.parameters ?? []) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        classify(parameter.in, parameter.name);
        if (parameter.in === 'query' && parameter.required)
          requiredQuery.push({ name: parameter.name, schema: parameter.schema });
      }
      const body = op.requestBody?.content['application/json']?.schema;
      for (const name of Object.keys(body?.properties ?? {})) classify('body', name);
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        inputs,
        requiredQuery,
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return { operations, problems };
}

const context = useTestApp();
let app: TestApp;

type Objects = Record<Exclude<Resource, 'unscoped'>, Record<Target, string | undefined>>;
const objects = {} as Objects;
const sessions = {} as Record<VetKind, Record<string, string>>;
let companyA: string;
let companyB: string;

/** Everything the matrix asks for, in three worlds: company A (the B2B vets'), company B, the product's. */
async function world(db: TestApp['database']['db'], sku: string | null, vetId: string) {
  const { family, owner } = await createFamily(db, {
    familyKind: sku ? 'b2b' : 'paid',
    owner: sku ? { b2bCode: sku, lastName: 'Matrix' } : { lastName: 'Matrix' },
  });
  const pet = await createPet(db, { familyId: family.id, name: 'Matrixdog' }, { weightKg: 12 });
  const subscription = await createSubscription(db, { userId: owner.id, plan: sku ? 'b2b' : 'monthly' });
  const dietId = newId();
  await db.insert(diets).values({
    id: dietId,
    petId: pet.id,
    kind: 'maintenance',
    nutrientProfileKind: 'fediaf_adult',
    createdByVetId: vetId,
  });
  const entryId = newId();
  await db.insert(weightEntries).values({
    id: entryId,
    petId: pet.id,
    valueKg: 12,
    measuredAt: new Date('2026-01-10T10:00:00Z'),
    location: 'vet',
    author: 'vet',
    authorVetId: vetId,
  });
  const fileId = newId();
  const content = Buffer.from('%PDF-1.7\n%matrix\n');
  await db.insert(files).values({
    id: fileId,
    purpose: 'diet_pdf',
    contentType: 'application/pdf',
    filename: 'matrix-diet.pdf',
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
    petId: pet.id,
    uploadedBy: 'system:test',
  });
  const betaId = newId();
  await db
    .insert(betaUsers)
    .values({ id: betaId, userId: owner.id, feature: 'collar_v2', enrolledByVetId: vetId });
  const formId = newId();
  await db
    .insert(forms)
    .values({ id: formId, title: 'Matrix pool', sku: `matrix_${formId.replaceAll('-', '')}` });
  await db.insert(formVersions).values({ formId, version: 1, questionGroups: [] });
  const checkupId = newId();
  await db
    .insert(checkups)
    .values({ id: checkupId, petId: pet.id, formId, formVersion: 1, status: 'answered', sentAt: new Date() });
  const journalEntryId = newId();
  await db.insert(journalEntries).values({
    id: journalEntryId,
    petId: pet.id,
    category: 'coughing',
    severity: 2,
    occurredAt: new Date(),
    receivedAt: new Date(),
  });
  const petAlertId = newId();
  await db.insert(petAlerts).values({
    id: petAlertId,
    petId: pet.id,
    kind: 'will_bite',
    createdByVetId: vetId,
    createdAt: new Date(),
  });
  const cardId = newId();
  const triggerId = newId();
  await db.insert(pendingCards).values({
    id: cardId,
    petId: pet.id,
    concern: 'respiratory',
    severity: 2,
    openedAt: new Date(),
    lastTriggerAt: new Date(),
    triggerCount: 1,
    openTriggerCount: 1,
  });
  await db.insert(pendingCardTriggers).values({
    id: triggerId,
    cardId,
    kind: 'respiratory_high_orange',
    severity: 2,
    value: 37,
    threshold: 35,
    unit: 'breaths/min',
    at: new Date(),
    dedupeKey: 'matrix',
  });
  const dailyStatusId = newId();
  if (sku)
    await db.insert(dailyStatuses).values({
      id: dailyStatusId,
      companySku: sku,
      petId: pet.id,
      date: '2026-01-10',
      dailyStatus: 'Matrix status',
      createdByVetId: vetId,
      createdAt: new Date(),
    });
  const recordFileId = newId();
  await db.insert(files).values({
    id: recordFileId,
    purpose: 'medical_record',
    contentType: 'application/pdf',
    filename: 'matrix-record.pdf',
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
    petId: pet.id,
    uploadedBy: 'vet',
  });
  const medicalRecordId = newId();
  await db.insert(medicalRecords).values({
    id: medicalRecordId,
    petId: pet.id,
    title: 'Matrix bloods',
    documentDate: '2026-01-10',
    fileId: recordFileId,
    originalFilename: 'matrix-bloods.pdf',
    uploadedBy: 'vet',
    uploadedAt: new Date(),
  });
  const reminderId = newId();
  await db.insert(reminders).values({
    id: reminderId,
    petId: pet.id,
    title: 'Matrix follow-up',
    dueAt: new Date(),
    pendingCardId: cardId,
    createdByVetId: vetId,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const prescriptionId = newId();
  await db.insert(prescriptions).values({
    id: prescriptionId,
    petId: pet.id,
    drugCode: 'pimobendan',
    drugName: 'Pimobendan',
    strengthId: 'pimobendan-tab-5',
    strengthLabel: 'Chewable tablet, 5 mg',
    strengthUnit: 'tablet',
    mgPerUnit: 5,
    doseMgPerKg: 0.25,
    weightKg: 12,
    weightMeasuredAt: new Date('2026-01-10T10:00:00Z'),
    mgPerDose: 3,
    unitsPerDose: 0.5,
    amountText: '½ tablet of 5 mg',
    frequency: 'twice_daily',
    route: 'oral',
    startOn: '2026-01-10',
    prescribedByVetId: vetId,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const weeklyReportId = newId();
  await db.insert(weeklyReports).values({
    id: weeklyReportId,
    petId: pet.id,
    week: '2026-W02',
    weekStart: '2026-01-05',
    companySku: sku ?? null,
    content: (await buildWeeklyReportContents(db, '2026-W02', [pet.id])).get(pet.id) as WeeklyReportContent,
    openCardCount: 0,
    generatedAt: new Date(),
    updatedAt: new Date(),
  });
  const petQuestionId = newId();
  await db.insert(petQuestions).values({
    id: petQuestionId,
    petId: pet.id,
    question: 'Matrix question',
    askedAt: new Date(),
    receivedAt: new Date(),
  });
  // Signed, so its PDF reads in scope (the matrix never changes what is in scope).
  const clinicalDocumentId = newId();
  await db.insert(clinicalDocuments).values({
    id: clinicalDocumentId,
    petId: pet.id,
    kind: 'assessment',
    rootId: clinicalDocumentId,
    version: 1,
    status: 'signed',
    title: 'Matrix assessment',
    content: emptyAssessmentContent(),
    createdAt: new Date(),
    updatedAt: new Date(),
    signedByVetId: vetId,
    signedAt: new Date(),
    contentSha256: createHash('sha256').update('matrix').digest('hex'),
  });
  return {
    clinicalDocument: clinicalDocumentId,
    reminder: reminderId,
    prescription: prescriptionId,
    weeklyReport: weeklyReportId,
    petQuestion: petQuestionId,
    medicalRecord: medicalRecordId,
    journalEntry: journalEntryId,
    pendingCard: cardId,
    pendingCardTrigger: triggerId,
    petAlert: petAlertId,
    dailyStatus: sku ? dailyStatusId : undefined,
    checkup: checkupId,
    pet: pet.id,
    family: family.id,
    user: owner.id,
    diet: dietId,
    weightEntry: entryId,
    subscription: subscription.id,
    beta: betaId,
    file: fileId,
  };
}

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  companyA = (await createCompany(db)).sku;
  companyB = (await createCompany(db)).sku;
  const kinds: VetKind[] = ['regular', 'head', 'undefined', 'b2b', 'partner'];
  for (const kind of kinds) {
    const companySku = kind === 'b2b' || kind === 'partner' ? companyA : null;
    const vet = await createTestVet(app, { kind, companySku });
    // Issue #47: the matrix asks as vets who logged in with a second factor; a password-only session
    // reaches none of these routes (second-factor.test.ts).
    sessions[kind] = await loginWithSecondFactor(app, vet.email);
  }
  const author = await createTestVet(app, { kind: 'regular' });
  const own = await world(db, companyA, author.id);
  const other = await world(db, companyB, author.id);
  const product = await world(db, null, author.id);
  for (const resource of Object.keys(own) as Array<keyof typeof own>) {
    objects[resource] = { own: own[resource], other: other[resource], product: product[resource] };
  }
  objects.company = { own: companyA, other: companyB, product: undefined };
});

/** Valid bodies, so a refusal can only come from the policy; ids are filled in by the matrix. */
function bodyOf(operationId: string): Record<string, unknown> | undefined {
  const now = Math.floor(Date.now() / 1000);
  const bodies: Record<string, Record<string, unknown>> = {
    updatePet: { name: 'Matrixdog' },
    putRespiratoryThresholds: { low: 10, high: 30, highOrange: 35, highRed: 40 },
    createDiet: { kind: 'maintenance', nutrientProfileKind: 'fediaf_adult' },
    updateDiet: { mealsPerDay: 2 },
    // The world's diet has no ingredients: acknowledged, so only the pet's scope decides the answer.
    publishDiet: { acknowledgedWarnings: ['no_ingredients'], acknowledgementReason: 'Matrix' },
    createDietPlan: { kind: 'maintenance' },
    createWeightEntry: { value: 12.5, measuredAt: { seconds: now - 3600 }, location: 'vet' },
    updateWeightEntry: { value: 12.4, measuredAt: { seconds: now - 7200 }, location: 'vet' },
    createBetaUser: { feature: 'ai_triage' },
    // The form id is unscoped, so the matrix skips it; checkup-pools.test.ts checks a company vet cannot
    // send to another company's pet.
    sendForm: {},
    reviewCheckup: { comment: 'Seen in the matrix' },
    replyToJournalEntry: { reply: 'Answered in the matrix' },
    savePetQuestionAnswer: { answer: 'Answered in the matrix' },
    // The matrix sends one id where a list is asked: refused alike for every target (400);
    // symptoms-journal.test.ts checks a company vet cannot mark another company's entry seen.
    markJournalEntriesSeen: {},
    // Every matching entry or record of the target pet: another company's pet is not found (404).
    markMatchingJournalEntriesSeen: {},
    reviewMatchingMedicalRecords: {},
    snoozePendingCard: { until: { seconds: now + 3600 }, reason: 'Matrix' },
    resolvePendingCard: { note: 'Matrix' },
    reopenPendingCard: { reason: 'Matrix' },
    setPetAlert: { kind: 'nervous' },
    resolvePendingCardTrigger: {},
    bulkResolvePendingCards: { note: 'Matrix' },
    updateMedicalRecord: { title: 'Matrix bloods, corrected' },
    createReminder: { title: 'Matrix follow-up', dueAt: { seconds: now + 3600 } },
    updateReminder: { title: 'Matrix follow-up, corrected' },
    assignReminder: { assigneeUuid: null },
    // The world's weight is old: confirmed, so only the pet's scope decides the answer.
    createPrescription: {
      drugCode: 'pimobendan',
      strengthId: 'pimobendan-tab-5',
      doseMgPerKg: 0.25,
      frequency: 'twice_daily',
      route: 'oral',
      startOn: { year: 2026, month: 1, day: 10 },
      confirmedWarnings: ['weight_stale'],
      confirmationReason: 'Matrix',
    },
    stopPrescription: { reason: 'Matrix' },
    changePrescription: { frequency: 'once_daily', reason: 'Matrix' },
    recordPreventiveDose: {
      itemCode: 'dog.rabies',
      product: 'Matrix rabies vaccine',
      givenOn: { year: 2026, month: 1, day: 10 },
    },
    markPreventiveNotApplicable: { itemCode: 'dog.kennel_cough', reason: 'Matrix' },
    // A pool that does not exist: the pet is checked first, so only the pet's scope decides the answer.
    fillCheckup: { poolUuid: '00000000-0000-4000-8000-000000000000', answers: [] },
    createDailyStatus: { date: { year: 2026, month: 1, day: 11 }, dailyStatus: 'Seen in the matrix' },
    updateDailyStatus: { dailyStatus: 'Edited in the matrix' },
    previewDailyStatusEmail: { date: { year: 2026, month: 1, day: 10 } },
    sendDailyStatusEmail: { date: { year: 2026, month: 1, day: 10 } },
    previewUrgentReportEmail: { text: 'Urgent in the matrix' },
    sendUrgentReportEmail: { text: 'Urgent in the matrix' },
    updateCompanyContacts: { dailyStatusEmails: ['matrix@example.com'], urgentReportEmails: [] },
    editWeeklyReportComment: { vetComment: 'Seen in the matrix' },
    createClinicalDocument: { kind: 'assessment' },
    updateClinicalDocument: { title: 'Matrix assessment', content: emptyAssessmentContent() },
    amendClinicalDocument: { reason: 'Matrix' },
  };
  return bodies[operationId];
}

function queryValue(name: string, schema: JsonSchema): string {
  if (name === 'q' || name === 'search') return 'matrix';
  const options = schema.enum ?? schema.anyOf?.flatMap((s) => s.enum ?? []);
  if (options?.length) return String(options[0]);
  const now = Math.floor(Date.now() / 1000);
  if (/start/i.test(name)) return String(now - 7 * 86400);
  if (/end/i.test(name)) return String(now);
  return 'matrix';
}

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

/**
 * A value for a path input that names reference data beside a scoped object, so the operation is still
 * asked about that object; any other unscoped path input leaves the operation out.
 */
const UNSCOPED_PATH_SAMPLES: Record<string, string> = { itemCode: 'dog.rabies' };

/** The request of `operation` for the `target` objects; `missing` asks for ids that exist nowhere. */
function callOf(operation: Operation, target: Target | 'missing'): Call | 'skip' {
  const idOf = (resource: Resource): string | undefined => {
    if (resource === 'unscoped') return undefined;
    if (target === 'missing') return resource === 'company' ? 'NOSUCHCO' : randomUUID();
    return objects[resource][target];
  };
  let path = operation.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = { ...(bodyOf(operation.id) ?? {}) };
  for (const input of operation.inputs) {
    if (input.resource === 'unscoped' && input.in !== 'path') continue;
    const value = input.resource === 'unscoped' ? UNSCOPED_PATH_SAMPLES[input.name] : idOf(input.resource);
    if (value === undefined) return 'skip';
    if (input.in === 'path') path = path.replace(`{${input.name}}`, encodeURIComponent(value));
    else if (input.in === 'query') query.set(input.name, value);
    else body[input.name] = /uuids$/i.test(input.name) ? [value] : value;
  }
  for (const { name, schema } of operation.requiredQuery) {
    if (!query.has(name)) query.set(name, queryValue(name, schema));
  }
  const url = query.size > 0 ? `${path}?${query}` : path;
  return { method: operation.method, url, payload: operation.hasBody ? body : undefined };
}

async function send(call: Call, kind: VetKind) {
  return app.inject({
    method: call.method as 'GET',
    url: call.url,
    cookies: sessions[kind],
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

const COMPANY_VETS: VetKind[] = ['b2b', 'partner'];
const PRODUCT_VETS: VetKind[] = ['regular', 'head', 'undefined'];

/** Ids the company vets must never see, and whether each list proved it can show them. */
function forbiddenIds(): string[] {
  return Object.values(objects).flatMap((byTarget) =>
    [byTarget.other, byTarget.product].filter((id): id is string => id !== undefined && id.length > 20),
  );
}

describe('the access policy matrix (every registered operation × every kind of vet)', {
  timeout: 300_000,
}, () => {
  let operations: Operation[] = [];

  beforeAll(() => {
    const { operations: found, problems } = operationsOf(app.swagger() as never);
    expect(problems, 'id inputs the policy matrix cannot classify').toEqual([]);
    operations = found;
  });

  it('answers a company vet 404 for another company’s or a product customer’s object, exactly like a missing one', async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const operation of operations) {
      if (!operation.inputs.some((input) => input.resource !== 'unscoped')) continue;
      if (operation.hasBody && !bodyOf(operation.id)) {
        failures.push(`${operation.id}: give it a valid body in bodyOf()`);
        continue;
      }
      const missingCall = callOf(operation, 'missing');
      if (missingCall === 'skip') continue;
      const missing = await send(missingCall, 'head');
      for (const kind of COMPANY_VETS) {
        for (const target of ['other', 'product'] as const) {
          const call = callOf(operation, target);
          if (call === 'skip') continue;
          const response = await send(call, kind);
          checked.push(`${operation.id} × ${kind} × ${target}`);
          const code = response.statusCode >= 400 ? response.json().code : undefined;
          const missingCode = missing.statusCode >= 400 ? missing.json().code : undefined;
          // A list filtered by an unknown pet is empty, a create for one a 400 naming the field: an object
          // out of scope gets the same answer, and never one of its rows.
          const leaks = forbiddenIds().some((id) => response.body.includes(id));
          if (response.statusCode !== missing.statusCode || code !== missingCode || leaks)
            failures.push(
              `${operation.id} as ${kind} for ${target}: ${response.statusCode} ${code ?? response.body.slice(0, 120)} (missing: ${missing.statusCode} ${missingCode})`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
    console.info(`policy matrix, objects out of scope: ${checked.length} checks`);
  });

  it('lets every vet read what is in their scope: product vets everything, company vets their company’s', async () => {
    const failures: string[] = [];
    let checks = 0;
    for (const operation of operations) {
      if (operation.method !== 'GET') continue;
      if (!operation.inputs.some((input) => input.resource !== 'unscoped')) continue;
      const cases: Array<[VetKind, Target]> = [
        ...PRODUCT_VETS.flatMap((kind) => TARGETS.map((target): [VetKind, Target] => [kind, target])),
        ...COMPANY_VETS.map((kind): [VetKind, Target] => [kind, 'own']),
      ];
      for (const [kind, target] of cases) {
        const call = callOf(operation, target);
        if (call === 'skip') continue;
        const response = await send(call, kind);
        checks += 1;
        if (response.statusCode !== 200)
          failures.push(
            `${operation.id} as ${kind} for ${target}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    console.info(`policy matrix, objects in scope: ${checks} checks`);
  });

  it('never shows a company vet an out-of-scope row in a list, search, chart or CSV', async () => {
    const forbidden = forbiddenIds();
    const failures: string[] = [];
    let discriminating = 0;
    let checks = 0;
    for (const operation of operations) {
      if (operation.method !== 'GET' || STREAMS.has(operation.id)) continue;
      if (operation.inputs.some((input) => input.in === 'path')) continue;
      const call = callOf(operation, 'own');
      if (call === 'skip' && operation.inputs.every((input) => input.resource === 'unscoped')) {
        // Unscoped lists (vets, breeds) take no scoped id: asked as they are.
      }
      const asked: Call = call === 'skip' ? { method: 'GET', url: operation.path } : call;
      const product = await send(asked, 'head');
      if (forbidden.some((id) => product.body.includes(id))) discriminating += 1;
      for (const kind of COMPANY_VETS) {
        const response = await send(asked, kind);
        checks += 1;
        const leaked = forbidden.filter((id) => response.body.includes(id));
        if (leaked.length > 0)
          failures.push(`${operation.id} as ${kind} shows ${leaked.length} out-of-scope ids`);
      }
    }
    expect(failures).toEqual([]);
    // Users, the users CSV, betas and subscriptions show the other rows to a product vet.
    expect(discriminating).toBeGreaterThanOrEqual(4);
    console.info(
      `policy matrix, lists: ${checks} checks, ${discriminating} lists that show other rows to product vets`,
    );
  });

  it('lets only the product’s own vets change reference data, and only head vets archive, merge or delete it', async () => {
    const unnamed = operations
      .filter((operation) => operation.method !== 'GET')
      .filter((operation) => operation.inputs.every((input) => input.resource === 'unscoped'))
      .filter((operation) => !(operation.id in REFERENCE_WRITES) && !(operation.id in OTHER_RIGHTS));
    expect(
      unnamed.map((operation) => operation.id),
      'reference writes the matrix does not name',
    ).toEqual([]);
    const registered = new Set(operations.map((operation) => operation.id));
    expect(Object.keys(REFERENCE_WRITES).filter((id) => !registered.has(id))).toEqual([]);

    const failures: string[] = [];
    const allowedPerKind = {} as Record<VetKind, number>;
    let checks = 0;
    for (const [operationId, writes] of Object.entries(REFERENCE_WRITES)) {
      for (const write of writes) {
        for (const kind of [...PRODUCT_VETS, ...COMPANY_VETS]) {
          const response = await send(await write.request(), kind);
          checks += 1;
          const allowed = canChangeReferenceData({ kind }, write.action);
          const expectedCode = operationId.endsWith('Label') ? 'labels.forbidden' : 'forms.forbidden';
          const ok = allowed
            ? response.statusCode >= 200 && response.statusCode < 300
            : response.statusCode === 403 && response.json().code === expectedCode;
          if (allowed && ok) allowedPerKind[kind] = (allowedPerKind[kind] ?? 0) + 1;
          if (!ok)
            failures.push(
              `${operationId} (${write.action}) as ${kind}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    // The rule itself, as issue #47 settles it: head vets everything, regular vets create and edit.
    expect(allowedPerKind).toEqual({ head: 7, regular: 4 });
    console.info(`policy matrix, reference-data rights: ${checks} checks`);
  });

  it('gives a company vet only their own company', async () => {
    const own = await send({ method: 'GET', url: `/v1/companies/${companyA}` }, 'b2b');
    expect(own.statusCode).toBe(200);
    const other = await send({ method: 'GET', url: `/v1/companies/${companyB}` }, 'partner');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('companies.not_found');
  });
});
