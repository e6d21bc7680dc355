import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { addReadings, reading } from '../../../../test/tracker-read-fixtures.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { auditLog } from '../../platform/audit/audit.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { journalEntries } from '../../records/journal/journal.table.ts';
import { pendingCards } from '../../records/pending-cards/pending-cards.table.ts';
import { weightEntries } from '../../records/trackers/trackers.weight.table.ts';
import { WEEKLY_REPORTS_QUEUE } from './weekly-reports.jobs.ts';
import { generateWeeklyReports, weekJustEnded } from './weekly-reports.service.ts';
import { weeklyReports } from './weekly-reports.table.ts';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const clock = new TestClock();
let regular: Record<string, string>;
let pawsureVet: Record<string, string>;
let regularVetId: string;
const pet = { luna: '', rex: '', quiet: '' };
const job = systemActor(WEEKLY_REPORTS_QUEUE);

const WEEK = '2026-W47'; // Monday 16 to Sunday 22 November 2026
const DAYS = ['16', '17', '18', '19', '20', '21', '22'];

beforeAll(async () => {
  smtp = await startSmtpListener();
  app = await buildTestApp({ SMTP_URL: smtp.url }, clock);
  clock.set('2026-11-25T10:00:00Z');
  const db = app.database.db;
  await createCompany(db, { sku: 'PAWSURE', name: 'Pawsure Insurance' });
  const lunaFamily = await createFamily(db, {
    owner: { email: 'maya@owners.test', firstName: 'Maya', timezone: 'Europe/London' },
  });
  pet.luna = (
    await createPet(db, { familyId: lunaFamily.family.id, name: 'Luna' }, { targetWeightKg: 28 })
  ).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: 'PAWSURE' } });
  pet.rex = (await createPet(db, { familyId: b2b.family.id, name: 'Rex' })).id;
  pet.quiet = (await createPet(db, { familyId: b2b.family.id, name: 'Quiet' })).id;

  // Luna sleeps calmer the week before, then her sleeping respiratory rate rises day after day.
  await addReadings(db, [
    ...['09', '10', '11', '12', '13', '14', '15'].flatMap((d) => [
      reading(pet.luna, 'respiratory_rate', `2026-11-${d}T02:00:00Z`, 20),
      reading(pet.luna, 'respiratory_rate', `2026-11-${d}T03:00:00Z`, 22),
    ]),
    ...DAYS.slice(0, 5).flatMap((d, i) => [
      reading(pet.luna, 'respiratory_rate', `2026-11-${d}T02:00:00Z`, 22 + i * 2),
      reading(pet.luna, 'respiratory_rate', `2026-11-${d}T03:00:00Z`, 24 + i * 2),
    ]),
    reading(pet.luna, 'shaking', '2026-11-17T12:00:00Z', 3),
    reading(pet.luna, 'shaking', '2026-11-17T18:00:00Z', 2),
    reading(pet.luna, 'shaking', '2026-11-19T12:00:00Z', 1),
    reading(pet.rex, 'heart_rate', '2026-11-18T12:00:00Z', 90, 'app'),
    // Outside the week: no report for Quiet.
    reading(pet.quiet, 'heart_rate', '2026-10-20T12:00:00Z', 80),
  ]);
  await db.insert(weightEntries).values([
    {
      id: newId(),
      petId: pet.luna,
      valueKg: 30,
      measuredAt: new Date('2026-11-10T09:00:00Z'),
      location: 'home',
      author: 'user',
    },
    {
      id: newId(),
      petId: pet.luna,
      valueKg: 29.4,
      measuredAt: new Date('2026-11-20T09:00:00Z'),
      location: 'home',
      author: 'user',
    },
  ]);
  await db.insert(pendingCards).values({
    id: newId(),
    petId: pet.luna,
    concern: 'respiratory',
    severity: 1,
    openedAt: new Date('2026-11-20T04:00:00Z'),
    lastTriggerAt: new Date('2026-11-20T04:00:00Z'),
  });
  await db.insert(journalEntries).values([
    {
      id: newId(),
      petId: pet.luna,
      category: 'coughing',
      severity: 2,
      occurredAt: new Date('2026-11-19T20:00:00Z'),
      receivedAt: new Date('2026-11-19T20:05:00Z'),
    },
    {
      id: newId(),
      petId: pet.luna,
      category: 'other',
      severity: 1,
      occurredAt: new Date('2026-11-24T20:00:00Z'),
      receivedAt: new Date('2026-11-24T20:05:00Z'),
    },
  ]);

  const regularVet = await createTestVet(app, { kind: 'regular', firstName: 'Rita', lastName: 'Regular' });
  regularVetId = regularVet.id;
  regular = await loginAs(app, regularVet.email);
  pawsureVet = await loginAs(app, (await createTestVet(app, { kind: 'b2b', companySku: 'PAWSURE' })).email);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const deps = () => ({ db: app.database.db, now: clock.now });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookies = regular, payload?: object) =>
  app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

async function reportOf(petId: string, week = WEEK) {
  const [row] = await app.database.db
    .select()
    .from(weeklyReports)
    .where(and(eq(weeklyReports.petId, petId), eq(weeklyReports.week, week)));
  return row;
}

/** The figures straight from the daily rollups, as a plain aggregate would give them. */
async function rollupFigures(petId: string, kind: string, from: string, to: string) {
  const [row] = rowsOf<{ avg: number; min: number; max: number; days: number }>(
    await app.database.db.execute(sql`
      select sum(sum)::float8 / sum(count) as avg, min(min)::float8 as min, max(max)::float8 as max,
             count(*)::int as days
      from tracker_rollups_daily
      where pet_id = ${petId} and kind = ${kind}::reading_kind
        and local_date between ${from}::date and ${to}::date`),
  );
  return row;
}

async function rowCounts() {
  const db = app.database.db;
  const [reports] = await db.select({ n: count() }).from(weeklyReports);
  const [emails] = await db.select({ n: count() }).from(emailOutbox);
  return { reports: reports?.n, emails: emails?.n };
}

describe('weekly reports', () => {
  it('generate one draft per monitored pet, with figures that match the rollups', async () => {
    expect(weekJustEnded(new Date('2026-11-23T12:00:00Z'))).toBe(WEEK);
    const result = await generateWeeklyReports(deps(), job, WEEK);
    expect(result).toEqual({ week: WEEK, generated: 2, existing: 0 });
    expect(await reportOf(pet.quiet)).toBeUndefined();

    const luna = await reportOf(pet.luna);
    expect(luna?.status).toBe('draft');
    const content = luna?.content;
    const respiratory = content?.trackers.find((t) => t.kind === 'respiratory_rate');
    const now = await rollupFigures(pet.luna, 'respiratory_rate', '2026-11-16', '2026-11-22');
    const before = await rollupFigures(pet.luna, 'respiratory_rate', '2026-11-09', '2026-11-15');
    expect(respiratory).toMatchObject({
      average: Math.round((now?.avg ?? 0) * 100) / 100,
      min: now?.min,
      max: now?.max,
      previousAverage: before?.avg,
      daysWithData: now?.days,
    });
    expect(respiratory).toMatchObject({
      average: 27,
      min: 22,
      max: 32,
      previousAverage: 21,
      daysWithData: 5,
    });
    expect(respiratory?.changePercent).toBe(Math.round(((27 - 21) / 21) * 1000) / 10);
    expect(respiratory?.daily.map((d) => d.value)).toEqual([23, 25, 27, 29, 31, null, null]);
    // Counts are daily totals: 5 episodes on the 17th, 1 on the 19th.
    expect(content?.trackers.find((t) => t.kind === 'shaking')).toMatchObject({
      average: 3,
      min: 1,
      max: 5,
      daysWithData: 2,
      changePercent: null,
    });
    expect(content?.weight).toEqual({
      latestKg: 29.4,
      previousKg: 30,
      targetKg: 28,
      changeKg: -0.6,
      trend: 'towards_target',
    });
    expect(content?.pendingCards).toMatchObject([{ concern: 'respiratory', status: 'open' }]);
    expect(content?.journal.count).toBe(1);
    expect(content?.journal.entries[0]?.category).toBe('coughing');
    expect(content?.checkups.count).toBe(0);
    expect(content?.dietPlan).toBeNull();
    expect(luna?.openCardCount).toBe(1);
    expect((await reportOf(pet.rex))?.companySku).toBe('PAWSURE');
  });

  it('change nothing when generated again, and write each report once when two runs race', async () => {
    const before = await reportOf(pet.luna);
    await call('PUT', `/v1/weekly-reports/${before?.id}/comment`, regular, { vetComment: 'Kept.' });
    const again = await generateWeeklyReports(deps(), job, WEEK);
    expect(again).toEqual({ week: WEEK, generated: 0, existing: 2 });
    const after = await reportOf(pet.luna);
    expect(after?.id).toBe(before?.id);
    expect(after?.content).toEqual(before?.content);
    expect(after?.vetComment).toBe('Kept.');

    const racing = await Promise.all([
      generateWeeklyReports(deps(), job, '2026-W46'),
      generateWeeklyReports(deps(), job, '2026-W46'),
    ]);
    expect(racing[0].generated + racing[1].generated).toBe(1);
    const [w46] = await app.database.db
      .select({ n: count() })
      .from(weeklyReports)
      .where(eq(weeklyReports.week, '2026-W46'));
    expect(w46?.n).toBe(1);
  });

  it('run as a scheduled job on Mondays, which generates the week it is given', async () => {
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules.find((s) => s.name === WEEKLY_REPORTS_QUEUE)?.cron).toBe('0 12 * * 1');
    await addReadings(app.database.db, [reading(pet.rex, 'heart_rate', '2026-11-04T12:00:00Z', 88)]);
    await app.jobs.send(app.database.db, WEEKLY_REPORTS_QUEUE, { week: '2026-W45' });
    app.jobs.wake(WEEKLY_REPORTS_QUEUE);
    const deadline = Date.now() + 15_000;
    while (!(await reportOf(pet.rex, '2026-W45')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await reportOf(pet.rex, '2026-W45'))?.status).toBe('draft');
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'weekly_reports.generate'), eq(auditLog.entityId, '2026-W45')));
    expect(audits).toHaveLength(1);
  });

  it('list drafts first and the most concerning first, filtered, within the vet’s company', async () => {
    const list = await call('GET', `/v1/weekly-reports?week=${WEEK}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().weeklyReports.map((r: { pet: { name: string } }) => r.pet.name)).toEqual([
      'Luna',
      'Rex',
    ]);
    expect(list.json().weeklyReports[0]).toMatchObject({ status: 'draft', openCardCount: 1 });
    expect(list.json().counts).toEqual({ draft: 2, reviewed: 0, sent: 0 });
    const company = await call('GET', '/v1/weekly-reports?company=PAWSURE');
    expect(company.json().weeklyReports.map((r: { week: string }) => r.week)).toEqual([WEEK, '2026-W45']);
    const searched = await call('GET', '/v1/weekly-reports?search=lun');
    expect(searched.json().weeklyReports.map((r: { week: string }) => r.week)).toEqual([WEEK, '2026-W46']);

    const b2bList = await call('GET', '/v1/weekly-reports', pawsureVet);
    expect(b2bList.json().weeklyReports.map((r: { pet: { name: string } }) => r.pet.name)).toEqual([
      'Rex',
      'Rex',
    ]);
    const luna = await reportOf(pet.luna);
    expect((await call('GET', `/v1/weekly-reports/${luna?.id}`, pawsureVet)).statusCode).toBe(404);
    expect((await call('GET', `/v1/pets/${pet.luna}/weekly-reports`, pawsureVet)).statusCode).toBe(404);

    const filtered = await call('GET', `/v1/weekly-reports?petUuid=${pet.luna}`);
    expect(filtered.json().weeklyReports.map((r: { week: string }) => r.week)).toEqual([WEEK, '2026-W46']);
    const ofPet = await call('GET', `/v1/pets/${pet.luna}/weekly-reports`);
    expect(ofPet.json().weeklyReports.map((r: { week: string }) => r.week)).toEqual([WEEK, '2026-W46']);
  });

  it('refuse bad input and wrong steps, writing nothing', async () => {
    const luna = await reportOf(pet.luna);
    const before = await rowCounts();
    expect((await call('GET', '/v1/weekly-reports?week=2026-W60')).statusCode).toBe(400);
    expect((await call('GET', '/v1/weekly-reports?week=last-week')).statusCode).toBe(400);
    expect((await call('GET', '/v1/weekly-reports?status=archived')).statusCode).toBe(400);
    const long = await call('PUT', `/v1/weekly-reports/${luna?.id}/comment`, regular, {
      vetComment: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await call('PUT', `/v1/weekly-reports/${luna?.id}/comment`, regular, { comment: 'a' })).statusCode,
    ).toBe(400);
    expect((await call('POST', `/v1/weekly-reports/${newId()}/review`)).statusCode).toBe(404);
    expect((await call('POST', '/v1/weekly-reports/not-a-uuid/review')).statusCode).toBe(400);
    const early = await call('POST', `/v1/weekly-reports/${luna?.id}/send`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('weekly_reports.not_reviewed');
    expect(await rowCounts()).toEqual(before);
    expect((await reportOf(pet.luna))?.vetComment).toBe('Kept.');
    expect((await reportOf(pet.luna))?.status).toBe('draft');
  });

  it('take a comment with the pet’s name, a review and a send: the owner gets the report and its PDF', async () => {
    const id = (await reportOf(pet.luna))?.id;
    const commented = await call('PUT', `/v1/weekly-reports/${id}/comment`, regular, {
      vetComment: '  {{PET_NAME}} breathes faster asleep: please count her breaths tonight.  ',
    });
    expect(commented.statusCode).toBe(200);
    expect(commented.json().weeklyReport).toMatchObject({
      vetComment: '{{PET_NAME}} breathes faster asleep: please count her breaths tonight.',
      vetCommentShown: 'Luna breathes faster asleep: please count her breaths tonight.',
      canReview: true,
      canSend: false,
    });
    const reviewed = await call('POST', `/v1/weekly-reports/${id}/review`);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().weeklyReport).toMatchObject({
      status: 'reviewed',
      reviewedBy: { uuid: regularVetId, name: 'Rita Regular' },
      canSend: true,
    });
    expect((await call('POST', `/v1/weekly-reports/${id}/review`)).json().code).toBe(
      'weekly_reports.not_a_draft',
    );

    smtp.state.received.length = 0;
    const sent = await call('POST', `/v1/weekly-reports/${id}/send`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().email).toMatchObject({
      to: 'maya@owners.test',
      subject: 'Luna’s weekly report: 16–22 November 2026',
    });
    expect(sent.json().weeklyReport).toMatchObject({ status: 'sent', sentBy: { name: 'Rita Regular' } });
    await app.mailer.drain();
    expect(smtp.state.received).toHaveLength(1);
    const message = smtp.state.received[0] ?? '';
    expect(message).toContain('To: maya@owners.test');
    expect(message).toContain('multipart/mixed');
    expect(message).toContain('text/html');
    expect(message).toMatch(/Content-Type: application\/pdf; name=Luna-weekly-report-2026-W47\.pdf/);
    const pdf =
      /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(message)?.[1] ?? '';
    expect(Buffer.from(pdf.replace(/\s/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const flat = message.replace(/=\r\n/g, '');
    expect(flat).toContain('Luna breathes faster asleep');
    expect(flat).toContain('Sleeping respiratory rate');

    const refused = await call('PUT', `/v1/weekly-reports/${id}/comment`, regular, { vetComment: 'Later' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('weekly_reports.sent_read_only');
    expect((await call('POST', `/v1/weekly-reports/${id}/send`)).statusCode).toBe(409);
    const actions = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id ?? ''));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'weekly_reports.comment',
      'weekly_reports.comment',
      'weekly_reports.review',
      'weekly_reports.send',
    ]);
  });
});
