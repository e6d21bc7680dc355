import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import { forms, formVersions } from '../checkups/checkups.forms.table.ts';
import { checkups } from '../checkups/checkups.table.ts';
import { pendingCards } from '../pending-cards/pending-cards.table.ts';
import { petQuestions } from '../questions/questions.table.ts';
import { reminders } from '../reminders/reminders.table.ts';

const context = useTestApp();
let app: TestApp;
let helena: Record<string, string>;
let companyVet: Record<string, string>;
let luna: string;
let rex: string;
let biteUuid: string;
let companySku: string;
const HOUR = 3_600_000;
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * HOUR);

type Badge = { kind: string; label: string };
type Row = { pet: { uuid: string; name: string; alerts: Badge[] } };

const get = async (url: string, cookies = helena) => {
  const response = await app.inject({ method: 'GET', url, cookies });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
const alertsOfPetIn = (rows: Row[], petId: string) =>
  rows.filter((row) => row.pet.uuid === petId).map((row) => row.pet.alerts);
const searchHit = async (q: string, cookies = helena) =>
  (await get(`/v1/search?q=${q}`, cookies)).results.find(
    (result: { type: string; title: string }) => result.type === 'pet' && result.title === q,
  );

/** Every inbox that lists Luna, with her rows' alerts: one list per inbox. */
async function lunaInInboxes(cookies = helena) {
  const [cards, reminderList, checkupList, questions, home] = await Promise.all([
    get('/v1/pending-cards?status=open', cookies),
    get('/v1/reminders?status=open', cookies),
    get('/v1/checkups', cookies),
    get(`/v1/pets/${luna}/questions`, cookies),
    get('/v1/home', cookies),
  ]);
  return {
    cards: alertsOfPetIn(cards.pendingCards, luna),
    reminders: alertsOfPetIn(reminderList.reminders, luna),
    checkups: alertsOfPetIn(checkupList.checkups, luna),
    questions: alertsOfPetIn(questions.petQuestions, luna),
    homeSevereCards: alertsOfPetIn(home.severeCards, luna),
  };
}

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const company = await createCompany(db);
  companySku = company.sku;
  const vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh' });
  helena = await loginAs(app, vet.email);
  const b2b = await createTestVet(app, { kind: 'b2b', companySku: company.sku, firstName: 'Bea' });
  companyVet = await loginAs(app, b2b.email);
  const { family } = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  luna = (await createPet(db, { familyId: family.id, name: 'Lunalert' })).id;
  const { family: otherFamily } = await createFamily(db, { owner: { lastName: 'Else' } });
  rex = (await createPet(db, { familyId: otherFamily.id, name: 'Rexalert' })).id;

  await db.insert(pendingCards).values(
    [luna, rex].map((petId) => ({
      id: newId(),
      petId,
      concern: 'respiratory' as const,
      severity: 3,
      openedAt: ago(48),
      lastTriggerAt: ago(2),
    })),
  );
  await db.insert(reminders).values({
    id: newId(),
    petId: luna,
    title: 'Recheck the ears',
    dueAt: ago(2),
    assigneeVetId: vet.id,
    createdAt: ago(72),
    updatedAt: ago(72),
  });
  const formId = newId();
  await db
    .insert(forms)
    .values({ id: formId, title: 'Cardiac follow-up', sku: `cardiac_${formId.replaceAll('-', '')}` });
  await db.insert(formVersions).values({ formId, version: 1, questionGroups: [] });
  await db.insert(checkups).values({
    id: newId(),
    petId: luna,
    formId,
    formVersion: 1,
    status: 'answered',
    problematic: true,
    problematicCount: 1,
    sentAt: ago(50),
    answeredAt: ago(40),
  });
  await db.insert(petQuestions).values({
    id: newId(),
    petId: luna,
    question: 'Can she eat apples?',
    askedAt: ago(6),
    receivedAt: ago(6),
  });

  const set = async (petId: string, body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/alerts`,
      cookies: helena,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    context.clock.advance(60_000);
    return response.json().petAlerts;
  };
  // A minute between changes, so the timeline's order is the order they were made in.
  context.clock.set(new Date(now));
  biteUuid = (await set(luna, { kind: 'will_bite' }))[0].uuid;
  await set(luna, { kind: 'other', text: 'Muzzle first' });
  await set(rex, { kind: 'nervous' });
});

const lunaAlerts = [
  { kind: 'will_bite', label: 'Will bite' },
  { kind: 'other', label: 'Muzzle first' },
];

afterAll(() => context.clock.reset());

describe('patient alerts beside the pet wherever it is listed', () => {
  it('shows a pet’s active alerts, allow-listed, in its search hit and in every inbox row of it', async () => {
    expect((await searchHit('Lunalert')).alerts).toEqual(lunaAlerts);
    expect((await searchHit('Rexalert')).alerts).toEqual([{ kind: 'nervous', label: 'Nervous' }]);
    const owners = (await get('/v1/search?q=Else')).results.filter(
      (r: { type: string }) => r.type === 'owner',
    );
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) expect(owner.alerts).toEqual([]);

    const inboxes = await lunaInInboxes();
    for (const [inbox, rows] of Object.entries(inboxes)) {
      expect(rows.length, inbox).toBeGreaterThan(0);
      for (const alerts of rows) expect(alerts, inbox).toEqual(lunaAlerts);
    }
    const cards = (await get('/v1/pending-cards?status=open')).pendingCards as Row[];
    expect(alertsOfPetIn(cards, rex)).toEqual([[{ kind: 'nervous', label: 'Nervous' }]]);
    // The B2B company page's list of its pets, for the product's vets and the company's own.
    for (const cookies of [helena, companyVet]) {
      const { pets } = await get(`/v1/b2b/pets?sku=${companySku}`, cookies);
      expect(pets.find((pet: { uuid: string }) => pet.uuid === luna).alerts).toEqual(lunaAlerts);
    }
  });

  it('gives the same alerts on an item’s own page', async () => {
    const [card] = (await get('/v1/pending-cards?status=open')).pendingCards.filter(
      (row: Row) => row.pet.uuid === luna,
    );
    expect((await get(`/v1/pending-cards/${card.uuid}`)).pendingCard.pet.alerts).toEqual(lunaAlerts);
  });

  it('keeps another company’s pets and their alerts out of a B2B vet’s search and inboxes', async () => {
    expect(await searchHit('Rexalert', companyVet)).toBeUndefined();
    expect((await searchHit('Lunalert', companyVet)).alerts).toEqual(lunaAlerts);
    const cards = (await get('/v1/pending-cards?status=open', companyVet)).pendingCards as Row[];
    expect(alertsOfPetIn(cards, rex)).toEqual([]);
    expect(alertsOfPetIn(cards, luna)).toEqual([lunaAlerts]);
    const timeline = await app.inject({
      method: 'GET',
      url: `/v1/pets/${rex}/timeline?kind=pet_alert.set`,
      cookies: companyVet,
    });
    expect(timeline.statusCode).toBe(404);
  });

  it('puts setting and removing an alert on the pet’s timeline with who did it; a removed alert leaves search and inboxes', async () => {
    const removed = await app.inject({
      method: 'DELETE',
      url: `/v1/pets/${luna}/alerts/${biteUuid}`,
      cookies: helena,
    });
    expect(removed.statusCode).toBe(200);
    const left = [{ kind: 'other', label: 'Muzzle first' }];
    expect((await searchHit('Lunalert')).alerts).toEqual(left);
    for (const [inbox, rows] of Object.entries(await lunaInInboxes()))
      for (const alerts of rows) expect(alerts, inbox).toEqual(left);

    const timeline = await get(`/v1/pets/${luna}/timeline?kind=pet_alert.set,pet_alert.removed`);
    expect(
      timeline.items.map((item: { kind: string; source: string; title: string; link: string }) => ({
        kind: item.kind,
        source: item.source,
        title: item.title,
        link: item.link,
      })),
    ).toEqual([
      {
        kind: 'pet_alert.removed',
        source: 'vet',
        title: 'Patient alert “Will bite” removed by Helena Marsh',
        link: `/pets/${luna}`,
      },
      {
        kind: 'pet_alert.set',
        source: 'vet',
        title: 'Patient alert “Muzzle first” set by Helena Marsh',
        link: `/pets/${luna}`,
      },
      {
        kind: 'pet_alert.set',
        source: 'vet',
        title: 'Patient alert “Will bite” set by Helena Marsh',
        link: `/pets/${luna}`,
      },
    ]);
    // Rex's alert is Rex's alone.
    const rexTimeline = await get(`/v1/pets/${rex}/timeline?kind=pet_alert.set,pet_alert.removed`);
    expect(rexTimeline.items.map((item: { title: string }) => item.title)).toEqual([
      'Patient alert “Nervous” set by Helena Marsh',
    ]);
  });
});
