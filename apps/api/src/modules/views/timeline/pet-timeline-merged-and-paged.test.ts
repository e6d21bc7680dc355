import { createHash } from 'node:crypto';
import { emptyAssessmentContent, type TimelineItem, type TimelineResponse } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { files } from '../../platform/files/files.table.ts';
import { dailyStatuses } from '../../records/b2b/b2b.table.ts';
import { forms, formVersions } from '../../records/checkups/checkups.forms.table.ts';
import { checkups } from '../../records/checkups/checkups.table.ts';
import { clinicalDocuments } from '../../records/clinical-documents/clinical-documents.table.ts';
import { diets } from '../../records/diets/diets.table.ts';
import { journalEntries, journalEntryReplies } from '../../records/journal/journal.table.ts';
import { medicalRecords } from '../../records/medical-records/medical-records.table.ts';
import { pendingCards } from '../../records/pending-cards/pending-cards.table.ts';
import { petQuestions } from '../../records/questions/questions.table.ts';
import { reminders } from '../../records/reminders/reminders.table.ts';
import { weightEntries } from '../../records/trackers/trackers.weight.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let companyVet: Record<string, string>;
let otherCompanyVet: Record<string, string>;
let luna: string;
let lunaCompany: string;
const ID_NAMES = [
  'diet',
  'diet2',
  'draftDiet',
  'rexDiet',
  'checkup',
  'entry',
  'card',
  'collarCard',
  'weight',
  'ownerWeight',
  'tiedWeight',
  'twinWeightA',
  'twinWeightB',
  'assessment',
  'report',
  'draftAssessment',
  'record',
  'reminder',
  'openReminder',
  'microA',
  'microB',
  'question',
  'status',
  'deletedStatus',
] as const;
/** The id of every row the tests insert, by name. */
const ids = Object.fromEntries(ID_NAMES.map((name) => [name, newId()])) as Record<
  (typeof ID_NAMES)[number],
  string
>;

const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (hours: number) => new Date(T0 + hours * 3_600_000);

/** What Luna's timeline must read, newest first (kind and the id of what happened). */
let expected: Array<{ kind: string; id: string }>;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const company = await createCompany(db);
  lunaCompany = company.sku;
  const otherCompany = await createCompany(db);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helena = await loginAs(app, vet.email);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku, firstName: 'Bea' });
  companyVet = await loginAs(app, b2b.email);
  const other = await createTestVet(app, { kind: 'b2b', companySku: otherCompany.sku, firstName: 'Otto' });
  otherCompanyVet = await loginAs(app, other.email);
  const { family } = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  // Another pet's events never show on Luna's timeline.
  const { family: otherFamily } = await createFamily(db, { owner: { lastName: 'Else' } });
  const rex = (await createPet(db, { familyId: otherFamily.id, name: 'Rex' })).id;

  await db.insert(diets).values([
    {
      id: ids.diet,
      petId: luna,
      kind: 'weight_loss',
      nutrientProfileKind: 'fediaf_adult',
      status: 'published',
      publishedAt: at(1),
    },
    {
      id: ids.diet2,
      petId: luna,
      kind: 'weight_loss',
      nutrientProfileKind: 'fediaf_adult',
      status: 'published',
      publishedAt: at(20),
      copiedFromId: ids.diet,
    },
    { id: ids.draftDiet, petId: luna, kind: 'maintenance', nutrientProfileKind: 'fediaf_adult' },
    {
      id: ids.rexDiet,
      petId: rex,
      kind: 'maintenance',
      nutrientProfileKind: 'fediaf_adult',
      status: 'published',
      publishedAt: at(2),
    },
  ]);

  const formId = newId();
  await db
    .insert(forms)
    .values({ id: formId, title: 'Cardiac follow-up', sku: `cardiac_${formId.replaceAll('-', '')}` });
  await db.insert(formVersions).values({ formId, version: 1, questionGroups: [] });
  await db.insert(checkups).values({
    id: ids.checkup,
    petId: luna,
    formId,
    formVersion: 1,
    status: 'reviewed',
    problematic: true,
    problematicCount: 2,
    sentAt: at(2),
    answeredAt: at(3),
    reviewedAt: at(4),
  });

  await db.insert(journalEntries).values({
    id: ids.entry,
    petId: luna,
    category: 'coughing',
    severity: 3,
    occurredAt: at(5),
    receivedAt: at(5),
    status: 'resolved',
    resolvedAt: at(7),
  });
  await db
    .insert(journalEntryReplies)
    .values({ entryId: ids.entry, position: 1, reply: 'Call us', repliedAt: at(6) });

  await db.insert(pendingCards).values([
    {
      id: ids.card,
      petId: luna,
      concern: 'respiratory',
      severity: 3,
      status: 'resolved',
      openedAt: at(8),
      lastTriggerAt: at(8),
      resolvedAt: at(9),
    },
    // At the same instant as a vet's weight entry (below): kind, then id, breaks the tie.
    {
      id: ids.collarCard,
      petId: luna,
      concern: 'collar_data',
      severity: 1,
      openedAt: at(18),
      lastTriggerAt: at(18),
    },
  ]);

  const weight = (id: string, measuredAt: Date, author: 'vet' | 'user' = 'vet') => ({
    id,
    petId: luna,
    valueKg: 12.4,
    measuredAt,
    location: 'vet' as const,
    author,
  });
  await db
    .insert(weightEntries)
    .values([
      weight(ids.weight, at(10)),
      weight(ids.ownerWeight, at(10.5), 'user'),
      weight(ids.tiedWeight, at(18)),
      weight(ids.twinWeightA, at(19)),
      weight(ids.twinWeightB, at(19)),
    ]);

  const doc = (id: string, kind: 'assessment' | 'report', signedAt: Date | null, title: string) => ({
    id,
    petId: luna,
    kind,
    rootId: id,
    version: 1,
    status: signedAt ? ('signed' as const) : ('draft' as const),
    title,
    content: emptyAssessmentContent(),
    createdAt: at(0),
    updatedAt: at(0),
    signedAt,
  });
  await db
    .insert(clinicalDocuments)
    .values([
      doc(ids.assessment, 'assessment', at(11), 'Heart murmur'),
      doc(ids.report, 'report', at(12), 'Cardiology'),
      doc(ids.draftAssessment, 'assessment', null, 'Unsigned'),
    ]);

  const content = Buffer.from('%PDF-1.7\n%timeline\n');
  const fileId = newId();
  await db.insert(files).values({
    id: fileId,
    purpose: 'medical_record',
    contentType: 'application/pdf',
    filename: 'bloods.pdf',
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
    petId: luna,
    uploadedBy: 'owner',
  });
  await db.insert(medicalRecords).values({
    id: ids.record,
    petId: luna,
    title: 'Bloods',
    documentDate: '2026-03-01',
    fileId,
    originalFilename: 'bloods.pdf',
    uploadedBy: 'owner',
    uploadedAt: at(13),
  });

  const reminder = (id: string, doneAt: Date | null) => ({
    id,
    petId: luna,
    title: 'Recheck the rate',
    dueAt: at(0),
    status: doneAt ? ('done' as const) : ('open' as const),
    createdAt: at(0),
    updatedAt: at(0),
    doneAt,
  });
  await db.insert(reminders).values([reminder(ids.reminder, at(14)), reminder(ids.openReminder, null)]);
  // Two events inside one millisecond: a cursor rounded to milliseconds would lose one of them.
  await db.insert(reminders).values([
    {
      ...reminder(ids.microA, null),
      status: 'done',
      doneAt: sql`'2026-03-01T21:00:00.000100Z'::timestamptz`,
    },
    {
      ...reminder(ids.microB, null),
      status: 'done',
      doneAt: sql`'2026-03-01T21:00:00.000900Z'::timestamptz`,
    },
  ]);

  await db.insert(petQuestions).values({
    id: ids.question,
    petId: luna,
    question: 'Can Luna eat apples?',
    askedAt: at(15),
    receivedAt: at(15),
    status: 'answered',
    answer: 'Yes, a little',
    sentAt: at(16),
  });

  await db.insert(dailyStatuses).values([
    {
      id: ids.status,
      companySku: company.sku,
      petId: luna,
      date: '2026-03-01',
      dailyStatus: 'Calm day',
      createdAt: at(17),
    },
    {
      id: ids.deletedStatus,
      companySku: company.sku,
      petId: luna,
      date: '2026-02-28',
      dailyStatus: 'Wrong pet',
      createdAt: at(17.5),
      deletedAt: at(17.6),
    },
  ]);

  const [twinLow, twinHigh] = [ids.twinWeightA, ids.twinWeightB].sort() as [string, string];
  expected = [
    { kind: 'reminder.done', id: ids.microB },
    { kind: 'reminder.done', id: ids.microA },
    { kind: 'diet.published', id: ids.diet2 },
    { kind: 'weight.recorded', id: twinHigh },
    { kind: 'weight.recorded', id: twinLow },
    // Same instant: the higher kind first ('weight…' > 'pending…').
    { kind: 'weight.recorded', id: ids.tiedWeight },
    { kind: 'pending_card.raised', id: ids.collarCard },
    { kind: 'daily_status.written', id: ids.status },
    { kind: 'question.answered', id: ids.question },
    { kind: 'question.asked', id: ids.question },
    { kind: 'reminder.done', id: ids.reminder },
    { kind: 'medical_record.uploaded', id: ids.record },
    { kind: 'report.signed', id: ids.report },
    { kind: 'assessment.signed', id: ids.assessment },
    { kind: 'weight.recorded', id: ids.weight },
    { kind: 'pending_card.resolved', id: ids.card },
    { kind: 'pending_card.raised', id: ids.card },
    { kind: 'journal.resolved', id: ids.entry },
    { kind: 'journal.replied', id: `${ids.entry}.000001` },
    { kind: 'journal.received', id: ids.entry },
    { kind: 'checkup.reviewed', id: ids.checkup },
    { kind: 'checkup.answered', id: ids.checkup },
    { kind: 'checkup.sent', id: ids.checkup },
    { kind: 'diet.published', id: ids.diet },
  ];
});

async function timeline(query = '', cookies = helena, pet = luna) {
  return app.inject({ method: 'GET', url: `/v1/pets/${pet}/timeline?${query}`, cookies });
}

async function timelineOk(query = '', cookies = helena): Promise<TimelineResponse> {
  const response = await timeline(query, cookies);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function everyPage(query: string, limit: number): Promise<TimelineItem[][]> {
  const pages: TimelineItem[][] = [];
  let cursor: string | null = null;
  do {
    const page: TimelineResponse = await timelineOk(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const keyOf = (event: { kind: string; id: string }) => `${event.kind}:${event.id}`;

describe('a pet’s timeline', () => {
  it('merges every module’s events newest first, each with its source, title and page', async () => {
    const { items, nextCursor } = await timelineOk('limit=100');
    expect(items.map((item) => item.id)).toEqual(expected.map(keyOf));
    expect(nextCursor).toBeNull();
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(`checkup.answered:${ids.checkup}`)).toMatchObject({
      source: 'owner_app',
      title: "Checkup 'Cardiac follow-up' answered: 2 problematic answers",
      link: `/checkups/${ids.checkup}`,
      at: { seconds: at(3).getTime() / 1000 },
    });
    expect(byId.get(`pending_card.raised:${ids.card}`)).toMatchObject({
      source: 'collar',
      title: 'Pending card raised: Respiratory rate (High-red)',
      link: `/pending-cards/${ids.card}`,
    });
    expect(byId.get(`diet.published:${ids.diet2}`)?.title).toBe(
      'Diet changed: new Weight loss diet published',
    );
    expect(byId.get(`journal.replied:${ids.entry}.000001`)).toMatchObject({
      source: 'vet',
      link: `/journal/${ids.entry}`,
    });
    expect(byId.get(`assessment.signed:${ids.assessment}`)?.link).toBe(
      `/pets/${luna}/clinical-assessments/${ids.assessment}`,
    );
    expect(byId.get(`report.signed:${ids.report}`)?.link).toBe(`/pets/${luna}/medical-reports/${ids.report}`);
    expect(byId.get(`medical_record.uploaded:${ids.record}`)?.source).toBe('owner_app');
    expect(byId.get(`daily_status.written:${ids.status}`)?.link).toBe(`/b2b/${lunaCompany}/${luna}`);
  });

  it('pages by cursor without a duplicate or a gap, however small the page, events in one millisecond included', async () => {
    for (const limit of [1, 3, 7]) {
      const pages = await everyPage('', limit);
      expect(pages.flat().map((item) => item.id)).toEqual(expected.map(keyOf));
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
  });

  it('keeps the next pages as they were when newer events arrive between two pages', async () => {
    const first = await timelineOk('limit=5');
    const db = app.database.db;
    const lateId = newId();
    await db.insert(weightEntries).values({
      id: lateId,
      petId: luna,
      valueKg: 12.1,
      measuredAt: at(30),
      location: 'vet',
      author: 'vet',
    });
    try {
      const rest = await timelineOk(`limit=100&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
      expect([...first.items, ...rest.items].map((item) => item.id)).toEqual(expected.map(keyOf));
      expect((await timelineOk('limit=1')).items[0]?.id).toBe(`weight.recorded:${lateId}`);
    } finally {
      await db.delete(weightEntries).where(sql`${weightEntries.id} = ${lateId}`);
    }
  });

  it('filters by source and by kind, and pages a filtered timeline too', async () => {
    const collar = await timelineOk('source=collar');
    expect(collar.items.map((item) => item.id)).toEqual([
      `pending_card.raised:${ids.collarCard}`,
      `pending_card.raised:${ids.card}`,
    ]);
    const owner = await timelineOk('source=owner_app');
    expect(owner.items.map((item) => item.id)).toEqual([
      `question.asked:${ids.question}`,
      `medical_record.uploaded:${ids.record}`,
      `journal.received:${ids.entry}`,
      `checkup.answered:${ids.checkup}`,
    ]);
    const kinds = await timelineOk('kind=checkup.answered,journal.received&kind=diet.published');
    expect(kinds.items.map((item) => item.id)).toEqual([
      `diet.published:${ids.diet2}`,
      `journal.received:${ids.entry}`,
      `checkup.answered:${ids.checkup}`,
      `diet.published:${ids.diet}`,
    ]);
    // A kind whose sources are all left out by the source filter gives nothing.
    expect((await timelineOk('source=collar&kind=checkup.sent')).items).toEqual([]);
    const vetPages = await everyPage('source=vet', 2);
    const vetItems = expected.filter(
      (event) =>
        ![
          'pending_card.raised',
          'question.asked',
          'medical_record.uploaded',
          'journal.received',
          'checkup.answered',
        ].includes(event.kind),
    );
    expect(vetPages.flat().map((item) => item.id)).toEqual(vetItems.map(keyOf));
  });

  it('gives a chart the events of its range only, newest first, from inclusive and to exclusive', async () => {
    const seconds = (hours: number) => at(hours).getTime() / 1000;
    // From the checkup's answer (3 h) up to the pending card's raising (8 h), which is left out.
    const range = await timelineOk(`from=${seconds(3)}&to=${seconds(8)}&limit=100`);
    expect(range.items.map((item) => item.id)).toEqual([
      `journal.resolved:${ids.entry}`,
      `journal.replied:${ids.entry}.000001`,
      `journal.received:${ids.entry}`,
      `checkup.reviewed:${ids.checkup}`,
      `checkup.answered:${ids.checkup}`,
    ]);
    expect(range.nextCursor).toBeNull();
    // Only one bound: everything from then on, or everything before then.
    const since = await timelineOk(`from=${seconds(17)}&limit=100`);
    expect(since.items.map((item) => item.id)).toEqual(
      expected.slice(0, expected.findIndex((event) => event.id === ids.status) + 1).map(keyOf),
    );
    const until = await timelineOk(`to=${seconds(2)}&limit=100`);
    expect(until.items.map((item) => item.id)).toEqual([`diet.published:${ids.diet}`]);
    // A range with more events than the limit gives its newest and says there are more; the cursor
    // pages on inside the range.
    const first = await timelineOk(`from=${seconds(3)}&to=${seconds(8)}&limit=2`);
    expect(first.items.map((item) => item.id)).toEqual(range.items.slice(0, 2).map((item) => item.id));
    expect(first.nextCursor).not.toBeNull();
    const rest = await timelineOk(
      `from=${seconds(3)}&to=${seconds(8)}&limit=100&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(rest.items.map((item) => item.id)).toEqual(range.items.slice(2).map((item) => item.id));
    // With the kind filter: the diet flags of a year.
    const diets = await timelineOk(`from=${seconds(-24 * 200)}&to=${seconds(24 * 165)}&kind=diet.published`);
    expect(diets.items.map((item) => item.id)).toEqual([
      `diet.published:${ids.diet2}`,
      `diet.published:${ids.diet}`,
    ]);
  });

  it('refuses a range that ends before it starts, naming the field, and hides a pet out of scope', async () => {
    const backwards = await timeline('from=1772330400&to=1772326800');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([{ path: 'to', message: 'Must be after from' }]);
    expect((await timeline('from=1772330400&to=1772330400')).statusCode).toBe(400);
    const notANumber = await timeline('from=yesterday');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().details.map((detail: { path: string }) => detail.path)).toEqual(['from']);
    expect((await timeline('to=-5')).statusCode).toBe(400);
    const outside = await timeline('from=1772323200&to=1772409600', otherCompanyVet);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('pets.not_found');
  });

  it('answers 404 for a pet outside a company vet’s scope, and 400 for a cursor it did not give', async () => {
    const outside = await timeline('', otherCompanyVet);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('pets.not_found');
    expect((await timeline('limit=100', companyVet)).json().items).toHaveLength(expected.length);
    expect((await timeline('', helena, newId())).statusCode).toBe(404);
    const forged = await timeline('cursor=not-a-cursor');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('timeline.invalid_cursor');
    expect((await timeline('source=satellite')).statusCode).toBe(400);
  });
});
