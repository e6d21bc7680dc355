import { createHash } from 'node:crypto';
import type { HomeResponse, WeeklyReportContent } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { files } from '../../platform/files/files.table.ts';
import { dailyStatuses } from '../../records/b2b/b2b.table.ts';
import { forms, formVersions } from '../../records/checkups/checkups.forms.table.ts';
import { checkups } from '../../records/checkups/checkups.table.ts';
import { journalEntries } from '../../records/journal/journal.table.ts';
import { medicalRecords } from '../../records/medical-records/medical-records.table.ts';
import { pendingCards } from '../../records/pending-cards/pending-cards.table.ts';
import { petQuestions } from '../../records/questions/questions.table.ts';
import { reminders } from '../../records/reminders/reminders.table.ts';
import { buildWeeklyReportContents } from '../weekly-reports/weekly-reports.service.ts';
import { weeklyReports } from '../weekly-reports/weekly-reports.table.ts';

const context = useTestApp();
let app: TestApp;
let me: Record<string, string>;
let companyVet: Record<string, string>;
let meId: string;
let companyVetId: string;
const NOW = new Date('2026-03-10T10:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

/** One pet's share of every queue, so each count below adds up from known parts. */
async function queues(
  petId: string,
  options: { cards: Array<[1 | 2 | 3, string | null]>; withStatus?: boolean },
) {
  const db = app.database.db;
  for (const [severity, claimedBy] of options.cards)
    await db.insert(pendingCards).values({
      id: newId(),
      petId,
      concern: severity === 3 ? 'respiratory' : severity === 2 ? 'journal' : 'weight',
      severity,
      openedAt: hours(-5),
      lastTriggerAt: hours(-5),
      claimedByVetId: claimedBy,
      claimedAt: claimedBy ? hours(-1) : null,
    });
  const formId = newId();
  await db
    .insert(forms)
    .values({ id: formId, title: 'Home pool', sku: `home_${formId.replaceAll('-', '')}` });
  await db.insert(formVersions).values({ formId, version: 1, questionGroups: [] });
  await db.insert(checkups).values([
    { id: newId(), petId, formId, formVersion: 1, status: 'answered', sentAt: hours(-48) },
    { id: newId(), petId, formId, formVersion: 1, status: 'reviewed', sentAt: hours(-48) },
  ]);
  await db.insert(journalEntries).values(
    ['new', 'seen'].map((status) => ({
      id: newId(),
      petId,
      category: 'coughing' as const,
      severity: 2,
      status: status as 'new' | 'seen',
      occurredAt: hours(-3),
      receivedAt: hours(-3),
    })),
  );
  const pdf = Buffer.from(`%PDF-1.7\n%${petId}\n`);
  const fileId = newId();
  await db.insert(files).values({
    id: fileId,
    purpose: 'medical_record',
    contentType: 'application/pdf',
    filename: 'home.pdf',
    size: pdf.length,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    content: pdf,
    petId,
    uploadedBy: 'vet',
  });
  await db.insert(petQuestions).values(
    (['open', 'answered'] as const).map((status, i) => ({
      id: newId(),
      petId,
      question: `Is her breathing all right? (${status})`,
      askedAt: hours(-10 - i),
      receivedAt: hours(-10 - i),
      status,
    })),
  );
  const content = (await buildWeeklyReportContents(db, '2026-W10', [petId])).get(
    petId,
  ) as WeeklyReportContent;
  await db.insert(weeklyReports).values(
    (
      [
        ['draft', '2026-W10', '2026-03-02'],
        ['sent', '2026-W09', '2026-02-23'],
      ] as const
    ).map(([status, week, weekStart]) => ({
      id: newId(),
      petId,
      week,
      weekStart,
      status,
      content,
      openCardCount: 0,
      generatedAt: hours(-30),
      updatedAt: hours(-30),
    })),
  );
  await db.insert(medicalRecords).values({
    id: newId(),
    petId,
    title: 'Bloods',
    documentDate: '2026-03-01',
    fileId,
    originalFilename: 'bloods.pdf',
    uploadedBy: 'vet',
    uploadedAt: hours(-2),
  });
}

async function remind(petId: string, assignee: string, dueAt: Date, status: 'open' | 'done' = 'open') {
  await app.database.db.insert(reminders).values({
    id: newId(),
    petId,
    title: `Due ${dueAt.toISOString()}`,
    dueAt,
    assigneeVetId: assignee,
    status,
    createdAt: hours(-24),
    updatedAt: hours(-24),
  });
}

async function home(cookies: Record<string, string>): Promise<HomeResponse> {
  const response = await app.inject({ method: 'GET', url: '/v1/home', cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  app = context.app;
  context.clock.set(NOW);
  const db = app.database.db;
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  meId = vet.id;
  me = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const otherCompany = await createCompany(db);
  const b2bVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetId = b2bVet.id;
  companyVet = await loginAs(app, b2bVet.email);

  const { family } = await createFamily(db);
  const product = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  const ours = (await createPet(db, { familyId: b2b.family.id, name: 'Biscuit' })).id;
  const oursWritten = (await createPet(db, { familyId: b2b.family.id, name: 'Bean' })).id;
  const other = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: otherCompany.sku } });
  const theirs = (await createPet(db, { familyId: other.family.id, name: 'Otto' })).id;

  await queues(product, {
    cards: [
      [3, null],
      [1, meId],
    ],
  });
  await queues(ours, {
    cards: [
      [2, companyVetId],
      [1, null],
    ],
  });
  await queues(theirs, { cards: [[3, null]] });
  // Snoozed and resolved cards are not in the queue.
  await db.insert(pendingCards).values([
    {
      id: newId(),
      petId: product,
      concern: 'collar_data',
      severity: 1,
      openedAt: hours(-9),
      lastTriggerAt: hours(-9),
      snoozedUntil: hours(3),
    },
    {
      id: newId(),
      petId: product,
      concern: 'checkup',
      severity: 2,
      status: 'resolved',
      openedAt: hours(-9),
      lastTriggerAt: hours(-9),
      resolvedAt: hours(-1),
    },
  ]);
  await db.insert(dailyStatuses).values({
    id: newId(),
    companySku: company.sku,
    petId: oursWritten,
    date: '2026-03-10',
    dailyStatus: 'Ate well',
    createdByVetId: companyVetId,
    createdAt: hours(-1),
  });

  await remind(product, meId, hours(-30));
  await remind(product, meId, hours(-1));
  await remind(product, meId, hours(3));
  await remind(product, meId, hours(20));
  await remind(product, meId, hours(-2), 'done');
  await remind(ours, companyVetId, hours(2));
  await remind(theirs, meId, hours(4));
});

describe('the home page counts', () => {
  it('counts every queue a product vet sees, and lists their work and the worst cards', async () => {
    const body = await home(me);
    expect(body.pendingCards).toEqual({ open: 5, high: 2, highOrange: 1, highRed: 2, mine: 1 });
    expect(body.checkupsToReview).toBe(3);
    expect(body.newJournalEntries).toBe(3);
    expect(body.medicalRecordsToReview).toBe(3);
    expect(body.openQuestions).toBe(3);
    expect(body.weeklyReportsToReview).toBe(3);
    // The longest waiting first: each pet's open question, never an answered one.
    expect(body.oldestOpenQuestions).toHaveLength(3);
    expect(new Set(body.oldestOpenQuestions.map((question) => question.status))).toEqual(new Set(['open']));
    // Overdue: yesterday's and an hour ago; due today: in 3 hours and Otto's in 4 (midnight is in 14).
    expect(body.myReminders).toEqual({ overdue: 2, dueToday: 2 });
    // Biscuit and Otto have no status today; Bean has one.
    expect(body.b2bPetsWithoutStatus).toBe(2);
    expect(body.myCards.map((card) => card.claimedBy?.uuid)).toEqual([meId]);
    expect(body.severeCards.map((card) => card.severity).slice(0, 2)).toEqual(['high-red', 'high-red']);
    expect(body.myOpenReminders.map((reminder) => reminder.due)).toEqual([
      'overdue',
      'overdue',
      'today',
      'today',
      'later',
    ]);
  });

  it('counts only their company’s pets for a company vet', async () => {
    const body = await home(companyVet);
    expect(body.pendingCards).toEqual({ open: 2, high: 1, highOrange: 1, highRed: 0, mine: 1 });
    expect(body.checkupsToReview).toBe(1);
    expect(body.newJournalEntries).toBe(1);
    expect(body.medicalRecordsToReview).toBe(1);
    expect(body.openQuestions).toBe(1);
    expect(body.weeklyReportsToReview).toBe(1);
    expect(body.oldestOpenQuestions.map((question) => question.pet.name)).toEqual(['Biscuit']);
    expect(body.myReminders).toEqual({ overdue: 0, dueToday: 1 });
    expect(body.b2bPetsWithoutStatus).toBe(1);
    const pets = new Set(
      [...body.severeCards, ...body.myCards, ...body.myOpenReminders].map((item) => item.pet.name),
    );
    expect([...pets]).toEqual(['Biscuit']);
  });
});
