import { randomBytes, randomUUID } from 'node:crypto';
import { JOURNAL_MARK_MATCHING_MAX, JOURNAL_PHOTO_MAX_BYTES } from '@vetboard/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { files } from '../../platform/files/files.table.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { journalEntries, journalEntryPhotos, journalEntryReplies } from './journal.table.ts';

// Real 1×1 images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let token: string;
let petId: string;
let companyPetId: string;
let otherPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'regular', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const { family } = await createFamily(db, {
    owner: { firstName: 'Emma', lastName: 'Clarke', email: 'emma.journal@example.com' },
  });
  petId = (await createPet(db, { familyId: family.id, name: 'Lunajournal' })).id;
  otherPetId = (await createPet(db, { familyId: family.id, name: 'Milojournal' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kikojournal' })).id;
});

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipartBody(parts: Part[]) {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const hoursAgo = (hours: number) => ({
  seconds: Math.floor(app.clock.now().getTime() / 1000) - hours * 3600,
});

function entryOf(overrides: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    petUuid: petId,
    category: 'coughing',
    severity: 2,
    notes: 'Coughed three times after the walk',
    occurredAt: hoursAgo(5),
    ...overrides,
  };
}

function send(entry: unknown, photos: Buffer[] = [], bearer = token) {
  const { payload, contentType } = multipartBody([
    { name: 'entry', data: typeof entry === 'string' ? entry : JSON.stringify(entry) },
    ...photos.map((data, i) => ({ name: 'photos', filename: `photo-${i}.png`, type: 'image/png', data })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/v1/journal-entries',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${bearer}` },
  });
}

async function countRows() {
  const db = app.database.db;
  return {
    entries: (await db.select({ id: journalEntries.id }).from(journalEntries)).length,
    photos: (await db.select({ id: files.id }).from(files).where(eq(files.purpose, 'journal_photo'))).length,
  };
}

describe('owner-app ingestion (POST /v1/journal-entries)', () => {
  it('stores a valid entry with its photos, readable by a vet, audited and announced', async () => {
    const entry = entryOf({ severity: 3, category: 'breathing', notes: 'Breathing fast while asleep' });
    const response = await send(entry, [PNG, WEBP]);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json().journalEntry;
    expect(stored).toMatchObject({
      uuid: entry.uuid,
      pet: { uuid: petId, name: 'Lunajournal' },
      ownerName: 'Emma Clarke',
      category: 'breathing',
      severity: 3,
      status: 'new',
      photoCount: 2,
      occurredAt: entry.occurredAt,
    });
    expect(stored.photos.map((p: { contentType: string }) => p.contentType)).toEqual([
      'image/png',
      'image/webp',
    ]);

    const photo = await app.inject({ method: 'GET', url: stored.photos[0].url, cookies });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, entry.uuid));
    expect(events.map((e) => e.type).sort()).toEqual(['journal.received', 'journal.severe']);
    expect(events.every((e) => e.petId === petId)).toBe(true);
    const audit = await listAuditRows(app.database.db, { entityId: entry.uuid });
    expect(audit.map((row) => row.action)).toEqual(['journal.receive']);
  });

  it('does not announce a mild entry as severe', async () => {
    const entry = entryOf({ severity: 1 });
    expect((await send(entry)).statusCode).toBe(201);
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, entry.uuid));
    expect(events.map((e) => e.type)).toEqual(['journal.received']);
  });

  it('answers the same entry sent again with the stored one and stores nothing twice', async () => {
    const entry = entryOf();
    expect((await send(entry, [PNG])).statusCode).toBe(201);
    const before = await countRows();
    const again = await send(entry, [PNG]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().journalEntry.uuid).toBe(entry.uuid);
    expect(await countRows()).toEqual(before);
    const changed = await send({ ...entry, severity: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('journal.id_conflict');
  });

  it('refuses a bad category with the field named, storing nothing', async () => {
    const before = await countRows();
    const response = await send(entryOf({ category: 'sneezing' }), [PNG]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('journal.invalid_entry');
    expect(response.json().details.map((d: { path: string }) => d.path)).toEqual(['entry.category']);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a photo over 10 MB with 413 and a photo that is not an image with 415, storing nothing', async () => {
    const before = await countRows();
    const big = Buffer.concat([PNG, Buffer.alloc(JOURNAL_PHOTO_MAX_BYTES)]);
    const entry = entryOf();
    const tooLarge = await send(entry, [PNG, big]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'journal.photo_too_large',
      error: 'Each photo must be at most 10 MB',
    });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const wrongType = await send(entry, [PNG, html]);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      code: 'journal.photo_unsupported_type',
      error: 'Each photo must be a PNG, JPEG or WebP image',
    });
    expect(await countRows()).toEqual(before);
    // Nothing was kept of the refused tries: the same uuid is still free.
    expect((await send(entry, [PNG])).statusCode).toBe(201);
  });

  it('refuses an unknown pet, a request without the entry part and a vet or missing token', async () => {
    const unknownPet = await send(entryOf({ petUuid: randomUUID() }));
    expect(unknownPet.statusCode).toBe(400);
    expect(unknownPet.json().code).toBe('journal.pet_not_found');
    const { payload, contentType } = multipartBody([{ name: 'photos', filename: 'a.png', data: PNG }]);
    const noEntry = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    });
    expect(noEntry.statusCode).toBe(400);
    expect(noEntry.json().code).toBe('journal.entry_missing');
    expect((await send(entryOf(), [], 'not-a-token')).statusCode).toBe(401);
  });
});

describe('the journal inbox', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A pet of its own, so the order is checked on known rows.
    const { family } = await createFamily(app.database.db, {
      owner: { firstName: 'Ottilie', lastName: 'Inboxer' },
    });
    const pet = (await createPet(app.database.db, { familyId: family.id, name: 'Orderdog' })).id;
    const plan: Array<[string, number, number, string]> = [
      ['mildOld', 1, 50, 'vomiting'],
      ['severeNew', 3, 2, 'coughing'],
      ['severeOld', 3, 30, 'breathing'],
      ['moderate', 2, 10, 'itching'],
      ['seenSevere', 3, 40, 'coughing'],
    ];
    for (const [key, severity, hours, category] of plan) {
      const entry = entryOf({ petUuid: pet, severity, occurredAt: hoursAgo(hours), category });
      ids[key] = entry.uuid;
      expect((await send(entry)).statusCode).toBe(201);
    }
    const seen = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${ids.seenSevere}/seen`,
      cookies,
    });
    expect(seen.statusCode).toBe(200);
  });

  const list = (query: string, as = cookies) =>
    app.inject({ method: 'GET', url: `/v1/journal-entries?${query}`, cookies: as });

  it('puts new entries first, severe first, then the longest waiting', async () => {
    const response = await list('search=Orderdog');
    expect(response.statusCode).toBe(200);
    expect(response.json().journalEntries.map((e: { uuid: string }) => e.uuid)).toEqual([
      ids.severeOld,
      ids.severeNew,
      ids.moderate,
      ids.mildOld,
      ids.seenSevere,
    ]);
    expect(response.json().counts).toEqual({ new: 4, seen: 1, resolved: 0 });
  });

  it('filters by category, severity, status and date', async () => {
    const uuids = async (query: string) =>
      (await list(`search=Orderdog&${query}`)).json().journalEntries.map((e: { uuid: string }) => e.uuid);
    expect(await uuids('category=coughing')).toEqual([ids.severeNew, ids.seenSevere]);
    expect(await uuids('severity=3&status=new')).toEqual([ids.severeOld, ids.severeNew]);
    expect(await uuids('status=seen')).toEqual([ids.seenSevere]);
    const now = Math.floor(app.clock.now().getTime() / 1000);
    expect(await uuids(`occurredFrom=${now - 12 * 3600}&occurredTo=${now}`)).toEqual([
      ids.severeNew,
      ids.moderate,
    ]);
    const bad = await list('category=sneezing');
    expect(bad.statusCode).toBe(400);
  });

  it('marks several entries seen at once, leaving seen ones as they were', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries/seen',
      cookies,
      payload: { entryUuids: [ids.mildOld, ids.moderate, ids.seenSevere] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ marked: 2 });
    const counts = (await list('search=Orderdog')).json().counts;
    expect(counts).toEqual({ new: 2, seen: 3, resolved: 0 });
    const audit = await listAuditRows(app.database.db, { entityId: ids.moderate });
    expect(audit.map((row) => row.action)).toContain('journal.see');
  });
});

describe('one entry: context, reply and resolve', () => {
  let entryId: string;

  beforeAll(async () => {
    const older = entryOf({ petUuid: petId, occurredAt: hoursAgo(72), category: 'coughing' });
    expect((await send(older)).statusCode).toBe(201);
    const other = entryOf({ petUuid: otherPetId, occurredAt: hoursAgo(3) });
    expect((await send(other)).statusCode).toBe(201);
    const entry = entryOf({ petUuid: petId, occurredAt: hoursAgo(1), severity: 3 });
    entryId = entry.uuid;
    expect((await send(entry, [PNG])).statusCode).toBe(201);
  });

  it('shows the entry with the pet’s vitals, diet plan and other recent entries (of that pet only)', async () => {
    const response = await app.inject({ method: 'GET', url: `/v1/journal-entries/${entryId}`, cookies });
    expect(response.statusCode, response.body).toBe(200);
    const { journalEntry, context: petContext } = response.json();
    expect(journalEntry.uuid).toBe(entryId);
    expect(journalEntry.photos).toHaveLength(1);
    expect(petContext.latestTrackers).toMatchObject({ weight: null, respiratoryRate: null });
    expect(petContext.dietPlan).toBeNull();
    const recent = petContext.recentEntries.map((e: { uuid: string; pet: { uuid: string } }) => e);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((e: { pet: { uuid: string } }) => e.pet.uuid === petId)).toBe(true);
    expect(recent.some((e: { uuid: string }) => e.uuid === entryId)).toBe(false);
  });

  it('stores the reply, queues it to the owner by e-mail and marks the entry seen', async () => {
    const reply = 'Thank you, Emma. Please count her breathing tonight.\n\nIf above 40, call us.';
    const response = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entryId}/reply`,
      cookies,
      payload: { reply },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().journalEntry).toMatchObject({
      status: 'seen',
      vetReply: reply,
      repliedBy: { name: 'Helena Marsh' },
    });
    const [row] = await app.database.db
      .select()
      .from(journalEntryReplies)
      .where(eq(journalEntryReplies.entryId, entryId));
    expect(row?.emailId).toBeTruthy();
    const [mail] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.emailId ?? ''));
    expect(mail).toMatchObject({
      to: 'emma.journal@example.com',
      subject: 'Helena Marsh replied about Lunajournal',
    });
    expect(mail?.text).toContain('Please count her breathing tonight.');
    expect(mail?.text).toContain('If above 40, call us.');
    const audit = await listAuditRows(app.database.db, { entityId: entryId });
    expect(audit.map((r) => r.action)).toContain('journal.reply');
  });

  it('refuses an empty reply, storing nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entryId}/reply`,
      cookies,
      payload: { reply: '   ' },
    });
    expect(response.statusCode).toBe(400);
    const replies = await app.database.db
      .select()
      .from(journalEntryReplies)
      .where(eq(journalEntryReplies.entryId, entryId));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.reply).toContain('Please count');
  });

  it('keeps the first reply when a second is sent: both in order, each with its own e-mail', async () => {
    const second = 'She is breathing 28 tonight: good. Keep counting until Friday.';
    const response = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entryId}/reply`,
      cookies,
      payload: { reply: second },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await app.inject({ method: 'GET', url: `/v1/journal-entries/${entryId}`, cookies });
    const { journalEntry } = detail.json();
    expect(journalEntry.replies).toHaveLength(2);
    expect(journalEntry.replies[0]).toMatchObject({
      position: 0,
      reply: expect.stringContaining('Please count her breathing tonight.'),
      repliedBy: { name: 'Helena Marsh' },
      mailStatus: expect.any(String),
    });
    expect(journalEntry.replies[1]).toMatchObject({
      position: 1,
      reply: second,
      repliedBy: { name: 'Helena Marsh' },
    });
    expect(journalEntry.vetReply).toBe(second);
    expect(journalEntry.repliedAt).toEqual(journalEntry.replies[1].repliedAt);
    const rows = await app.database.db
      .select()
      .from(journalEntryReplies)
      .where(eq(journalEntryReplies.entryId, entryId));
    const mails = await app.database.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.emailId ?? ''),
        ),
      );
    expect(mails.map((mail) => mail.text.includes('Keep counting until Friday')).sort()).toEqual([
      false,
      true,
    ]);
    const audit = await listAuditRows(app.database.db, { entityId: entryId });
    expect(audit.filter((r) => r.action === 'journal.reply')).toHaveLength(2);
  });

  it('resolves the entry, after which it no longer changes (409)', async () => {
    const resolved = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entryId}/resolve`,
      cookies,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().journalEntry).toMatchObject({
      status: 'resolved',
      resolvedBy: { name: 'Helena Marsh' },
    });
    for (const action of ['resolve', 'seen']) {
      const again = await app.inject({
        method: 'POST',
        url: `/v1/journal-entries/${entryId}/${action}`,
        cookies,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('journal.already_resolved');
    }
    const reply = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entryId}/reply`,
      cookies,
      payload: { reply: 'Too late' },
    });
    expect(reply.statusCode).toBe(409);
  });
});

describe('scope', () => {
  let companyEntry: string;
  let productEntry: string;

  beforeAll(async () => {
    const own = entryOf({ petUuid: companyPetId });
    companyEntry = own.uuid;
    expect((await send(own, [PNG])).statusCode).toBe(201);
    const product = entryOf({ petUuid: petId, notes: 'Product customer only' });
    productEntry = product.uuid;
    expect((await send(product, [PNG])).statusCode).toBe(201);
  });

  it('shows a B2B vet only their company’s pets’ entries, and the others as not found', async () => {
    const listed = await app.inject({
      method: 'GET',
      url: '/v1/journal-entries?pageSize=200',
      cookies: companyVetCookies,
    });
    expect(listed.statusCode).toBe(200);
    const pets = new Set(listed.json().journalEntries.map((e: { pet: { uuid: string } }) => e.pet.uuid));
    expect([...pets]).toEqual([companyPetId]);
    const own = await app.inject({
      method: 'GET',
      url: `/v1/journal-entries/${companyEntry}`,
      cookies: companyVetCookies,
    });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({
      method: 'GET',
      url: `/v1/journal-entries/${productEntry}`,
      cookies: companyVetCookies,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('journal.not_found');
    const photo = await app.inject({
      method: 'GET',
      url: `/v1/files/${(await app.database.db.select().from(journalEntryPhotos).where(eq(journalEntryPhotos.entryId, productEntry)))[0]?.fileId}`,
      cookies: companyVetCookies,
    });
    expect(photo.statusCode).toBe(404);
  });

  it('refuses a bulk mark seen that names an entry out of scope, changing nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries/seen',
      cookies: companyVetCookies,
      payload: { entryUuids: [companyEntry, productEntry] },
    });
    expect(response.statusCode).toBe(404);
    const rows = await app.database.db
      .select({ status: journalEntries.status })
      .from(journalEntries)
      .where(inArray(journalEntries.id, [companyEntry, productEntry]));
    expect(rows.map((r) => r.status)).toEqual(['new', 'new']);
  });
});

describe('mark every matching entry seen', () => {
  const newEntries = (pet: string, count: number, category: 'itching' | 'lethargy') =>
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      petId: pet,
      category,
      severity: 1,
      notes: `Bulk ${index}`,
      occurredAt: new Date(app.clock.now().getTime() - (index + 1) * 60_000),
      receivedAt: app.clock.now(),
    }));

  it('marks all new entries the filters match, beyond the page shown, within the vet’s scope only', async () => {
    const db = app.database.db;
    const own = newEntries(companyPetId, 3, 'lethargy');
    const others = newEntries(petId, 2, 'lethargy');
    const otherCategory = newEntries(companyPetId, 1, 'itching');
    await db.insert(journalEntries).values([...own, ...others, ...otherCategory]);
    const page = await app.inject({
      method: 'GET',
      url: '/v1/journal-entries?category=lethargy&status=new&pageSize=1',
      cookies: companyVetCookies,
    });
    expect(page.json().counts.new).toBe(3);

    const response = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries/seen-matching',
      cookies: companyVetCookies,
      payload: { category: 'lethargy' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ marked: 3 });
    const statusOf = async (ids: string[]) =>
      (
        await db
          .select({ status: journalEntries.status })
          .from(journalEntries)
          .where(inArray(journalEntries.id, ids))
      ).map((row) => row.status);
    expect(await statusOf(own.map((e) => e.id))).toEqual(['seen', 'seen', 'seen']);
    expect(await statusOf(others.map((e) => e.id))).toEqual(['new', 'new']);
    expect(await statusOf(otherCategory.map((e) => e.id))).toEqual(['new']);
    const audit = await listAuditRows(db, { entityId: own[0]?.id ?? '' });
    expect(audit.map((row) => row.action)).toEqual(['journal.see']);
    const events = await db
      .select()
      .from(domainEvents)
      .where(
        inArray(
          domainEvents.entityId,
          own.map((e) => e.id),
        ),
      );
    expect(events.filter((event) => event.type === 'journal.changed')).toHaveLength(3);
  });

  it('refuses more than the cap at once, changing nothing (409)', async () => {
    const db = app.database.db;
    const { family } = await createFamily(db, { owner: { firstName: 'Bulk', lastName: 'Owner' } });
    const pet = (await createPet(db, { familyId: family.id, name: 'Bulkjournal' })).id;
    await db.insert(journalEntries).values(newEntries(pet, JOURNAL_MARK_MATCHING_MAX + 1, 'itching'));
    const response = await app.inject({
      method: 'POST',
      url: '/v1/journal-entries/seen-matching',
      cookies,
      payload: { petUuid: pet },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('journal.too_many_to_mark');
    const stillNew = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.petId, pet), eq(journalEntries.status, 'new')));
    expect(stillNew).toHaveLength(JOURNAL_MARK_MATCHING_MAX + 1);
  });
});
