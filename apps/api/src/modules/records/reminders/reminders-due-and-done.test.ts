import type { Reminder } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { pendingCards } from '../pending-cards/pending-cards.table.ts';
import { reminders } from './reminders.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let omar: Record<string, string>;
let companyVet: Record<string, string>;
let helenaId: string;
let omarId: string;
let companyVetId: string;
let luna: string;
let biscuit: string;
let otherCompanyPet: string;
let lunaCard: string;

// 10:00 UTC: "today" runs until midnight UTC.
const NOW = Date.parse('2026-03-10T10:00:00Z') / 1000;
const HOUR = 3600;

beforeAll(async () => {
  app = context.app;
  context.clock.set(new Date(NOW * 1000));
  const db = app.database.db;
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helenaId = vet.id;
  helena = await loginAs(app, vet.email);
  const other = await createTestVet(app, { firstName: 'Omar', lastName: 'Reyes' });
  omarId = other.id;
  omar = await loginAs(app, other.email);
  const company = await createCompany(db);
  const otherCompany = await createCompany(db);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku, firstName: 'Bea' });
  companyVetId = b2b.id;
  companyVet = await loginAs(app, b2b.email);
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const b2bFamily = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  biscuit = (await createPet(db, { familyId: b2bFamily.family.id, name: 'Biscuit' })).id;
  const otherFamily = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: otherCompany.sku } });
  otherCompanyPet = (await createPet(db, { familyId: otherFamily.family.id, name: 'Otto' })).id;
  lunaCard = newId();
  await db.insert(pendingCards).values({
    id: lunaCard,
    petId: luna,
    concern: 'respiratory',
    severity: 3,
    openedAt: new Date(NOW * 1000),
    lastTriggerAt: new Date(NOW * 1000),
  });
});

async function create(cookies: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/reminders', cookies, payload });
}

async function createOk(payload: Record<string, unknown>, cookies = helena): Promise<Reminder> {
  const response = await create(cookies, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reminder;
}

async function list(cookies: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/v1/reminders?${query}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reminders: Reminder[]; pagination: { total: number } };
}

describe('vet reminders', () => {
  it('creates a reminder from a pending card, assigned, with who made it, and audits and announces it', async () => {
    const reminder = await createOk({
      petUuid: luna,
      title: "  Check Luna's rate  ",
      notes: 'After the new dose',
      dueAt: { seconds: NOW + 24 * HOUR },
      assigneeUuid: omarId,
      pendingCardUuid: lunaCard,
    });
    expect(reminder).toMatchObject({
      pet: { uuid: luna, name: 'Luna' },
      ownerName: 'Emma Clarke',
      title: "Check Luna's rate",
      notes: 'After the new dose',
      dueAt: { seconds: NOW + 24 * HOUR },
      due: 'later',
      status: 'open',
      assignee: { uuid: omarId, name: 'Omar Reyes' },
      createdBy: { uuid: helenaId, name: 'Helena Marsh' },
      pendingCardUuid: lunaCard,
      doneBy: null,
      doneAt: null,
    });
    const audit = await listAuditRows(app.database.db, { entityId: reminder.uuid });
    expect(audit.map((row) => row.action)).toEqual(['reminders.create']);
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, reminder.uuid));
    expect(events.map((event) => event.type)).toEqual(['reminder.created']);

    const fromCard = await list(helena, `pendingCardUuid=${lunaCard}`);
    expect(fromCard.reminders.map((r) => r.uuid)).toEqual([reminder.uuid]);
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = (await app.database.db.select().from(reminders)).length;
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ petUuid: luna, title: '   ', dueAt: { seconds: NOW } }, ['title']],
      [{ petUuid: 'not-a-uuid', title: 'x' }, ['petUuid', 'dueAt']],
      [{ petUuid: luna, title: 'x'.repeat(201), dueAt: { seconds: NOW }, extra: 1 }, ['title', 'extra']],
      [{ petUuid: newId(), title: 'Unknown pet', dueAt: { seconds: NOW } }, ['petUuid']],
      [
        { petUuid: luna, title: 'Card of another pet', dueAt: { seconds: NOW }, pendingCardUuid: newId() },
        ['pendingCardUuid'],
      ],
      [
        { petUuid: luna, title: 'Unknown vet', dueAt: { seconds: NOW }, assigneeUuid: newId() },
        ['assigneeUuid'],
      ],
      // A company vet cannot be given a reminder about a pet they cannot open.
      [
        { petUuid: luna, title: 'Wrong vet', dueAt: { seconds: NOW }, assigneeUuid: companyVetId },
        ['assigneeUuid'],
      ],
    ];
    for (const [payload, paths] of cases) {
      const response = await create(helena, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const details = response.json().details as Array<{ path: string; message: string }>;
      for (const path of paths)
        expect(
          details.map((d) => d.path),
          JSON.stringify(payload),
        ).toContain(path);
      expect(details.every((d) => d.message.length > 0)).toBe(true);
    }
    const edit = await createOk({ petUuid: luna, title: 'To edit', dueAt: { seconds: NOW + HOUR } });
    const badEdit = await app.inject({
      method: 'PATCH',
      url: `/v1/reminders/${edit.uuid}`,
      cookies: helena,
      payload: { title: '' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().details).toEqual([{ path: 'title', message: 'A title is required' }]);
    expect((await app.database.db.select().from(reminders)).length).toBe(before + 1);
  });

  it('edits, reassigns, completes and reopens, auditing every change', async () => {
    const reminder = await createOk({
      petUuid: luna,
      title: 'Call the owner',
      dueAt: { seconds: NOW + HOUR },
    });
    const patch = await app.inject({
      method: 'PATCH',
      url: `/v1/reminders/${reminder.uuid}`,
      cookies: helena,
      payload: { title: 'Call Emma', dueAt: { seconds: NOW - HOUR } },
    });
    expect(patch.json().reminder).toMatchObject({ title: 'Call Emma', due: 'overdue' });
    const assign = await app.inject({
      method: 'PUT',
      url: `/v1/reminders/${reminder.uuid}/assignee`,
      cookies: helena,
      payload: { assigneeUuid: omarId },
    });
    expect(assign.json().reminder.assignee).toEqual({ uuid: omarId, name: 'Omar Reyes' });
    const done = await app.inject({
      method: 'POST',
      url: `/v1/reminders/${reminder.uuid}/complete`,
      cookies: omar,
    });
    expect(done.json().reminder).toMatchObject({
      status: 'done',
      due: null,
      doneBy: { uuid: omarId, name: 'Omar Reyes' },
      doneAt: { seconds: NOW },
    });
    const again = await app.inject({
      method: 'POST',
      url: `/v1/reminders/${reminder.uuid}/complete`,
      cookies: omar,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('reminders.already_done');
    const reopened = await app.inject({
      method: 'POST',
      url: `/v1/reminders/${reminder.uuid}/reopen`,
      cookies: helena,
    });
    expect(reopened.json().reminder).toMatchObject({ status: 'open', doneBy: null, doneAt: null });
    const reopenAgain = await app.inject({
      method: 'POST',
      url: `/v1/reminders/${reminder.uuid}/reopen`,
      cookies: helena,
    });
    expect(reopenAgain.json().code).toBe('reminders.not_done');
    const audit = await listAuditRows(app.database.db, { entityId: reminder.uuid });
    expect(audit.map((row) => row.action)).toEqual([
      'reminders.create',
      'reminders.edit',
      'reminders.assign',
      'reminders.complete',
      'reminders.reopen',
    ]);
    expect(audit[1]?.changes).toMatchObject({
      before: { title: 'Call the owner' },
      after: { title: 'Call Emma', dueAt: new Date((NOW - HOUR) * 1000).toISOString() },
    });
  });

  it('lists open reminders overdue first, then due today, then later, then the done ones; filters mine, unassigned, a vet and a due range', async () => {
    const pet = (
      await createPet(app.database.db, {
        familyId: (await createFamily(app.database.db)).family.id,
        name: 'Pepper',
      })
    ).id;
    const later = await createOk({ petUuid: pet, title: 'Later', dueAt: { seconds: NOW + 3 * 24 * HOUR } });
    const today = await createOk({
      petUuid: pet,
      title: 'Today',
      dueAt: { seconds: NOW + 2 * HOUR },
      assigneeUuid: helenaId,
    });
    const overdue = await createOk({
      petUuid: pet,
      title: 'Overdue',
      dueAt: { seconds: NOW - 26 * HOUR },
      assigneeUuid: omarId,
    });
    const done = await createOk({ petUuid: pet, title: 'Done', dueAt: { seconds: NOW - 50 * HOUR } });
    await app.inject({ method: 'POST', url: `/v1/reminders/${done.uuid}/complete`, cookies: helena });

    const all = await list(helena, `petUuid=${pet}`);
    expect(all.reminders.map((r) => [r.title, r.due])).toEqual([
      ['Overdue', 'overdue'],
      ['Today', 'today'],
      ['Later', 'later'],
      ['Done', null],
    ]);
    const open = await list(helena, `petUuid=${pet}&status=open`);
    expect(open.reminders.map((r) => r.uuid)).toEqual([overdue.uuid, today.uuid, later.uuid]);
    expect((await list(helena, `petUuid=${pet}&assignment=mine`)).reminders.map((r) => r.uuid)).toEqual([
      today.uuid,
    ]);
    expect((await list(omar, `petUuid=${pet}&assignment=mine`)).reminders.map((r) => r.uuid)).toEqual([
      overdue.uuid,
    ]);
    expect(
      (await list(helena, `petUuid=${pet}&assignment=unassigned&status=open`)).reminders.map((r) => r.uuid),
    ).toEqual([later.uuid]);
    expect(
      (await list(helena, `petUuid=${pet}&assigneeUuid=${omarId}`)).reminders.map((r) => r.uuid),
    ).toEqual([overdue.uuid]);
    const range = await list(helena, `petUuid=${pet}&dueFrom=${NOW - HOUR}&dueTo=${NOW + 24 * HOUR}`);
    expect(range.reminders.map((r) => r.uuid)).toEqual([today.uuid]);
    expect((await list(helena, 'search=pepper&status=open')).reminders.map((r) => r.title)).toEqual([
      'Overdue',
      'Today',
      'Later',
    ]);
    const paged = await list(helena, `petUuid=${pet}&pageSize=2&page=2`);
    expect(paged.reminders.map((r) => r.title)).toEqual(['Later', 'Done']);
    expect(paged.pagination.total).toBe(4);
  });

  it('shows a company vet only their company’s pets’ reminders; another’s is not found', async () => {
    const own = await createOk({
      petUuid: biscuit,
      title: 'Biscuit’s bandage',
      dueAt: { seconds: NOW },
      assigneeUuid: companyVetId,
    });
    const other = await createOk({ petUuid: otherCompanyPet, title: 'Otto', dueAt: { seconds: NOW } });
    const seen = await list(companyVet, 'pageSize=100');
    expect(seen.reminders.map((r) => r.uuid)).toEqual([own.uuid]);
    for (const [method, url] of [
      ['GET', `/v1/reminders/${other.uuid}`],
      ['POST', `/v1/reminders/${other.uuid}/complete`],
      ['POST', `/v1/reminders/${other.uuid}/reopen`],
    ] as const) {
      const response = await app.inject({ method, url, cookies: companyVet });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('reminders.not_found');
    }
    const createForOther = await create(companyVet, {
      petUuid: otherCompanyPet,
      title: 'x',
      dueAt: { seconds: NOW },
    });
    expect(createForOther.json().code).toBe('reminders.pet_not_found');
    const mine = await app.inject({
      method: 'POST',
      url: `/v1/reminders/${own.uuid}/complete`,
      cookies: companyVet,
    });
    expect(mine.statusCode).toBe(200);
  });
});
