import type { PendingCard, PendingCardSummary } from '@vetboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let token: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  app = context.app;
  cookies = await loginAs(app, (await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' })).email);
  token = (await createIntegration({ db: app.database.db }, systemActor('test'), { name: 'Collars' })).token;
});

afterEach(() => context.clock.reset());

async function newPet(name: string) {
  const db = app.database.db;
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  return (await createPet(db, { familyId: family.id, name })).id;
}

/** Two sleeping-rate readings of `value` ten minutes before the app's clock: one abnormal half hour. */
async function ingest(petUuid: string, value: number) {
  const at = Math.floor(context.clock.now().getTime() / 1000) - 600;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      readings: [0, 60].map((offset) => ({
        id: newId(),
        petUuid,
        kind: 'respiratory_rate',
        value,
        measuredAt: { seconds: at + offset },
      })),
    },
  });
  expect(response.statusCode).toBe(200);
}

async function cardsOf(petUuid: string): Promise<PendingCardSummary[]> {
  const listed = await app.inject({
    method: 'GET',
    url: `/v1/pending-cards?petUuid=${petUuid}&view=all`,
    cookies,
  });
  return listed.json().pendingCards;
}

async function card(uuid: string): Promise<PendingCard> {
  return (await app.inject({ method: 'GET', url: `/v1/pending-cards/${uuid}`, cookies })).json().pendingCard;
}

async function resolve(uuid: string, note: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/pending-cards/${uuid}/resolve`,
    cookies,
    payload: { note },
  });
  expect(response.statusCode).toBe(200);
}

/** A pet whose respiratory card was raised at `value` breaths/min and resolved by a vet. */
async function resolvedAt(name: string, value: number) {
  context.clock.set('2026-11-02T03:00:00Z');
  const pet = await newPet(name);
  await ingest(pet, value);
  const [first] = await cardsOf(pet);
  await resolve(first?.uuid as string, 'Calm on the owner’s video');
  return { pet, first: first as PendingCardSummary };
}

describe('a resolved concern does not come back as a repeat', () => {
  it('holds back a signal no worse than the resolved card within its quiet period, kept on that card', async () => {
    const { pet, first } = await resolvedAt('Biscuit', 32);
    context.clock.advance(DAY);
    await ingest(pet, 32);
    context.clock.advance(DAY);
    await ingest(pet, 31);
    // Farther from the threshold by less than the margin (2 breaths/min): the same finding measured again.
    context.clock.advance(DAY - HOUR);
    await ingest(pet, 33.5);
    // The same day's worse half hour refreshes that day's held-back signal rather than adding one.
    context.clock.advance(HOUR / 2);
    await ingest(pet, 33);

    const cards = await cardsOf(pet);
    expect(cards.map((c) => c.uuid)).toEqual([first.uuid]);
    const resolved = await card(first.uuid);
    expect(resolved).toMatchObject({ status: 'resolved', triggerCount: 1, openTriggerCount: 0 });
    const held = resolved.triggers.filter((t) => t.heldBack);
    expect(held.map((t) => t.value).sort()).toEqual([31, 32, 33.5]);
    expect(held.every((t) => t.resolvedAt !== null && t.resolvedBy === null)).toBe(true);
  });

  it('raises a new card when the signal is farther from normal than the card was resolved with, by the margin', async () => {
    const { pet, first } = await resolvedAt('Clover', 32);
    context.clock.advance(HOUR);
    await ingest(pet, 34);
    const cards = await cardsOf(pet);
    expect(cards).toHaveLength(2);
    const newer = cards.find((c) => c.uuid !== first.uuid);
    expect(newer).toMatchObject({ status: 'open', severity: 'high', latestTrigger: { value: 34 } });
  });

  it('raises a new card when the signal is of a higher severity', async () => {
    const { pet, first } = await resolvedAt('Dusty', 33);
    context.clock.advance(HOUR);
    await ingest(pet, 36);
    const newer = (await cardsOf(pet)).find((c) => c.uuid !== first.uuid);
    expect(newer).toMatchObject({ status: 'open', severity: 'high-orange' });
  });

  it('raises a new card for the same signal once the quiet period has passed', async () => {
    const { pet, first } = await resolvedAt('Ember', 32);
    context.clock.advance(2 * DAY);
    await ingest(pet, 32);
    expect(await cardsOf(pet)).toHaveLength(1);
    context.clock.advance(DAY + HOUR);
    await ingest(pet, 32);
    const newer = (await cardsOf(pet)).find((c) => c.uuid !== first.uuid);
    expect(newer).toMatchObject({ status: 'open', triggerCount: 1 });
  });

  it('reopens a card with held-back signals: its own triggers open again, the held-back ones stay history', async () => {
    const { pet, first } = await resolvedAt('Fudge', 32);
    context.clock.advance(DAY);
    await ingest(pet, 32);
    const reopened = await app.inject({
      method: 'POST',
      url: `/v1/pending-cards/${first.uuid}/reopen`,
      cookies,
      payload: { reason: 'Owner says it is back every night' },
    });
    expect(reopened.statusCode).toBe(200);
    const open = reopened.json().pendingCard as PendingCard;
    expect(open).toMatchObject({ status: 'open', openTriggerCount: 1, triggerCount: 1 });
    expect(open.triggers.filter((t) => t.heldBack && t.resolvedAt !== null)).toHaveLength(1);
    // Open again: the next signal joins it, one open card per concern as ever.
    context.clock.advance(DAY);
    await ingest(pet, 31);
    expect(await cardsOf(pet)).toHaveLength(1);
    expect((await card(first.uuid)).openTriggerCount).toBe(2);
  });
});
