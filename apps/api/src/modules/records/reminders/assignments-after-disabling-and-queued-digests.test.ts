import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import type { VetRow } from '../../core/vets/index.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { JOBS_SCHEMA } from '../../platform/jobs/index.ts';
import { listEmailsTo } from '../../platform/mail/mail.repository.ts';
import { pendingCards } from '../pending-cards/pending-cards.table.ts';
import { sendReminderDigests } from './reminders.digest.ts';
import { REMINDER_DIGEST_QUEUE } from './reminders.jobs.ts';
import { reminders } from './reminders.table.ts';

// Issue #47, point 6, what the release on a change of kind or company left out: a disabled vet kept
// their assignments, and a digest already in the outbox when the vet's scope changed still went out.

const MORNING = '2026-03-10T08:00:00Z';
const clock = new TestClock();
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let app: TestApp;
let headCookies: Record<string, string>;
let head: VetRow;
let companySku: string;
const pets = { luna: '', biscuit: '' };

beforeAll(async () => {
  smtp = await startSmtpListener();
  clock.set(MORNING);
  app = await buildTestApp({ SMTP_URL: smtp.url }, clock);
  const db = app.database.db;
  head = await createTestVet(app, { kind: 'head', firstName: 'Hana' });
  headCookies = await loginAs(app, head.email);
  companySku = (await createCompany(db)).sku;
  const { family } = await createFamily(db);
  pets.luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: companySku } });
  pets.biscuit = (await createPet(db, { familyId: b2b.family.id, name: 'Biscuit' })).id;
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const patchVet = (id: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/v1/vets/${id}`, cookies: headCookies, payload });

async function assignReminder(petId: string, title: string, assigneeVetId: string) {
  const id = newId();
  await app.database.db.insert(reminders).values({
    id,
    petId,
    title,
    dueAt: new Date('2026-03-10T15:00:00Z'),
    assigneeVetId,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    updatedAt: new Date('2026-03-01T10:00:00Z'),
  });
  return id;
}

async function claimCard(petId: string, vetId: string) {
  const id = newId();
  await app.database.db.insert(pendingCards).values({
    id,
    petId,
    concern: 'respiratory',
    severity: 3,
    openedAt: new Date(MORNING),
    lastTriggerAt: new Date(MORNING),
    claimedByVetId: vetId,
    claimedAt: new Date(MORNING),
  });
  return id;
}

async function assigneeOf(id: string) {
  const [row] = await app.database.db
    .select({ assignee: reminders.assigneeVetId })
    .from(reminders)
    .where(eq(reminders.id, id));
  return row?.assignee;
}

async function claimerOf(id: string) {
  const [row] = await app.database.db
    .select({ claimer: pendingCards.claimedByVetId })
    .from(pendingCards)
    .where(eq(pendingCards.id, id));
  return row?.claimer;
}

describe('a vet a head vet disables', () => {
  it('gives back every open reminder and claimed card, audited as the head vet’s', async () => {
    const dora = await createTestVet(app, { firstName: 'Dora', lastName: 'Leaving' });
    const reminderIds = [
      await assignReminder(pets.luna, 'Recheck the murmur', dora.id),
      await assignReminder(pets.biscuit, 'Weigh the dog', dora.id),
    ];
    const cardId = await claimCard(pets.luna, dora.id);

    const response = await patchVet(dora.id, { disabled: true });
    expect(response.statusCode, response.body).toBe(200);

    for (const id of reminderIds) expect(await assigneeOf(id)).toBeNull();
    expect(await claimerOf(cardId)).toBeNull();
    const released = (await listAuditRows(app.database.db, { action: 'reminders.release' })).filter((row) =>
      reminderIds.includes(row.entityId ?? ''),
    );
    expect(released).toHaveLength(2);
    for (const row of released) {
      expect(row).toMatchObject({
        actorVetId: head.id,
        changes: {
          before: { assigneeUuid: dora.id },
          after: { assigneeUuid: null },
          reason: 'assignee_disabled',
        },
      });
    }
    const unclaimed = await listAuditRows(app.database.db, {
      action: 'pending_cards.release',
      entityId: cardId,
    });
    expect(unclaimed).toHaveLength(1);
    expect(unclaimed[0]).toMatchObject({ actorVetId: head.id, changes: { reason: 'claimer_disabled' } });
  });
});

describe('a digest waiting in the outbox when its vet’s scope changes', () => {
  async function queueDigestThatWaits(vet: VetRow) {
    // The SMTP server says "try later" once: the digest waits in the outbox for its retry.
    smtp.state.refusals = 1;
    const deps = { db: app.database.db, now: clock.now, mailer: app.mailer, config: app.config };
    expect(await sendReminderDigests(deps, systemActor(REMINDER_DIGEST_QUEUE))).toBe(1);
    await app.mailer.drain();
    const [mail] = await listEmailsTo(app.database.db, vet.email);
    expect(mail).toMatchObject({ status: 'queued', attempts: 1 });
    return mail?.id ?? '';
  }

  async function retryNow(emailId: string) {
    await app.database.db.execute(sql`
      update ${sql.raw(JOBS_SCHEMA)}.job set start_after = now()
      where name = 'mail.send' and data->>'emailId' = ${emailId} and state = 'retry'`);
    await app.mailer.drain();
  }

  const receivedBy = (vet: VetRow) =>
    smtp.received.map((raw) => raw.replace(/=\r?\n/g, '')).filter((raw) => raw.includes(`To: ${vet.email}`));

  it('is not delivered once a pet it names is out of the new scope, and the withdrawal is audited', async () => {
    const vera = await createTestVet(app, { firstName: 'Vera', lastName: 'Moved' });
    await assignReminder(pets.luna, 'Listen to the heart', vera.id);
    const emailId = await queueDigestThatWaits(vera);
    // Between the queueing and the retry: Vera becomes a partner of the company, Luna's is not hers.
    expect((await patchVet(vera.id, { kind: 'partner', companySku })).statusCode).toBe(200);
    await retryNow(emailId);

    expect(receivedBy(vera)).toEqual([]);
    const [mail] = await listEmailsTo(app.database.db, vera.email);
    expect(mail).toMatchObject({ status: 'failed', sentAt: null });
    expect(mail?.lastError).toMatch(/withdrawn/i);
    const withdrawn = await listAuditRows(app.database.db, { action: 'mail.withdrawn', entityId: emailId });
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({ entity: 'email', changes: { recipientVetUuid: vera.id } });
  });

  it('is not delivered to a vet disabled meanwhile', async () => {
    const nils = await createTestVet(app, { firstName: 'Nils', lastName: 'Gone' });
    await assignReminder(pets.biscuit, 'Trim the claws', nils.id);
    const emailId = await queueDigestThatWaits(nils);
    expect((await patchVet(nils.id, { disabled: true })).statusCode).toBe(200);
    await retryNow(emailId);
    expect(receivedBy(nils)).toEqual([]);
    expect((await listEmailsTo(app.database.db, nils.email))[0]?.status).toBe('failed');
  });

  it('still goes out when the vet can still see every pet it names', async () => {
    const walt = await createTestVet(app, { firstName: 'Walt', lastName: 'Promoted' });
    await assignReminder(pets.luna, 'Call the owner', walt.id);
    const emailId = await queueDigestThatWaits(walt);
    expect((await patchVet(walt.id, { kind: 'head' })).statusCode).toBe(200);
    await retryNow(emailId);
    const received = receivedBy(walt);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Luna');
    expect((await listEmailsTo(app.database.db, walt.email))[0]?.status).toBe('sent');
  });
});
