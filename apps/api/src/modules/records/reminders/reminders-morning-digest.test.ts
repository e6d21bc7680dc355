import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { type DigestDeps, sendReminderDigests } from './reminders.digest.ts';
import { REMINDER_DIGEST_QUEUE } from './reminders.jobs.ts';
import { reminders } from './reminders.table.ts';

const context = useTestApp();
let app: TestApp;
let deps: DigestDeps;
const vets: Record<'ana' | 'ben' | 'cal' | 'dee', { id: string; email: string }> = {} as never;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  deps = { db, now: app.clock.now, mailer: app.mailer, config: app.config };
  for (const name of ['ana', 'ben', 'cal', 'dee'] as const) {
    const vet = await createTestVet(app, {
      firstName: name[0]?.toUpperCase() + name.slice(1),
      lastName: 'Digest',
    });
    vets[name] = { id: vet.id, email: vet.email };
  }
  const { family } = await createFamily(db);
  const luna = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const milo = (await createPet(db, { familyId: family.id, name: 'Milo' })).id;
  const row = (
    petId: string,
    title: string,
    dueAt: string,
    assignee: string | null,
    status: 'open' | 'done' = 'open',
  ) => ({
    id: newId(),
    petId,
    title,
    dueAt: at(dueAt),
    assigneeVetId: assignee,
    status,
    createdAt: at('2026-03-01T10:00:00Z'),
    updatedAt: at('2026-03-01T10:00:00Z'),
  });
  await db
    .insert(reminders)
    .values([
      row(luna, 'Check Luna’s rate', '2026-03-10T09:30:00Z', vets.ana.id),
      row(milo, 'Weigh Milo', '2026-03-10T17:00:00Z', vets.ana.id),
      row(milo, 'Call about Milo’s diet', '2026-03-09T12:00:00Z', vets.ana.id),
      row(luna, 'Luna’s bloods', '2026-03-10T23:59:00Z', vets.ben.id),
      row(luna, 'Tomorrow only', '2026-03-11T08:00:00Z', vets.cal.id),
      row(luna, 'Already done', '2026-03-10T10:00:00Z', vets.dee.id, 'done'),
      row(milo, 'Nobody’s', '2026-03-10T10:00:00Z', null),
    ]);
});

function mailsTo(emails: string[]) {
  return app.database.db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(inArray(emailOutbox.to, emails));
}

describe('the morning reminders digest', () => {
  it('is scheduled every day at 08:00 UTC', async () => {
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === REMINDER_DIGEST_QUEUE)).toMatchObject({
      cron: '0 8 * * *',
      timezone: 'UTC',
    });
  });

  it('sends each vet with open reminders due today one e-mail, even when two instances run it at once', async () => {
    context.clock.set('2026-03-10T08:00:00Z');
    const actor = systemActor(REMINDER_DIGEST_QUEUE);
    const runs = await Promise.all([sendReminderDigests(deps, actor), sendReminderDigests(deps, actor)]);
    expect(runs[0] + runs[1]).toBe(2);
    const everyone = Object.values(vets).map((vet) => vet.email);
    const mails = await mailsTo(everyone);
    expect(mails.map((mail) => mail.to).sort()).toEqual([vets.ana.email, vets.ben.email].sort());

    const ana = mails.find((mail) => mail.to === vets.ana.email);
    expect(ana?.subject).toBe('2 reminders due today');
    expect(ana?.text).toContain('Good morning Ana,');
    expect(ana?.text).toContain('Check Luna’s rate');
    expect(ana?.text).toContain('09:30 UTC');
    expect(ana?.text).toContain('Weigh Milo');
    expect(ana?.text).not.toContain('Call about Milo’s diet');
    expect(ana?.text).toContain('1 more is overdue from earlier days.');
    expect(ana?.text).toContain('/reminders?assignment=mine');
    expect(mails.find((mail) => mail.to === vets.ben.email)?.subject).toBe('1 reminder due today');

    // A retry later the same day sends nothing more; the next morning is a new digest.
    expect(await sendReminderDigests(deps, actor)).toBe(0);
    context.clock.set('2026-03-11T08:00:00Z');
    expect(await sendReminderDigests(deps, actor)).toBe(1);
    expect((await mailsTo([vets.cal.email])).map((mail) => mail.subject)).toEqual(['1 reminder due today']);
    context.clock.reset();
    // The outbox's sending jobs finish before the app closes its pool.
    await app.mailer.drain();
  });
});
