import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import type { VetRow } from '../../core/vets/index.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { pendingCards } from '../pending-cards/pending-cards.table.ts';
import { sendReminderDigests } from './reminders.digest.ts';
import { REMINDER_DIGEST_QUEUE } from './reminders.jobs.ts';
import { reminders } from './reminders.table.ts';

// Issue #47, point 6: a reminder on a product customer's pet stayed assigned to a vet turned into a
// partner, and the morning digest e-mailed that partner the pet's name.

const MORNING = '2026-03-10T08:00:00Z';
const clock = new TestClock();
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let app: TestApp;
let headCookies: Record<string, string>;
let head: VetRow;
let vera: VetRow;
let walt: VetRow;
let companySku: string;
const pets = { luna: '', biscuit: '' };
const ids = {
  lunaReminder: newId(),
  biscuitReminder: newId(),
  waltReminder: newId(),
  lunaCard: newId(),
  biscuitCard: newId(),
};

beforeAll(async () => {
  smtp = await startSmtpListener();
  clock.set(MORNING);
  app = await buildTestApp({ SMTP_URL: smtp.url }, clock);
  const db = app.database.db;
  head = await createTestVet(app, { kind: 'head', firstName: 'Hana' });
  headCookies = await loginAs(app, head.email);
  vera = await createTestVet(app, { firstName: 'Vera', lastName: 'Moved' });
  walt = await createTestVet(app, { firstName: 'Walt', lastName: 'Stays' });
  companySku = (await createCompany(db)).sku;
  const { family } = await createFamily(db);
  pets.luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: companySku } });
  pets.biscuit = (await createPet(db, { familyId: b2b.family.id, name: 'Biscuit' })).id;
  const reminder = (id: string, petId: string, title: string, assigneeVetId: string) => ({
    id,
    petId,
    title,
    dueAt: new Date('2026-03-10T15:00:00Z'),
    assigneeVetId,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    updatedAt: new Date('2026-03-01T10:00:00Z'),
  });
  await db
    .insert(reminders)
    .values([
      reminder(ids.lunaReminder, pets.luna, 'Recheck the murmur', vera.id),
      reminder(ids.biscuitReminder, pets.biscuit, 'Weigh the dog', vera.id),
      reminder(ids.waltReminder, pets.luna, 'Call the owner', walt.id),
    ]);
  const card = (id: string, petId: string) => ({
    id,
    petId,
    concern: 'respiratory' as const,
    severity: 3,
    openedAt: new Date(MORNING),
    lastTriggerAt: new Date(MORNING),
    claimedByVetId: vera.id,
    claimedAt: new Date(MORNING),
  });
  await db.insert(pendingCards).values([card(ids.lunaCard, pets.luna), card(ids.biscuitCard, pets.biscuit)]);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const patchVet = (id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/v1/vets/${id}`, cookies: headCookies, payload });

async function assigneeOf(id: string) {
  const [row] = await app.database.db
    .select({ assignee: reminders.assigneeVetId })
    .from(reminders)
    .where(eq(reminders.id, id));
  return row?.assignee;
}

async function claimerOf(id: string) {
  const [row] = await app.database.db
    .select({ claimer: pendingCards.claimedByVetId, at: pendingCards.claimedAt })
    .from(pendingCards)
    .where(eq(pendingCards.id, id));
  return row;
}

const eventsOf = (entityIds: string[]) =>
  app.database.db
    .select({ type: domainEvents.type, entityId: domainEvents.entityId, companySku: domainEvents.companySku })
    .from(domainEvents)
    .where(inArray(domainEvents.entityId, entityIds));

describe('a vet whose kind or company changes', () => {
  it('keeps every assignment when the new kind sees as much (regular to head)', async () => {
    const response = await patchVet(walt.id, { kind: 'head' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await assigneeOf(ids.waltReminder)).toBe(walt.id);
    expect(await listAuditRows(app.database.db, { action: 'reminders.release' })).toEqual([]);
  });

  it('gives back, audited and announced, the reminders and cards about pets the new scope no longer covers', async () => {
    const response = await patchVet(vera.id, { kind: 'partner', companySku });
    expect(response.statusCode, response.body).toBe(200);

    // The product customer's pet: released.
    expect(await assigneeOf(ids.lunaReminder)).toBeNull();
    expect(await claimerOf(ids.lunaCard)).toEqual({ claimer: null, at: null });
    // The company's own pet, still in the partner's scope: kept. Another vet's reminder: untouched.
    expect(await assigneeOf(ids.biscuitReminder)).toBe(vera.id);
    expect((await claimerOf(ids.biscuitCard))?.claimer).toBe(vera.id);
    expect(await assigneeOf(ids.waltReminder)).toBe(walt.id);

    const released = await listAuditRows(app.database.db, { action: 'reminders.release' });
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      actorVetId: head.id,
      entity: 'reminder',
      entityId: ids.lunaReminder,
      changes: {
        before: { assigneeUuid: vera.id },
        after: { assigneeUuid: null },
        reason: 'assignee_out_of_scope',
      },
    });
    // The audit log stamps its rows with the database's time, not the app's clock.
    expect(released[0]?.at).toBeInstanceOf(Date);
    const unclaimed = await listAuditRows(app.database.db, { action: 'pending_cards.release' });
    expect(unclaimed).toHaveLength(1);
    expect(unclaimed[0]).toMatchObject({
      actorVetId: head.id,
      entity: 'pending_card',
      entityId: ids.lunaCard,
      changes: { before: { claimedBy: vera.id }, after: { claimedBy: null }, reason: 'claimer_out_of_scope' },
    });

    const events = await eventsOf(Object.values(ids));
    expect(events.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'pending_card.changed', entityId: ids.lunaCard, companySku: null },
      { type: 'reminder.changed', entityId: ids.lunaReminder, companySku: null },
    ]);
  });

  it('is not e-mailed a pet outside their scope, even when an assignment was written behind the API', async () => {
    const db = app.database.db;
    await db.update(reminders).set({ assigneeVetId: vera.id }).where(eq(reminders.id, ids.lunaReminder));
    // Overdue from yesterday, also out of scope: not counted either.
    await db.insert(reminders).values({
      id: newId(),
      petId: pets.luna,
      title: 'Yesterday’s call',
      dueAt: new Date('2026-03-09T15:00:00Z'),
      assigneeVetId: vera.id,
      createdAt: new Date('2026-03-01T10:00:00Z'),
      updatedAt: new Date('2026-03-01T10:00:00Z'),
    });
    // A disabled vet gets no digest, whatever is assigned to them.
    const gone = await createTestVet(app, { firstName: 'Gone', disabled: true });
    await db.insert(reminders).values({
      id: newId(),
      petId: pets.biscuit,
      title: 'For nobody now',
      dueAt: new Date('2026-03-10T16:00:00Z'),
      assigneeVetId: gone.id,
      createdAt: new Date('2026-03-01T10:00:00Z'),
      updatedAt: new Date('2026-03-01T10:00:00Z'),
    });

    const deps = { db, now: clock.now, mailer: app.mailer, config: app.config };
    expect(await sendReminderDigests(deps, systemActor(REMINDER_DIGEST_QUEUE))).toBe(2);
    await app.mailer.drain();

    const received = smtp.received.map((raw) => raw.replace(/=\r?\n/g, ''));
    const toVera = received.filter((raw) => raw.includes(`To: ${vera.email}`));
    expect(toVera).toHaveLength(1);
    expect(toVera[0]).toContain('Subject: 1 reminder due today');
    expect(toVera[0]).toContain('Biscuit');
    expect(toVera[0]).toContain('Weigh the dog');
    expect(toVera[0]).not.toContain('Luna');
    expect(toVera[0]).not.toContain('Recheck the murmur');
    expect(toVera[0]).not.toContain('overdue');
    // Walt (now head, sees everything) is still told about Luna; the disabled vet gets nothing.
    expect(received.filter((raw) => raw.includes(`To: ${walt.email}`))[0]).toContain('Luna');
    expect(received.some((raw) => raw.includes(`To: ${gone.email}`))).toBe(false);

    const digests = await listAuditRows(db, { action: 'reminders.digest_sent', entityId: vera.id });
    expect(digests[0]?.changes).toMatchObject({ after: { reminders: 1, overdue: 0 } });
    // The stale row itself is left alone by the digest: the send-time check only filters.
    expect(
      await db
        .select({ id: reminders.id })
        .from(reminders)
        .where(and(eq(reminders.id, ids.lunaReminder), eq(reminders.assigneeVetId, vera.id))),
    ).toHaveLength(1);
  });
});
