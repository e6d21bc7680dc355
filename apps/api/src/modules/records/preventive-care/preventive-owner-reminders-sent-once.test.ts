import type { PreventiveCareResponse } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { systemActor } from '../../../policy/actor.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { PREVENTIVE_DAILY_QUEUE, runPreventiveCareDaily } from './preventive-care.jobs.ts';
import { preventiveOwnerReminders } from './preventive-care.table.ts';

// 10 March 2026, 06:00 UTC. Biscuit, born 1 Jan 2026: deworming (15 Jan), flea/tick and heartworm
// (26 Feb, 7 grace days) overdue; DHPP and kennel cough due since 26 Feb (overdue from 13 Mar, 14 grace
// days); leptospirosis and rabies due 26 Mar, 16 days away: past the 14 days' notice tomorrow only.
const MORNING = '2026-03-10T06:00:00Z';
const clock = new TestClock();
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let app: TestApp;
let helena: Record<string, string>;
const pets = { biscuit: '', otto: '' };
let ownerEmail = '';

const actor = systemActor(PREVENTIVE_DAILY_QUEUE);
const deps = () => ({ db: app.database.db, now: clock.now, mailer: app.mailer, config: app.config });

const decoded = () => smtp.received.map((raw) => raw.replace(/=\r?\n/g, '').replace(/=E2=80=99/g, '’'));

beforeAll(async () => {
  smtp = await startSmtpListener();
  clock.set(MORNING);
  app = await buildTestApp({ SMTP_URL: smtp.url }, clock);
  const db = app.database.db;
  helena = await loginAs(app, (await createTestVet(app, { firstName: 'Helena' })).email);
  const ana = await createFamily(db, { owner: { firstName: 'Ana', lastName: 'Lopez' } });
  ownerEmail = ana.owner.email;
  pets.biscuit = (
    await createPet(db, { familyId: ana.family.id, name: 'Biscuit', birthDate: '2026-01-01' })
  ).id;
  // Otto's owner asked for no reminder e-mails: the same schedule, never a mail.
  const bo = await createFamily(db, { owner: { firstName: 'Bo', reminderEmailsOptOut: true } });
  pets.otto = (await createPet(db, { familyId: bo.family.id, name: 'Otto', birthDate: '2026-01-01' })).id;
  // Heartworm does not apply to Biscuit: never reminded of it.
  const mark = await app.inject({
    method: 'POST',
    url: `/v1/pets/${pets.biscuit}/preventive-care/not-applicable`,
    cookies: helena,
    payload: { itemCode: 'dog.heartworm', reason: 'No heartworm in the region' },
  });
  expect(mark.statusCode, mark.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('owner reminders of preventive care', () => {
  it('is a daily job at 06:00 UTC', async () => {
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === PREVENTIVE_DAILY_QUEUE)).toMatchObject({
      cron: '0 6 * * *',
      timezone: 'UTC',
    });
  });

  it('e-mails the owner once before and once when overdue, even when two instances run at once', async () => {
    const runs = await Promise.all([
      runPreventiveCareDaily(deps(), actor),
      runPreventiveCareDaily(deps(), actor),
    ]);
    // Biscuit's overdue items in one mail, its items due before they are overdue in another.
    expect(runs[0] + runs[1]).toBe(2);
    expect(await runPreventiveCareDaily(deps(), actor)).toBe(0);
    await app.mailer.drain();

    const mails = decoded();
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.includes(`To: ${ownerEmail}`))).toBe(true);
    const overdue = mails.find((mail) => mail.includes('Subject: Biscuit is overdue for care'));
    expect(overdue).toContain('Hello Ana,');
    expect(overdue).toContain(
      'Biscuit was due for the Deworming (intestinal worms) treatment on 15/01/2026.',
    );
    expect(overdue).toContain('Biscuit was due for the Flea and tick treatment on 26/02/2026.');
    expect(overdue).not.toContain('Heartworm');
    const before = mails.find((mail) => mail.includes('Subject: Biscuit has care due soon'));
    expect(before).toContain(
      'the DHPP (distemper, hepatitis, parvovirus, parainfluenza) vaccination on 26/02/2026',
    );
    expect(before).not.toContain('Rabies');

    const rows = await app.database.db
      .select()
      .from(preventiveOwnerReminders)
      .where(eq(preventiveOwnerReminders.petId, pets.otto));
    expect(rows).toEqual([]);
    const audit = await listAuditRows(app.database.db, { entityId: pets.biscuit });
    expect(audit.filter((row) => row.action === 'preventive_care.owner_reminded')).toHaveLength(2);
  });

  it('sends the next ones on the days they become owed, and never again the same', async () => {
    smtp.received.length = 0;
    // 12 March: rabies and leptospirosis (26 Mar) are 14 days away, the notice's first day.
    clock.set('2026-03-12T06:00:00Z');
    expect(await runPreventiveCareDaily(deps(), actor)).toBe(1);
    // 13 March: DHPP and kennel cough are overdue now, a second mail about them.
    clock.set('2026-03-13T06:00:00Z');
    expect(await runPreventiveCareDaily(deps(), actor)).toBe(1);
    expect(await runPreventiveCareDaily(deps(), actor)).toBe(0);
    await app.mailer.drain();
    const mails = decoded();
    expect(mails.find((mail) => mail.includes('has care due soon'))).toContain(
      'Rabies vaccination on 26/03/2026',
    );
    expect(mails.find((mail) => mail.includes('is overdue for care'))).toContain(
      'the DHPP (distemper, hepatitis, parvovirus, parainfluenza) vaccination on 26/02/2026',
    );
  });

  it('shows each reminder in the pet’s timeline and in the item’s history', async () => {
    helena = await loginAs(app, (await createTestVet(app, { firstName: 'Hugo' })).email);
    const timeline = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pets.biscuit}/timeline?kind=preventive.owner_reminded&limit=100`,
      cookies: helena,
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const titles = (timeline.json().items as Array<{ title: string }>).map((item) => item.title);
    expect(titles).toContain('Owner reminded: Deworming (intestinal worms) overdue since 15/01/2026');
    expect(titles).toContain('Owner reminded: Rabies due 26/03/2026');

    const schedule = await app.inject({
      method: 'GET',
      url: `/v1/pets/${pets.biscuit}/preventive-care`,
      cookies: helena,
    });
    const dhpp = (schedule.json() as PreventiveCareResponse).items.find((item) => item.code === 'dog.dhpp');
    expect(dhpp?.ownerReminders.map((reminder) => [reminder.kind, reminder.sentTo])).toEqual([
      ['overdue', ownerEmail],
      ['before_due', ownerEmail],
    ]);
  });
});
