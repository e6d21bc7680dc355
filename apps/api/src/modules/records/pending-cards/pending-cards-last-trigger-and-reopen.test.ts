import type { PendingCard } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let otherCookies: Record<string, string>;
let companyCookies: Record<string, string>;
let token: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  cookies = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  otherCookies = await loginAs(
    app,
    (await createTestVet(app, { firstName: 'Omar', lastName: 'Reyes' })).email,
  );
  const company = await createCompany(db);
  companyCookies = await loginAs(
    app,
    (await createTestVet(app, { kind: 'b2b', companySku: company.sku })).email,
  );
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Collars' })).token;
});

async function newPet(name: string) {
  const db = app.database.db;
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  return (await createPet(db, { familyId: family.id, name })).id;
}

/** One sleeping-rate half hour per value, `hoursAgo` apart: each a trigger of the pet's respiratory card. */
async function ingest(petUuid: string, value: number, minutesAgo: number) {
  const now = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  const start = now - (now % 1800) + 60;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      readings: [0, 1].map((i) => ({
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

async function cardOf(petUuid: string): Promise<PendingCard> {
  const listed = await app.inject({
    method: 'GET',
    url: `/v1/pending-cards?petUuid=${petUuid}&view=all`,
    cookies,
  });
  const [summary] = listed.json().pendingCards;
  return (await app.inject({ method: 'GET', url: `/v1/pending-cards/${summary.uuid}`, cookies })).json()
    .pendingCard;
}

function post(url: string, payload: object, as = cookies) {
  return app.inject({ method: 'POST', url, cookies: as, payload });
}

async function auditActions(cardId: string) {
  return rowsOf<{ action: string; changes: Record<string, unknown> }>(
    await app.database.db.execute(
      sql`select action, changes from audit_log where entity_id = ${cardId} order by at, action`,
    ),
  );
}

describe('the last open trigger is the card’s resolve', () => {
  it('refuses it without a note (409 naming the note, nothing written), and resolves trigger and card with one', async () => {
    const pet = await newPet('Juniper');
    await ingest(pet, 36, 3 * 24 * 60);
    await ingest(pet, 37, 100);
    const card = await cardOf(pet);
    const [first, second] = card.triggers;
    expect(card.openTriggerCount).toBe(2);

    // Not the last: a trigger may still be resolved without a word.
    const one = await post(`/v1/pending-cards/${card.uuid}/triggers/${first?.uuid}/resolve`, {});
    expect(one.statusCode).toBe(200);
    expect(one.json().pendingCard).toMatchObject({ status: 'open', openTriggerCount: 1 });

    const before = await auditActions(card.uuid);
    for (const body of [{}, { note: '   ' }]) {
      const refused = await post(`/v1/pending-cards/${card.uuid}/triggers/${second?.uuid}/resolve`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'Resolving the last open trigger resolves the card',
        code: 'pending_cards.last_trigger_needs_note',
        details: [{ path: 'note', message: 'A note is required to resolve the card' }],
      });
    }
    const still = await cardOf(pet);
    expect(still).toMatchObject({ status: 'open', openTriggerCount: 1, resolutionNote: null });
    expect(still.triggers.find((t) => t.uuid === second?.uuid)?.resolvedAt).toBeNull();
    expect(await auditActions(card.uuid)).toEqual(before);

    const last = await post(`/v1/pending-cards/${card.uuid}/triggers/${second?.uuid}/resolve`, {
      note: 'Back to 24 at rest after the furosemide',
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().pendingCard).toMatchObject({
      status: 'resolved',
      openTriggerCount: 0,
      resolutionNote: 'Back to 24 at rest after the furosemide',
      resolvedBy: { name: 'Helena Marsh' },
    });
    expect((await auditActions(card.uuid)).at(-1)?.action).toBe('pending_cards.resolve_trigger');
  });
});

describe('reopening a resolved card', () => {
  it('opens it again with the triggers its resolution closed, the vet’s claim and reason, audited', async () => {
    const pet = await newPet('Maple');
    await ingest(pet, 36, 3 * 24 * 60);
    await ingest(pet, 38, 100);
    const card = await cardOf(pet);
    const [early] = card.triggers;
    // One trigger resolved on its own first: reopening leaves it resolved, it was not part of the card's close.
    await post(`/v1/pending-cards/${card.uuid}/triggers/${early?.uuid}/resolve`, { note: 'After a walk' });
    await post(`/v1/pending-cards/${card.uuid}/snooze`, {
      until: { seconds: Math.floor(Date.now() / 1000) + 3600 },
      reason: 'Owner calls back',
    });
    expect(
      (await post(`/v1/pending-cards/${card.uuid}/resolve`, { note: 'Fine on the call' })).statusCode,
    ).toBe(200);

    expect((await post(`/v1/pending-cards/${card.uuid}/reopen`, { reason: '' })).statusCode).toBe(400);
    expect((await post(`/v1/pending-cards/${card.uuid}/reopen`, {})).statusCode).toBe(400);
    // A B2B vet does not see a product customer's card: as unknown as a missing one.
    const outside = await post(`/v1/pending-cards/${card.uuid}/reopen`, { reason: 'x' }, companyCookies);
    expect(outside.statusCode).toBe(404);
    expect((await cardOf(pet)).status).toBe('resolved');

    const reopened = await post(
      `/v1/pending-cards/${card.uuid}/reopen`,
      { reason: 'Owner says the fast breathing is back tonight' },
      otherCookies,
    );
    expect(reopened.statusCode).toBe(200);
    const after = reopened.json().pendingCard as PendingCard;
    expect(after).toMatchObject({
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
      resolutionNote: null,
      snoozedUntil: null,
      claimedBy: { name: 'Omar Reyes' },
      reopenedAt: { seconds: expect.any(Number) },
      reopenedBy: { name: 'Omar Reyes' },
      reopenReason: 'Owner says the fast breathing is back tonight',
      openTriggerCount: 1,
    });
    const byId = new Map(after.triggers.map((t) => [t.uuid, t]));
    expect(byId.get(early?.uuid as string)).toMatchObject({ resolutionNote: 'After a walk' });
    expect(after.triggers.filter((t) => t.resolvedAt === null)).toHaveLength(1);

    const audit = (await auditActions(card.uuid)).at(-1);
    expect(audit?.action).toBe('pending_cards.reopen');
    expect(audit?.changes).toMatchObject({
      before: { status: 'resolved', resolutionNote: 'Fine on the call' },
      after: { status: 'open', resolutionNote: null },
      reason: 'Owner says the fast breathing is back tonight',
    });

    // Open again: a second reopen is a conflict, and the card works as any open card.
    const twice = await post(`/v1/pending-cards/${card.uuid}/reopen`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('pending_cards.not_resolved');
    expect(
      (await post(`/v1/pending-cards/${card.uuid}/resolve`, { note: 'Seen at the clinic' })).statusCode,
    ).toBe(200);
  });

  it('is refused while a newer card of the same concern is open, which new signals have been joining', async () => {
    const pet = await newPet('Pepper');
    await ingest(pet, 36, 3 * 24 * 60);
    const old = await cardOf(pet);
    await post(`/v1/pending-cards/${old.uuid}/resolve`, { note: 'One-off' });
    await ingest(pet, 39, 100);
    const listed = await app.inject({
      method: 'GET',
      url: `/v1/pending-cards?petUuid=${pet}&view=open`,
      cookies,
    });
    const [newer] = listed.json().pendingCards;
    expect(newer.uuid).not.toBe(old.uuid);

    const refused = await post(`/v1/pending-cards/${old.uuid}/reopen`, { reason: 'Not a one-off' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('pending_cards.open_card_exists');
    const again = (await app.inject({ method: 'GET', url: `/v1/pending-cards/${old.uuid}`, cookies })).json()
      .pendingCard;
    expect(again).toMatchObject({ status: 'resolved', resolutionNote: 'One-off', reopenedAt: null });
  });
});
