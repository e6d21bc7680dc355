import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { startSmtpListener } from '../../../../test/smtp-listener.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { newId } from '../../../lib/ids.ts';
import { auditLog } from '../../platform/audit/audit.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { trackerReadings } from '../trackers/trackers.table.ts';
import { companyEmails, dailyStatuses } from './b2b.table.ts';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const clock = new TestClock();
let head: Record<string, string>;
let regular: Record<string, string>;
let pawsureVet: Record<string, string>;
let tailsVet: Record<string, string>;
let regularVetId: string;
const pet: Record<'biscuit' | 'bean' | 'rex' | 'other' | 'direct', string> = {
  biscuit: '',
  bean: '',
  rex: '',
  other: '',
  direct: '',
};

const TODAY = { year: 2026, month: 11, day: 25 };

beforeAll(async () => {
  smtp = await startSmtpListener();
  app = await buildTestApp({ SMTP_URL: smtp.url }, clock);
  clock.set('2026-11-25T10:00:00Z');
  const db = app.database.db;
  await createCompany(db, {
    sku: 'PAWSURE',
    name: 'Pawsure Insurance',
    dailyStatusEmails: ['care@pawsure.test', 'claims@pawsure.test'],
    urgentReportEmails: ['urgent@pawsure.test'],
  });
  await createCompany(db, { sku: 'TAILS', name: 'Happy Tails Kennels', kind: 'kennel' });
  const family = await createFamily(db, {
    familyKind: 'b2b',
    owner: { b2bCode: 'PAWSURE', firstName: 'Tom', lastName: 'Becker' },
  });
  pet.biscuit = (await createPet(db, { familyId: family.family.id, name: 'Biscuit' })).id;
  pet.bean = (await createPet(db, { familyId: family.family.id, name: 'Bean', species: 'cat' })).id;
  const second = await createFamily(db, {
    familyKind: 'b2b',
    owner: { b2bCode: 'PAWSURE', lastName: 'Stone' },
  });
  pet.rex = (await createPet(db, { familyId: second.family.id, name: 'Rex' })).id;
  const tails = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: 'TAILS' } });
  pet.other = (await createPet(db, { familyId: tails.family.id, name: 'Otto' })).id;
  const direct = await createFamily(db, { familyKind: 'paid' });
  pet.direct = (await createPet(db, { familyId: direct.family.id, name: 'Direct' })).id;

  const headVet = await createTestVet(app, { kind: 'head', firstName: 'Hana', lastName: 'Head' });
  head = await loginAs(app, headVet.email);
  const regularVet = await createTestVet(app, { kind: 'regular', firstName: 'Rita', lastName: 'Regular' });
  regularVetId = regularVet.id;
  regular = await loginAs(app, regularVet.email);
  pawsureVet = await loginAs(app, (await createTestVet(app, { kind: 'b2b', companySku: 'PAWSURE' })).email);
  tailsVet = await loginAs(app, (await createTestVet(app, { kind: 'partner', companySku: 'TAILS' })).email);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookies: Record<string, string>,
  payload?: object,
) {
  return app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
}

const write = (petUuid: string, dailyStatus: string, cookies = regular, date: object = TODAY) =>
  call('POST', '/v1/b2b/daily-status', cookies, { petUuid, date, dailyStatus });

async function statusRows() {
  const [row] = await app.database.db.select({ n: count() }).from(dailyStatuses);
  return row?.n ?? 0;
}

describe('daily statuses of a B2B company’s pets', () => {
  it('lists the company’s pets by name with today’s status, filtered written or missing, and searched', async () => {
    const created = await write(pet.biscuit, '  Ate well, long walk, no scratching.  ');
    expect(created.statusCode).toBe(201);
    const status = created.json().dailyStatus;
    expect(status).toMatchObject({
      petUuid: pet.biscuit,
      petName: 'Biscuit',
      companySku: 'PAWSURE',
      date: TODAY,
      dailyStatus: 'Ate well, long walk, no scratching.',
      author: { name: 'Rita Regular' },
      edits: [],
      updatedAt: null,
    });

    const all = await call('GET', '/v1/b2b/pets?sku=PAWSURE&date=2026-11-25', regular);
    expect(all.statusCode).toBe(200);
    expect(all.json().pets.map((p: { name: string }) => p.name)).toEqual(['Bean', 'Biscuit', 'Rex']);
    expect(all.json().counts).toEqual({ pets: 3, written: 1, missing: 2 });
    expect(all.json().pets[1].dailyStatus.uuid).toBe(status.uuid);
    expect(all.json().pets[1].ownerName).toBe('Tom Becker');

    const missing = await call('GET', '/v1/b2b/pets?sku=PAWSURE&date=2026-11-25&status=missing', regular);
    expect(missing.json().pets.map((p: { name: string }) => p.name)).toEqual(['Bean', 'Rex']);
    const written = await call('GET', '/v1/b2b/pets?sku=PAWSURE&status=written', regular);
    expect(written.json().pets.map((p: { name: string }) => p.name)).toEqual(['Biscuit']);
    expect(written.json().date).toEqual(TODAY);
    const searched = await call('GET', '/v1/b2b/pets?sku=PAWSURE&search=stone', regular);
    expect(searched.json().pets.map((p: { name: string }) => p.name)).toEqual(['Rex']);
    const yesterday = await call('GET', '/v1/b2b/pets?sku=PAWSURE&date=2026-11-24', regular);
    expect(yesterday.json().counts).toEqual({ pets: 3, written: 0, missing: 3 });

    const company = await call('GET', '/v1/companies/PAWSURE', regular);
    expect(company.json().company).toMatchObject({ sku: 'PAWSURE', petsCount: 3 });
    const companies = await call('GET', '/v1/b2b/companies?date=2026-11-25', regular);
    expect(companies.json().companies).toEqual([
      expect.objectContaining({ sku: 'TAILS', petsCount: 1, writtenCount: 0, lastDailyEmail: null }),
      expect.objectContaining({ sku: 'PAWSURE', petsCount: 3, writtenCount: 1 }),
    ]);
  });

  it('refuses a second status for the same pet and day with 409 naming the existing one', async () => {
    const before = await statusRows();
    const again = await write(pet.biscuit, 'Another text');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('b2b.daily_status_exists');
    const existing = (await call('GET', `/v1/b2b/daily-status?petUuid=${pet.biscuit}`, regular)).json()
      .dailyStatuses[0];
    expect(again.json().error).toContain(existing.uuid);
    expect(again.json().details).toEqual([{ path: 'date', message: existing.uuid }]);
    expect(await statusRows()).toBe(before);
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const before = await statusRows();
    const cases: Array<[object, number, string]> = [
      [{ petUuid: pet.bean, date: TODAY, dailyStatus: '   ' }, 400, 'dailyStatus'],
      [{ petUuid: pet.bean, date: TODAY, dailyStatus: 'x'.repeat(2001) }, 400, 'dailyStatus'],
      [{ petUuid: pet.bean, date: '2026-11-25', dailyStatus: 'Fine' }, 400, 'date'],
      [{ petUuid: pet.bean, date: { year: 2026, month: 2, day: 30 }, dailyStatus: 'Fine' }, 400, 'date'],
      [{ petUuid: pet.bean, date: { year: 2026, month: 11 }, dailyStatus: 'Fine' }, 400, 'date'],
      [{ petUuid: newId(), date: TODAY, dailyStatus: 'Fine' }, 404, 'petUuid'],
      [{ petUuid: pet.direct, date: TODAY, dailyStatus: 'Fine' }, 422, 'petUuid'],
    ];
    for (const [payload, statusCode, field] of cases) {
      const response = await call('POST', '/v1/b2b/daily-status', regular, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(statusCode);
      const paths: string[] = response.json().details?.map((d: { path: string }) => d.path) ?? [];
      expect(paths.some((path) => path.startsWith(field))).toBe(true);
    }
    // A day in a query is held to the same calendar: a year PostgreSQL cannot store is a 400, not a 500.
    for (const date of ['0000-07-04', '2026-02-30', '2026-1-05']) {
      const response = await call('GET', `/v1/b2b/companies?date=${date}`, regular);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().details?.map((d: { path: string }) => d.path)).toContain('date');
    }
    expect(
      (await write(pet.bean, 'x'.repeat(2000), regular, { year: 2026, month: 11, day: 1 })).statusCode,
    ).toBe(201);
    expect(await statusRows()).toBe(before + 1);
  });

  it('lets a B2B vet write only for their own company’s pets', async () => {
    const before = await statusRows();
    const refused = await write(pet.other, 'Not mine', pawsureVet);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('b2b.pet_not_found');
    expect(await statusRows()).toBe(before);
    const own = await write(pet.rex, 'Quiet day, drank normally.', pawsureVet);
    expect(own.statusCode).toBe(201);
    // Another company's vet neither sees the pets nor the statuses.
    expect((await call('GET', '/v1/b2b/pets?sku=PAWSURE', tailsVet)).statusCode).toBe(404);
    const listed = await call('GET', `/v1/b2b/daily-status?sku=PAWSURE`, tailsVet);
    expect(listed.json().dailyStatuses).toEqual([]);
    const edit = await call('PUT', `/v1/b2b/daily-status/${own.json().dailyStatus.uuid}`, tailsVet, {
      dailyStatus: 'Hijacked',
    });
    expect(edit.statusCode).toBe(404);
    const companies = await call('GET', '/v1/b2b/companies', tailsVet);
    expect(companies.json().companies.map((c: { sku: string }) => c.sku)).toEqual(['TAILS']);
  });

  it('keeps the text an edit replaces, with its author, and audits both', async () => {
    const created = (await write(pet.bean, 'Sleepy.', regular, { year: 2026, month: 11, day: 24 })).json()
      .dailyStatus;
    clock.advance(60_000);
    const edited = await call('PUT', `/v1/b2b/daily-status/${created.uuid}`, head, {
      dailyStatus: ' Sleepy, but ate all her food. ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().dailyStatus).toMatchObject({
      dailyStatus: 'Sleepy, but ate all her food.',
      author: { uuid: regularVetId, name: 'Rita Regular' },
      updatedBy: { name: 'Hana Head' },
      edits: [{ dailyStatus: 'Sleepy.', by: { uuid: regularVetId, name: 'Rita Regular' } }],
    });
    const history = await call(
      'GET',
      `/v1/b2b/daily-status?petUuid=${pet.bean}&from=2026-11-20&to=2026-11-24`,
      regular,
    );
    expect(history.json().dailyStatuses).toHaveLength(1);
    expect(history.json().dailyStatuses[0].edits).toHaveLength(1);
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.uuid));
    expect(audits.map((a) => a.action).sort()).toEqual(['b2b.daily_status.create', 'b2b.daily_status.edit']);
    const tooLong = await call('PUT', `/v1/b2b/daily-status/${created.uuid}`, head, { dailyStatus: '' });
    expect(tooLong.statusCode).toBe(400);
  });

  it('soft-deletes a status: gone from lists and e-mails, kept with who and when, and the day can be written again', async () => {
    const created = (await write(pet.bean, 'Limping on the left hind leg.')).json().dailyStatus;
    const deleted = await call('PUT', `/v1/b2b/daily-status/${created.uuid}/delete`, head);
    expect(deleted.statusCode).toBe(200);
    const [row] = await app.database.db
      .select()
      .from(dailyStatuses)
      .where(eq(dailyStatuses.id, created.uuid));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedByVetId).not.toBeNull();
    expect(row?.dailyStatus).toBe('Limping on the left hind leg.');
    const pets = (
      await call('GET', '/v1/b2b/pets?sku=PAWSURE&date=2026-11-25&status=missing', regular)
    ).json();
    expect(pets.pets.map((p: { name: string }) => p.name)).toEqual(['Bean']);
    const list = (
      await call('GET', `/v1/b2b/daily-status?petUuid=${pet.bean}&from=2026-11-25`, regular)
    ).json();
    expect(list.dailyStatuses).toEqual([]);
    expect(
      (await call('PUT', `/v1/b2b/daily-status/${created.uuid}`, head, { dailyStatus: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/v1/b2b/daily-status/${created.uuid}/delete`, head)).statusCode).toBe(404);
    const preview = await call('POST', '/v1/b2b/daily-status-email/preview', regular, {
      sku: 'PAWSURE',
      date: TODAY,
    });
    expect(preview.json().text).not.toContain('Limping');
  });

  it('e-mails each daily-status contact the day’s statuses as HTML and text, and records the delivery', async () => {
    const preview = await call('POST', '/v1/b2b/daily-status-email/preview', regular, {
      sku: 'PAWSURE',
      date: TODAY,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      to: ['care@pawsure.test', 'claims@pawsure.test'],
      subject: 'Pawsure Insurance: daily statuses for 25 November 2026',
    });
    expect(preview.json().html).toContain('<table');
    // What the vet weighs first: Bean's status was deleted, so one pet of three still has none; nothing sent yet.
    expect(preview.json()).toMatchObject({
      companyPets: 3,
      petsWithoutStatus: [{ uuid: pet.bean, name: 'Bean' }],
      petsWithoutStatusCount: 1,
      alreadySent: null,
    });
    const [{ n: queuedBefore } = { n: 0 }] = await app.database.db.select({ n: count() }).from(emailOutbox);
    expect(queuedBefore).toBe(0);

    smtp.state.received.length = 0;
    const sent = await call('POST', '/v1/b2b/daily-status-email', regular, { sku: 'PAWSURE', date: TODAY });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().emails.map((e: { to: string }) => e.to)).toEqual([
      'care@pawsure.test',
      'claims@pawsure.test',
    ]);
    expect(sent.json().emails[0]).toMatchObject({ kind: 'daily_status', status: 'queued', date: TODAY });
    await app.mailer.drain();
    expect(smtp.state.received).toHaveLength(2);
    for (const [index, to] of ['care@pawsure.test', 'claims@pawsure.test'].entries()) {
      const message = smtp.state.received.find((m) => m.includes(`To: ${to}`)) ?? '';
      expect(message, `mail ${index}`).toMatch(/Content-Type: multipart\/alternative/i);
      expect(message).toMatch(/Content-Type: text\/html/i);
      expect(message).toContain('Subject: Pawsure Insurance: daily statuses for 25 November 2026');
      expect(message).toContain('Biscuit');
      expect(message).toContain('Ate well, long walk, no scratching.');
      expect(message).toContain('Quiet day, drank normally.');
      expect(message).not.toContain('Limping');
    }
    const emails = (await call('GET', '/v1/b2b/emails?sku=PAWSURE', regular)).json();
    expect(emails.emails).toHaveLength(2);
    expect(emails.emails[0]).toMatchObject({ status: 'sent', sentBy: { name: 'Rita Regular' }, attempts: 1 });
    expect(emails.emails[0].sentAt).not.toBeNull();
    const companies = (await call('GET', '/v1/b2b/companies?date=2026-11-25', regular)).json();
    const pawsure = companies.companies.find((c: { sku: string }) => c.sku === 'PAWSURE');
    expect(pawsure.lastDailyEmail).toMatchObject({
      status: 'sent',
      by: { name: 'Rita Regular' },
      date: TODAY,
    });
    // Another company's vet cannot read them.
    expect((await call('GET', '/v1/b2b/emails?sku=PAWSURE', tailsVet)).statusCode).toBe(404);

    // A second send of the same day says when and by whom the first went, and asks again.
    const again = await call('POST', '/v1/b2b/daily-status-email/preview', head, {
      sku: 'PAWSURE',
      date: TODAY,
    });
    // When the app's clock queued them (the outbox row's own `created_at` is the database's).
    const [link] = await app.database.db
      .select({ at: companyEmails.createdAt })
      .from(companyEmails)
      .where(eq(companyEmails.kind, 'daily_status'));
    const firstAt = { seconds: Math.floor((link?.at.getTime() ?? 0) / 1000) };
    const hhmm = link?.at.toISOString().slice(11, 16);
    expect(again.json().alreadySent).toEqual({
      at: firstAt,
      by: { uuid: regularVetId, name: 'Rita Regular' },
      recipients: 2,
    });
    const outboxBefore = await app.database.db.select({ n: count() }).from(emailOutbox);
    const refused = await call('POST', '/v1/b2b/daily-status-email', head, { sku: 'PAWSURE', date: TODAY });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `This day’s statuses were already e-mailed at 25/11/2026 ${hhmm} UTC by Rita Regular: send again?`,
      code: 'b2b.daily_email_already_sent',
      details: [{ path: 'resend', message: 'Set it to send the e-mail again' }],
    });
    expect(await app.database.db.select({ n: count() }).from(emailOutbox)).toEqual(outboxBefore);
    clock.advance(60_000);
    const resent = await call('POST', '/v1/b2b/daily-status-email', head, {
      sku: 'PAWSURE',
      date: TODAY,
      resend: true,
    });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().emails).toHaveLength(2);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'b2b.daily_status_email.send'))
      .orderBy(auditLog.at)
      .offset(1);
    expect(audit?.changes).toMatchObject({ after: { resend: true, statuses: 2 } });
    expect(
      (await call('POST', '/v1/b2b/daily-status-email/preview', head, { sku: 'PAWSURE', date: TODAY })).json()
        .alreadySent,
    ).toMatchObject({ at: { seconds: firstAt.seconds + 60 }, by: { name: 'Hana Head' }, recipients: 2 });
    await app.mailer.drain();
    expect(smtp.state.received).toHaveLength(4);
    smtp.state.received.length = 0;
  });

  it('refuses a daily e-mail with no status written or no contact, sending nothing', async () => {
    const before = await app.database.db.select({ n: count() }).from(companyEmails);
    const empty = await call('POST', '/v1/b2b/daily-status-email', regular, {
      sku: 'PAWSURE',
      date: { year: 2026, month: 10, day: 1 },
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('b2b.nothing_to_send');
    await write(pet.other, 'Fine.');
    const noContact = await call('POST', '/v1/b2b/daily-status-email', regular, {
      sku: 'TAILS',
      date: TODAY,
    });
    expect(noContact.statusCode).toBe(409);
    expect(noContact.json().code).toBe('b2b.no_recipients');
    expect(await app.database.db.select({ n: count() }).from(companyEmails)).toEqual(before);
  });

  it('e-mails an urgent report about one pet with its latest vitals to the urgent contacts', async () => {
    await app.database.db.insert(trackerReadings).values([
      {
        id: newId(),
        petId: pet.biscuit,
        kind: 'respiratory_rate',
        value: 42,
        measuredAt: new Date('2026-11-25T03:00:00Z'),
        source: 'tracker',
      },
      {
        id: newId(),
        petId: pet.biscuit,
        kind: 'heart_rate',
        value: 131,
        measuredAt: new Date('2026-11-25T03:05:00Z'),
        source: 'tracker',
      },
    ]);
    const body = {
      petUuid: pet.biscuit,
      text: 'Biscuit is breathing fast at rest; please call the owner today.',
    };
    const preview = await call('POST', '/v1/b2b/urgent-report-email/preview', regular, body);
    expect(preview.json()).toMatchObject({
      to: ['urgent@pawsure.test'],
      subject: 'Urgent report: Biscuit (Pawsure Insurance)',
    });
    smtp.state.received.length = 0;
    const sent = await call('POST', '/v1/b2b/urgent-report-email', regular, body);
    expect(sent.statusCode).toBe(202);
    await app.mailer.drain();
    expect(smtp.state.received).toHaveLength(1);
    const message = smtp.state.received[0] ?? '';
    expect(message).toContain('To: urgent@pawsure.test');
    expect(message).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message).toContain('breathing fast at rest');
    expect(message).toContain('42 breaths/min');
    expect(message).toContain('131 bpm');
    const urgent = (await call('GET', '/v1/b2b/emails?sku=PAWSURE&kind=urgent_report', regular)).json();
    expect(urgent.emails).toEqual([
      expect.objectContaining({
        to: 'urgent@pawsure.test',
        status: 'sent',
        pet: { uuid: pet.biscuit, name: 'Biscuit' },
        reportText: body.text,
      }),
    ]);
    // The pet's own urgent reports, for its status history: Biscuit's, not Bean's; another company's
    // pet is as unknown as on the pet's other lists.
    const ofPet = (uuid: string, as = regular) =>
      call('GET', `/v1/b2b/emails?sku=PAWSURE&kind=urgent_report&petUuid=${uuid}`, as);
    expect((await ofPet(pet.biscuit)).json().emails.map((e: { reportText: string }) => e.reportText)).toEqual(
      [body.text],
    );
    expect((await ofPet(pet.bean)).json().emails).toEqual([]);
    expect((await ofPet(pet.other, pawsureVet)).statusCode).toBe(404);
    const refused = await call('POST', '/v1/b2b/urgent-report-email', tailsVet, body);
    expect(refused.statusCode).toBe(404);
    const tooLong = await call('POST', '/v1/b2b/urgent-report-email', regular, {
      ...body,
      text: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('a company’s contact addresses', () => {
  it('are changed by head vets only, validated, lower-cased and kept once', async () => {
    const body = {
      dailyStatusEmails: ['Desk@Tails.test', 'desk@tails.test'],
      urgentReportEmails: ['boss@tails.test'],
    };
    const forbidden = await call('PUT', '/v1/companies/TAILS/contacts', regular, body);
    expect(forbidden.statusCode).toBe(403);
    expect((await call('PUT', '/v1/companies/PAWSURE/contacts', tailsVet, body)).statusCode).toBe(404);
    const invalid = await call('PUT', '/v1/companies/TAILS/contacts', head, {
      ...body,
      urgentReportEmails: ['nope'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('urgentReportEmails.0');
    const changed = await call('PUT', '/v1/companies/TAILS/contacts', head, body);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().company).toMatchObject({
      dailyStatusEmails: ['desk@tails.test'],
      urgentReportEmails: ['boss@tails.test'],
    });
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'TAILS'));
    expect(audits.map((a) => a.action)).toEqual(['companies.contacts']);
  });
});
