import type { PetAttentionResponse } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { files } from '../../platform/files/files.table.ts';
import { forms, formVersions } from '../../records/checkups/checkups.forms.table.ts';
import { checkups } from '../../records/checkups/checkups.table.ts';
import { medicalRecords } from '../../records/medical-records/medical-records.table.ts';
import { pendingCards } from '../../records/pending-cards/pending-cards.table.ts';
import { petQuestions } from '../../records/questions/questions.table.ts';
import { reminders } from '../../records/reminders/reminders.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let helenaId: string;
let companyVet: Record<string, string>;
let otherCompanyVet: Record<string, string>;
let luna: string;
let rex: string;
let quiet: string;
const ids = {
  redCard: newId(),
  orangeCard: newId(),
  snoozedCard: newId(),
  resolvedCard: newId(),
  overdueReminder: newId(),
  todayReminder: newId(),
  laterReminder: newId(),
  doneReminder: newId(),
  answeredCheckup: newId(),
  reviewedCheckup: newId(),
  pendingRecord: newId(),
  reviewedRecord: newId(),
  openQuestion: newId(),
  answeredQuestion: newId(),
};
const HOUR = 3_600_000;
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * HOUR);
// Due later today (UTC) without crossing into tomorrow, whatever the hour the suite runs at.
const laterToday = new Date(Math.min(now + HOUR, Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000 - 1));

async function attention(pet: string, cookies = helena) {
  return app.inject({ method: 'GET', url: `/v1/pets/${pet}/attention`, cookies });
}

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const company = await createCompany(db);
  const otherCompany = await createCompany(db);
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helenaId = vet.id;
  helena = await loginAs(app, vet.email);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku, firstName: 'Bea' });
  companyVet = await loginAs(app, b2b.email);
  const other = await createTestVet(app, { kind: 'b2b', companySku: otherCompany.sku, firstName: 'Otto' });
  otherCompanyVet = await loginAs(app, other.email);
  const { family } = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  quiet = (await createPet(db, { familyId: family.id, name: 'Quiet' })).id;
  const { family: otherFamily } = await createFamily(db, { owner: { lastName: 'Else' } });
  rex = (await createPet(db, { familyId: otherFamily.id, name: 'Rex' })).id;

  const card = (
    id: string,
    petId: string,
    severity: number,
    extra: Partial<typeof pendingCards.$inferInsert>,
  ) => ({
    id,
    petId,
    concern: 'respiratory' as const,
    severity,
    openedAt: ago(48),
    lastTriggerAt: ago(2),
    ...extra,
  });
  await db
    .insert(pendingCards)
    .values([
      card(ids.orangeCard, luna, 2, { concern: 'weight', claimedByVetId: helenaId, claimedAt: ago(1) }),
      card(ids.redCard, luna, 3, { openedAt: ago(24 * 26) }),
      card(ids.snoozedCard, luna, 3, { concern: 'journal', snoozedUntil: new Date(now + 24 * HOUR) }),
      card(ids.resolvedCard, luna, 3, { concern: 'checkup', status: 'resolved', resolvedAt: ago(1) }),
      card(newId(), rex, 3, {}),
    ]);

  const reminder = (id: string, petId: string, dueAt: Date, done = false) => ({
    id,
    petId,
    title: `Recheck ${id.slice(0, 4)}`,
    dueAt,
    status: done ? ('done' as const) : ('open' as const),
    assigneeVetId: helenaId,
    createdAt: ago(72),
    updatedAt: ago(72),
    doneAt: done ? ago(1) : null,
  });
  await db
    .insert(reminders)
    .values([
      reminder(ids.overdueReminder, luna, ago(20)),
      reminder(ids.todayReminder, luna, laterToday),
      reminder(ids.laterReminder, luna, new Date(now + 7 * 24 * HOUR)),
      reminder(ids.doneReminder, luna, ago(30), true),
      reminder(newId(), rex, ago(20)),
    ]);

  const formId = newId();
  await db
    .insert(forms)
    .values({ id: formId, title: 'Cardiac follow-up', sku: `cardiac_${formId.replaceAll('-', '')}` });
  await db.insert(formVersions).values({ formId, version: 1, questionGroups: [] });
  const checkup = (id: string, status: 'answered' | 'reviewed') => ({
    id,
    petId: luna,
    formId,
    formVersion: 1,
    status,
    problematic: true,
    problematicCount: 2,
    sentAt: ago(50),
    answeredAt: ago(40),
    reviewedAt: status === 'reviewed' ? ago(30) : null,
  });
  await db
    .insert(checkups)
    .values([checkup(ids.answeredCheckup, 'answered'), checkup(ids.reviewedCheckup, 'reviewed')]);

  const record = async (id: string, status: 'pending' | 'reviewed', title: string) => {
    const content = Buffer.from(`%PDF-1.7\n%${id}\n`);
    const fileId = newId();
    await db.insert(files).values({
      id: fileId,
      purpose: 'medical_record',
      contentType: 'application/pdf',
      filename: 'bloods.pdf',
      size: content.length,
      sha256: id.replaceAll('-', '').padEnd(64, '0'),
      content,
      petId: luna,
      uploadedBy: 'owner',
    });
    await db.insert(medicalRecords).values({
      id,
      petId: luna,
      title,
      documentDate: '2026-11-01',
      fileId,
      originalFilename: 'bloods.pdf',
      uploadedBy: 'owner',
      uploadedAt: ago(10),
      status,
      reviewedAt: status === 'reviewed' ? ago(5) : null,
    });
  };
  await record(ids.pendingRecord, 'pending', 'Bloods, November');
  await record(ids.reviewedRecord, 'reviewed', 'Bloods, October');

  await db.insert(petQuestions).values([
    {
      id: ids.openQuestion,
      petId: luna,
      question: 'Can Luna eat apples?',
      askedAt: ago(6),
      receivedAt: ago(6),
    },
    {
      id: ids.answeredQuestion,
      petId: luna,
      question: 'Is she allowed walks?',
      askedAt: ago(60),
      receivedAt: ago(60),
      status: 'answered',
      answer: 'Short ones',
      answeredAt: ago(50),
      sentAt: ago(50),
    },
  ]);
});

describe('GET /v1/pets/{id}/attention (issue #39 §2)', () => {
  it('lists what is open about the pet, grouped in order, and leaves out what is handled, snoozed or later', async () => {
    const response = await attention(luna);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PetAttentionResponse>();
    expect(body.highestSeverity).toBe('high-red');
    expect(body.groups.map((group) => [group.kind, group.total])).toEqual([
      ['pending_card', 2],
      ['reminder', 2],
      ['checkup', 1],
      ['medical_record', 1],
      ['question', 1],
    ]);
    const [cards, due, toReview, records, questions] = body.groups;
    // Most severe first; the claim is named.
    expect(
      cards?.items.map((item) => [item.uuid, item.severity, item.title, item.claimedBy?.name ?? null]),
    ).toEqual([
      [ids.redCard, 'high-red', 'Respiratory rate', null],
      [ids.orangeCard, 'high-orange', 'Weight', 'Helena Marsh'],
    ]);
    expect(cards?.items[0]?.link).toBe(`/pending-cards/${ids.redCard}`);
    expect(cards?.items[0]?.since.seconds).toBe(Math.floor(ago(24 * 26).getTime() / 1000));
    // Overdue first, then due later today; next week's and the done one are not here.
    expect(due?.items.map((item) => [item.uuid, item.overdue])).toEqual([
      [ids.overdueReminder, true],
      [ids.todayReminder, false],
    ]);
    expect(due?.items[0]?.link).toBe(`/pets/${luna}/reminders`);
    expect(toReview?.items).toEqual([
      expect.objectContaining({
        uuid: ids.answeredCheckup,
        title: 'Cardiac follow-up',
        detail: '2 problematic answers',
        link: `/checkups/${ids.answeredCheckup}`,
      }),
    ]);
    expect(records?.items.map((item) => [item.uuid, item.title, item.link])).toEqual([
      [ids.pendingRecord, 'Bloods, November', `/medical-records/${ids.pendingRecord}`],
    ]);
    expect(questions?.items.map((item) => [item.uuid, item.title, item.link])).toEqual([
      [ids.openQuestion, 'Can Luna eat apples?', `/pets/${luna}/qa`],
    ]);
  });

  it('gives no groups and no severity for a pet with nothing open', async () => {
    const response = await attention(quiet);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ groups: [], highestSeverity: null });
  });

  it('lists five of a kind and counts them all', async () => {
    const db = app.database.db;
    const many = Array.from({ length: 7 }, () => newId());
    await db.insert(petQuestions).values(
      many.map((id, i) => ({
        id,
        petId: quiet,
        question: `Question ${i}`,
        askedAt: ago(i + 1),
        receivedAt: ago(i + 1),
      })),
    );
    const body = (await attention(quiet)).json<PetAttentionResponse>();
    expect(body.groups.map((group) => [group.kind, group.total, group.items.length])).toEqual([
      ['question', 7, 5],
    ]);
  });

  it('answers 404 for a pet out of the vet’s scope, as for a missing one, and 401 without a session', async () => {
    expect((await attention(luna, companyVet)).statusCode).toBe(200);
    expect((await attention(luna, otherCompanyVet)).statusCode).toBe(404);
    expect((await attention(rex, companyVet)).statusCode).toBe(404);
    expect((await attention(newId())).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/v1/pets/${luna}/attention` })).statusCode).toBe(401);
  });
});
