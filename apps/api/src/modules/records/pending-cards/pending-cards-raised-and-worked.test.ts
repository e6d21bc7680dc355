import type { PendingCardSummary } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { insertReadings } from '../trackers/trackers.writes.ts';
import { checkCollarCoverage, consumeSignalEvents } from './pending-cards.signals.service.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let otherCookies: Record<string, string>;
let companyCookies: Record<string, string>;
let vetId: string;
let token: string;
let companySku: string;
let integrationId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  vetId = vet.id;
  cookies = await loginAs(app, vet.email);
  const other = await createTestVet(app, { firstName: 'Omar', lastName: 'Reyes' });
  otherCookies = await loginAs(app, other.email);
  const company = await createCompany(db);
  companySku = company.sku;
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyCookies = await loginAs(app, companyVet.email);
  const created = await createIntegration({ db }, systemActor('test'), { name: 'Collars' });
  token = created.token;
  integrationId = created.integration.id;
});

async function newPet(name: string, options: { b2b?: boolean } = {}) {
  const db = app.database.db;
  const { family } = options.b2b
    ? await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: companySku } })
    : await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  return (await createPet(db, { familyId: family.id, name })).id;
}

const DAY = 1440;
const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - minutes * 60;

async function ingest(petUuid: string, values: number[], startMinutesAgo = 90) {
  // A short batch starts a minute into its half hour, so that its readings make one half-hour average
  // whatever minute the suite runs at: the mean of [45, 46] came out 46 when the suite ran at hh:39,
  // the two readings falling either side of hh:00.
  const requested = minutesAgo(startMinutesAgo);
  const start = values.length <= 30 ? requested - (requested % 1800) + 60 : requested;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      readings: values.map((value, i) => ({
        id: newId(),
        petUuid,
        kind: 'respiratory_rate',
        value,
        measuredAt: { seconds: start + i * 60 },
      })),
    },
  });
  expect(response.statusCode).toBe(200);
}

async function list(query = '', as = cookies) {
  const response = await app.inject({ method: 'GET', url: `/v1/pending-cards${query}`, cookies: as });
  expect(response.statusCode).toBe(200);
  return response.json().pendingCards as PendingCardSummary[];
}

async function cardsOf(petUuid: string, view = 'all') {
  return list(`?petUuid=${petUuid}&view=${view}`);
}

async function get(id: string | undefined, as = cookies) {
  return app.inject({ method: 'GET', url: `/v1/pending-cards/${id}`, cookies: as });
}

function post(url: string, payload?: object, as = cookies) {
  return app.inject({ method: 'POST', url, cookies: as, ...(payload ? { payload } : {}) });
}

describe('Pending cards', () => {
  it('lists the trigger kinds with their labels, concerns and severities', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/pending-cards/triggers', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json().triggers).toContainEqual({
      kind: 'respiratory_high_red',
      label: 'Sleeping respiratory rate high (red)',
      concern: 'respiratory',
      severity: 'high-red',
    });
  });

  it('raise a respiratory card from a batch over the threshold, and nothing from a normal one', async () => {
    const calm = await newPet('Calm');
    await ingest(calm, [18, 20, 22, 19]);
    expect(await cardsOf(calm)).toEqual([]);

    const pet = await newPet('Luna');
    await ingest(pet, [31, 33, 32]);
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ concern: 'respiratory', severity: 'high', status: 'open', triggerCount: 1 });
    expect(card?.latestTrigger).toMatchObject({
      kind: 'respiratory_high',
      value: 32,
      threshold: 30,
      unit: 'breaths/min',
    });
  });

  it('join new triggers to the open card and raise its severity when worse', async () => {
    const pet = await newPet('Pepper');
    await ingest(pet, [32, 32], 2 * DAY);
    await ingest(pet, [45, 46], 100);
    const cards = await cardsOf(pet);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ severity: 'high-red', triggerCount: 2, openTriggerCount: 2 });
    const detail = (await get(cards[0]?.uuid)).json().pendingCard;
    expect(detail.triggers.map((t: { kind: string }) => t.kind)).toEqual([
      'respiratory_high_red',
      'respiratory_high',
    ]);
    expect(detail.triggers[0]).toMatchObject({ value: 45.5, threshold: 40 });
  });

  it('audit a trigger joining an open card as the integration’s, and announce it live, but not a refreshed one', async () => {
    const pet = await newPet('Sage');
    await ingest(pet, [32, 32], 2 * DAY);
    const [card] = await cardsOf(pet);
    const db = app.database.db;
    const trail = async () =>
      rowsOf<{ action: string; changes: Record<string, unknown> }>(
        await db.execute(sql`
          select action, changes from audit_log where entity_id = ${card?.uuid} order by at, id`),
      );
    const announced = async () =>
      rowsOf<{ type: string; actor: { type: string; id: string } }>(
        await db.execute(sql`
          select type, actor from domain_events where entity_id = ${card?.uuid} order by seq`),
      );
    expect((await trail()).map((row) => row.action)).toEqual(['pending_cards.open']);

    // Another night, as high as the first: a second trigger, same severity.
    await ingest(pet, [33, 33], 100);
    const joined = (await trail()).filter((row) => row.action === 'pending_cards.join_trigger');
    expect(joined).toHaveLength(1);
    expect(joined[0]?.changes).toMatchObject({
      by: { type: 'integration', id: integrationId },
      before: { severity: 'high', triggerCount: 1 },
      after: { severity: 'high', triggerCount: 2, concern: 'respiratory' },
    });
    expect((await announced()).map((event) => event.type)).toEqual([
      'pending_card.opened',
      'pending_card.changed',
    ]);
    expect((await announced())[1]?.actor).toEqual({ type: 'integration', id: integrationId });

    // The same half hour sent again only refreshes its trigger: nothing new to audit or announce.
    await ingest(pet, [33], 100);
    expect(await trail()).toHaveLength(2);
    expect(await announced()).toHaveLength(2);
  });

  it('use the pet’s own thresholds, and the low band', async () => {
    const pet = await newPet('Biscuit');
    await app.inject({
      method: 'PUT',
      url: `/v1/pets/${pet}/respiratory-thresholds`,
      cookies,
      payload: { low: 12, high: 40, highOrange: 45, highRed: 50 },
    });
    await ingest(pet, [35, 36], 300);
    expect(await cardsOf(pet)).toEqual([]);
    await ingest(pet, [8, 9], 100);
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ severity: 'high-orange' });
    expect(card?.latestTrigger).toMatchObject({ kind: 'respiratory_low', value: 8.5, threshold: 12 });
  });

  it('keep one open card when batches for the same pet are ingested at once', async () => {
    const pet = await newPet('Twin');
    await Promise.all([
      ingest(pet, [41, 42], 3 * DAY),
      ingest(pet, [43, 44], 2 * DAY),
      ingest(pet, [42], 100),
    ]);
    const cards = await cardsOf(pet);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.triggerCount).toBe(3);
  });

  it('keep one trigger per day, with the day’s worst half hour, also within one batch', async () => {
    const pet = await newPet('Clover');
    // Yesterday at 02:00 and 03:30 UTC: two half hours of one day.
    const yesterday = (Math.floor(Date.now() / 86_400_000) - 1) * 86_400_000;
    const minutesBefore = (hours: number) =>
      Math.floor((Date.now() - yesterday - hours * 3_600_000) / 60_000);
    await ingest(pet, [36, 36], minutesBefore(2));
    await ingest(pet, [33], minutesBefore(3.5));
    // One batch over three half hours of that day: one trigger still, the worst kept.
    await ingest(pet, [...Array(30).fill(32), ...Array(30).fill(35.5), 31], minutesBefore(6));
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ triggerCount: 1, severity: 'high-orange' });
    expect(card?.latestTrigger).toMatchObject({ kind: 'respiratory_high_orange', value: 36 });
  });

  it('raise a weight card for a change of more than 5 % in 30 days or a move away from the target', async () => {
    const pet = await newPet('Milo');
    const db = app.database.db;
    await db.execute(sql`update pet_health_profiles set target_weight_kg = 10 where pet_id = ${pet}`);
    const add = (value: number, daysAgo: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/weight-history',
        cookies,
        payload: {
          petUuid: pet,
          value,
          location: 'vet',
          measuredAt: { seconds: minutesAgo(daysAgo * 1440) },
        },
      });
    expect((await add(10.1, 20)).statusCode).toBe(201);
    expect(await cardsOf(pet)).toEqual([]);
    await add(10.25, 10);
    expect(await cardsOf(pet)).toEqual([]);
    await add(10.7, 1);
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ concern: 'weight', triggerCount: 2 });
    const triggers = (await get(card?.uuid)).json().pendingCard.triggers;
    expect(triggers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'weight_change', value: 5.9, threshold: 5, unit: '%' }),
        expect.objectContaining({ kind: 'weight_target', value: 7, threshold: 3, unit: '%' }),
      ]),
    );
  });

  it('raise a checkup card from a problematic checkup event and a journal card from a severe entry, once each', async () => {
    const pet = await newPet('Quill');
    const db = app.database.db;
    const checkupId = newId();
    const journalId = newId();
    const actor = JSON.stringify({ type: 'system', id: 'test' });
    await db.execute(sql`
      insert into domain_events (type, entity, entity_id, pet_id, actor) values
        ('checkup.problematic', 'checkup', ${checkupId}, ${pet}, ${actor}::jsonb),
        ('journal.severe', 'journal_entry', ${journalId}, ${pet}, ${actor}::jsonb)`);
    const deps = { db, now: app.clock.now };
    // Two consumers at once (two instances): each event becomes one trigger.
    await Promise.all([
      consumeSignalEvents(deps, systemActor('a')),
      consumeSignalEvents(deps, systemActor('b')),
    ]);
    await consumeSignalEvents(deps, systemActor('c'));
    const cards = await cardsOf(pet);
    expect(cards.map((c) => [c.concern, c.severity, c.triggerCount]).sort()).toEqual([
      ['checkup', 'high-orange', 1],
      ['journal', 'high-red', 1],
    ]);
    const checkup = cards.find((c) => c.concern === 'checkup');
    expect(checkup?.latestTrigger?.source).toEqual({ entity: 'checkup', uuid: checkupId });
  });

  it('consume a problematic checkup event by the job, within seconds', async () => {
    const pet = await newPet('Hazel');
    const db = app.database.db;
    const actor = JSON.stringify({ type: 'system', id: 'test' });
    const inserted = rowsOf<{ seq: number }>(
      await db.execute(sql`
        insert into domain_events (type, entity, entity_id, pet_id, actor)
        values ('checkup.problematic', 'checkup', ${newId()}, ${pet}, ${actor}::jsonb) returning seq`),
    );
    await db.execute(sql`select pg_notify('domain_events', ${String(inserted[0]?.seq)})`);
    const deadline = Date.now() + 10_000;
    let cards: Array<Record<string, unknown>> = [];
    while (Date.now() < deadline && cards.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cards = await cardsOf(pet);
    }
    expect(cards).toHaveLength(1);
  });

  it('raise a collar-data card for a collar that covered less than half of the last 48 hours, resolved when data comes back', async () => {
    const pet = await newPet('Nova');
    const db = app.database.db;
    const hour = 3_600_000;
    const now = Date.now();
    const heart = (hoursAgo: number) => ({
      id: newId(),
      petId: pet,
      kind: 'heart_rate' as const,
      value: 80,
      measuredAt: new Date(now - hoursAgo * hour),
      source: 'tracker' as const,
    });
    // Data from 47 to 43 hours ago, then silence: 8 hours covered.
    await insertReadings(db, [47, 46, 45, 44, 43].map(heart), null);
    const deps = { db, now: app.clock.now };
    await checkCollarCoverage(deps, systemActor('pending-cards.collar-coverage'));
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ concern: 'collar_data', severity: 'high', status: 'open' });
    expect(card?.latestTrigger?.detail).toBe(
      'Nova’s collar sent data for 8 of the last 48 hours'.replace('’', "'"),
    );
    // Checked again: the same trigger is refreshed, not repeated.
    await checkCollarCoverage(deps, systemActor('pending-cards.collar-coverage'));
    expect((await cardsOf(pet))[0]?.triggerCount).toBe(1);

    await insertReadings(
      db,
      Array.from({ length: 40 }, (_, i) => heart(i + 0.5)),
      null,
    );
    await checkCollarCoverage(deps, systemActor('pending-cards.collar-coverage'));
    const [resolved] = await cardsOf(pet);
    expect(resolved).toMatchObject({ status: 'resolved', openTriggerCount: 0, resolvedBy: null });
    expect(resolved?.resolutionNote).toBe('Collar data came back');
  });

  it('let vets claim, unclaim, snooze and resolve a card with a note; a later, worse signal opens a new card', async () => {
    const pet = await newPet('Rosie');
    await ingest(pet, [38, 38], 100);
    const [card] = await cardsOf(pet);
    const id = card?.uuid;

    const claimed = await post(`/v1/pending-cards/${id}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().pendingCard.claimedBy).toEqual({ uuid: vetId, name: 'Helena Marsh' });
    expect((await post(`/v1/pending-cards/${id}/claim`, undefined, otherCookies)).json().code).toBe(
      'pending_cards.claimed_by_another',
    );
    expect((await list('?assignment=mine')).map((c) => c.uuid)).toContain(id);
    expect((await list('?assignment=unclaimed')).map((c) => c.uuid)).not.toContain(id);
    expect(
      (await post(`/v1/pending-cards/${id}/unclaim`, undefined, otherCookies)).json().pendingCard.claimedBy,
    ).toBeNull();

    const refused = await post(`/v1/pending-cards/${id}/snooze`, {
      until: { seconds: minutesAgo(5) },
      reason: 'x',
    });
    expect(refused.statusCode).toBe(400);
    const snoozed = await post(`/v1/pending-cards/${id}/snooze`, {
      until: { seconds: minutesAgo(-120) },
      reason: 'Owner rechecks tonight',
    });
    expect(snoozed.json().pendingCard).toMatchObject({
      snoozeReason: 'Owner rechecks tonight',
      snoozedBy: { name: 'Helena Marsh' },
    });
    expect((await list()).map((c) => c.uuid)).not.toContain(id);
    expect((await list('?view=snoozed')).map((c) => c.uuid)).toContain(id);

    expect((await post(`/v1/pending-cards/${id}/resolve`, { note: '' })).statusCode).toBe(400);
    const resolved = await post(`/v1/pending-cards/${id}/resolve`, { note: 'Furosemide dose raised' });
    expect(resolved.json().pendingCard).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Furosemide dose raised',
      resolvedBy: { name: 'Helena Marsh' },
      openTriggerCount: 0,
    });
    expect((await post(`/v1/pending-cards/${id}/resolve`, { note: 'again' })).statusCode).toBe(409);

    // A worse signal (high-red now) opens a new card: one no worse would be held back (pending-cards-repeats).
    await ingest(pet, [41], 10);
    const cards = await cardsOf(pet);
    expect(cards.map((c) => c.status).sort()).toEqual(['open', 'resolved']);
    const fresh = cards.find((c) => c.status === 'open');
    const detail = (await get(fresh?.uuid)).json().pendingCard;
    expect(detail.history.map((c: { uuid: string }) => c.uuid)).toEqual([id]);

    const audit = rowsOf<{ action: string }>(
      await app.database.db.execute(sql`select action from audit_log where entity_id = ${id} order by at`),
    ).map((row) => row.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'pending_cards.open',
        'pending_cards.claim',
        'pending_cards.snooze',
        'pending_cards.resolve',
      ]),
    );
  });

  it('resolve single triggers; resolving the last one resolves the card', async () => {
    const pet = await newPet('Juniper');
    await ingest(pet, [36], 2 * DAY);
    await ingest(pet, [37], 100);
    const [card] = await cardsOf(pet);
    const triggers = (await get(card?.uuid)).json().pendingCard.triggers as Array<{ uuid: string }>;
    const first = await post(`/v1/pending-cards/${card?.uuid}/triggers/${triggers[0]?.uuid}/resolve`, {
      note: 'One-off after a walk',
    });
    expect(first.json().pendingCard).toMatchObject({ status: 'open', openTriggerCount: 1 });
    expect(first.json().pendingCard.triggers[0]).toMatchObject({
      resolutionNote: 'One-off after a walk',
      resolvedBy: { name: 'Helena Marsh' },
    });
    expect(
      (await post(`/v1/pending-cards/${card?.uuid}/triggers/${triggers[0]?.uuid}/resolve`, {})).statusCode,
    ).toBe(409);
    expect((await post(`/v1/pending-cards/${card?.uuid}/triggers/${newId()}/resolve`, {})).statusCode).toBe(
      404,
    );
    const last = await post(`/v1/pending-cards/${card?.uuid}/triggers/${triggers[1]?.uuid}/resolve`, {
      note: 'Settled after the diuretic dose',
    });
    expect(last.json().pendingCard).toMatchObject({
      status: 'resolved',
      openTriggerCount: 0,
      resolutionNote: 'Settled after the diuretic dose',
    });
  });

  it('bulk resolve several cards with one note, all or nothing', async () => {
    const pets = [await newPet('Ada'), await newPet('Bo')];
    for (const pet of pets) await ingest(pet, [41], 50);
    const ids = (await Promise.all(pets.map((pet) => cardsOf(pet)))).map(([card]) => card?.uuid);
    const refused = await post('/v1/pending-cards/bulk-resolve', { uuids: [...ids, newId()], note: 'Seen' });
    expect(refused.statusCode).toBe(404);
    expect((await cardsOf(pets[0] as string))[0]?.status).toBe('open');
    const response = await post('/v1/pending-cards/bulk-resolve', { uuids: ids, note: 'Seen at the clinic' });
    expect(response.json().resolved.sort()).toEqual([...ids].sort());
    for (const pet of pets)
      expect((await cardsOf(pet))[0]).toMatchObject({
        status: 'resolved',
        resolutionNote: 'Seen at the clinic',
      });
  });

  it('sort the queue high-red first, then the longest waiting, and show company vets only their company’s cards', async () => {
    const companyPet = await newPet('Kiko', { b2b: true });
    await ingest(companyPet, [48], 60);
    const queue = await list('?pageSize=100');
    const ranks = queue.map((c) => ['high', 'high-orange', 'high-red'].indexOf(c.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect((await list('?severity=high-red&pageSize=100')).every((c) => c.severity === 'high-red')).toBe(
      true,
    );
    expect((await list(`?companySku=${companySku}`)).map((c) => c.pet.name)).toEqual(['Kiko']);

    const companyQueue = await list('?view=all&pageSize=100', companyCookies);
    expect(companyQueue.map((c) => c.pet.name)).toEqual(['Kiko']);
    const outside = queue.find((c) => c.pet.name !== 'Kiko');
    expect((await get(outside?.uuid, companyCookies)).statusCode).toBe(404);
    expect(
      (await post(`/v1/pending-cards/${outside?.uuid}/claim`, undefined, companyCookies)).statusCode,
    ).toBe(404);
  });
});
