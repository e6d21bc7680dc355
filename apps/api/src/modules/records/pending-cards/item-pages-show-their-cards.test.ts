import { randomBytes, randomUUID } from 'node:crypto';
import type { ItemPendingCard, PendingCardSummary, PendingCardTrigger } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { consumeSignalEvents, raiseSignals, signalOf } from './pending-cards.signals.service.ts';

/**
 * A case is one case (issue 39 §1): a checkup's, a journal entry's and an owner question's own page
 * names the cards it raised, who has them and whether its part is handled, so the vet who opens the
 * item sees the card and the one who handles it sees the card close.
 */
const context = useTestApp();
let app: TestApp;
let vet: { id: string; email: string };
let cookies: Record<string, string>;
let b2bCookies: Record<string, string>;
let token: string;
let pool: { uuid: string; questionGroups: Array<{ questions: Array<{ uuid: string }> }> };

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  vet = await createTestVet(app, { kind: 'head', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const company = await createCompany(db);
  const partner = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  b2bCookies = await loginAs(app, partner.email);
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const created = await app.inject({
    method: 'POST',
    url: '/v1/forms',
    cookies,
    payload: {
      form: {
        title: 'Cardiac follow-up',
        questionGroups: [
          {
            title: 'Breathing',
            questions: [
              {
                title: 'Does she cough at night?',
                options: [{ title: 'Never' }, { title: 'Yes', problematic: true }],
              },
            ],
          },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  pool = created.json().form;
});

async function newPet(name: string) {
  const db = app.database.db;
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  return (await createPet(db, { familyId: family.id, name })).id;
}

const consume = () =>
  consumeSignalEvents({ db: app.database.db, now: app.clock.now }, systemActor('pending-cards.test'));

async function cardsOf(petUuid: string): Promise<PendingCardSummary[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pending-cards?petUuid=${petUuid}&view=all`,
    cookies,
  });
  expect(response.statusCode).toBe(200);
  return response.json().pendingCards;
}

async function answeredCheckup(petUuid: string, optionSku: 'yes' | 'never'): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: `/v1/forms/${pool.uuid}/send`,
    cookies,
    payload: { petUuid },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const checkupUuid: string = sent.json().checkupUuids[0];
  const answered = await app.inject({
    method: 'POST',
    url: `/v1/checkups/${checkupUuid}/answers`,
    headers: { authorization: `Bearer ${token}` },
    payload: { answers: [{ questionUuid: pool.questionGroups[0]?.questions[0]?.uuid, optionSku }] },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return checkupUuid;
}

async function checkupCards(checkupUuid: string): Promise<ItemPendingCard[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/checkups/${checkupUuid}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().checkup.pendingCards;
}

async function journalCards(entryUuid: string): Promise<ItemPendingCard[]> {
  const response = await app.inject({ method: 'GET', url: `/v1/journal-entries/${entryUuid}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().journalEntry.pendingCards;
}

async function postJournalEntry(petUuid: string, severity: 1 | 3): Promise<string> {
  const uuid = randomUUID();
  const entry = {
    uuid,
    petUuid,
    category: 'breathing',
    severity,
    notes: 'Breathing fast while asleep',
    occurredAt: { seconds: Math.floor(app.clock.now().getTime() / 1000) - 3600 },
  };
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const response = await app.inject({
    method: 'POST',
    url: '/v1/journal-entries',
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="entry"\r\n\r\n${JSON.stringify(entry)}\r\n--${boundary}--\r\n`,
    ),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return uuid;
}

describe("an item's page shows the card it raised", () => {
  /** The card page's triggers: what each one's item still waits for (the card shows it beside the item's link). */
  async function itemStatesOn(cardUuid: string | undefined) {
    const response = await app.inject({ method: 'GET', url: `/v1/pending-cards/${cardUuid}`, cookies });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().pendingCard.triggers as PendingCardTrigger[]).map((trigger) => trigger.itemState);
  }

  it('a problematic checkup shows its open card, who claimed it, and after the review the card resolved', async () => {
    const pet = await newPet('Luna');
    const checkup = await answeredCheckup(pet, 'yes');
    await consume();
    const [card] = await cardsOf(pet);
    expect(await checkupCards(checkup)).toEqual([
      {
        uuid: card?.uuid,
        concern: 'checkup',
        severity: 'high-orange',
        status: 'open',
        claimedBy: null,
        triggerResolved: false,
      },
    ]);
    // The card, for its part, says the checkup is answered and waits for a vet's review.
    expect(await itemStatesOn(card?.uuid)).toEqual(['awaiting_review']);

    const claimed = await app.inject({
      method: 'POST',
      url: `/v1/pending-cards/${card?.uuid}/claim`,
      cookies,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await checkupCards(checkup))[0]?.claimedBy).toEqual({ uuid: vet.id, name: 'Helena Marsh' });

    const reviewed = await app.inject({
      method: 'POST',
      url: `/v1/checkups/${checkup}/review`,
      cookies,
      payload: { comment: 'Booked a recheck on Friday.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    // The review's own answer already names the card closed, so the page needs no second read.
    const expected = { uuid: card?.uuid, status: 'resolved', triggerResolved: true };
    expect(reviewed.json().checkup.pendingCards).toEqual([expect.objectContaining(expected)]);
    expect(await checkupCards(checkup)).toEqual([expect.objectContaining(expected)]);

    // Reopened, the card is the checkup's open case again, and its trigger no longer says the review closed it.
    const reopened = await app.inject({
      method: 'POST',
      url: `/v1/pending-cards/${card?.uuid}/reopen`,
      cookies,
      payload: { reason: 'The cough came back the same night.' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().pendingCard.triggers).toEqual([
      expect.objectContaining({ resolvedAt: null, resolvedByItem: false }),
    ]);
    // Its checkup was reviewed: an open trigger whose item waits for nothing says so by no state.
    expect(await itemStatesOn(card?.uuid)).toEqual([null]);
    expect(await checkupCards(checkup)).toEqual([
      expect.objectContaining({ uuid: card?.uuid, status: 'open', triggerResolved: false }),
    ]);
  });

  it('a checkup whose card other signals keep open shows its own part handled and the card still open', async () => {
    const pet = await newPet('Milo');
    const checkup = await answeredCheckup(pet, 'yes');
    await consume();
    await app.database.db.transaction((tx) =>
      raiseSignals(
        tx,
        systemActor('test'),
        [
          signalOf('checkup_problematic', {
            petId: pet,
            value: 1,
            threshold: null,
            unit: 'answers',
            detail: null,
            sourceEntity: null,
            sourceId: null,
            at: app.clock.now(),
            dedupeKey: 'other',
          }),
        ],
        app.clock.now(),
      ),
    );
    const reviewed = await app.inject({
      method: 'POST',
      url: `/v1/checkups/${checkup}/review`,
      cookies,
      payload: { comment: 'Seen.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(await checkupCards(checkup)).toEqual([
      expect.objectContaining({ status: 'open', triggerResolved: true }),
    ]);

    // The card tells its triggers apart: the checkup's was resolved by the review, the other is open;
    // resolving that one on the card is not the work of any item.
    const [card] = await cardsOf(pet);
    const detail = async () => {
      const response = await app.inject({ method: 'GET', url: `/v1/pending-cards/${card?.uuid}`, cookies });
      expect(response.statusCode, response.body).toBe(200);
      const triggers: PendingCardTrigger[] = response.json().pendingCard.triggers;
      return triggers;
    };
    const triggers = await detail();
    expect(triggers.find((trigger) => trigger.source?.uuid === checkup)).toMatchObject({
      resolvedByItem: true,
      resolvedBy: { uuid: vet.id, name: 'Helena Marsh' },
      resolutionNote: 'Seen.',
    });
    const other = triggers.find((trigger) => trigger.source === null);
    expect(other).toMatchObject({ resolvedAt: null, resolvedByItem: false });
    const resolved = await app.inject({
      method: 'POST',
      url: `/v1/pending-cards/${card?.uuid}/triggers/${other?.uuid}/resolve`,
      cookies,
      payload: { note: 'Checked on the card.' },
    });
    expect(resolved.statusCode, resolved.body).toBeLessThan(300);
    const after = await detail();
    expect(after.find((trigger) => trigger.uuid === other?.uuid)?.resolvedByItem).toBe(false);
    expect(after.find((trigger) => trigger.source?.uuid === checkup)?.resolvedByItem).toBe(true);
  });

  it('a severe journal entry shows its open card, and after the reply the card resolved', async () => {
    const pet = await newPet('Pepper');
    const entry = await postJournalEntry(pet, 3);
    await consume();
    const [card] = await cardsOf(pet);
    expect(await journalCards(entry)).toEqual([
      {
        uuid: card?.uuid,
        concern: 'journal',
        severity: 'high-red',
        status: 'open',
        claimedBy: null,
        triggerResolved: false,
      },
    ]);
    expect(await itemStatesOn(card?.uuid)).toEqual(['awaiting_reply']);
    const replied = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entry}/reply`,
      cookies,
      payload: { reply: 'Please bring her in today; I have kept 16:00 for you.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const expected = { uuid: card?.uuid, status: 'resolved', triggerResolved: true };
    expect(replied.json().journalEntry.pendingCards).toEqual([expect.objectContaining(expected)]);
    expect(await journalCards(entry)).toEqual([expect.objectContaining(expected)]);
  });

  it('an owner question that raised a card shows it on the pet’s questions, resolved once the answer is sent', async () => {
    const pet = await newPet('Rusty');
    const questionUuid = randomUUID();
    const quiet = randomUUID();
    for (const uuid of [questionUuid, quiet]) {
      const asked = await app.inject({
        method: 'POST',
        url: '/v1/pet-questions',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          uuid,
          petUuid: pet,
          question: `He has not eaten since yesterday, should I worry? (${uuid})`,
          askedAt: { seconds: Math.floor(app.clock.now().getTime() / 1000) - 600 },
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    // No rule raises a card from a question yet: a signal naming the question stands for one.
    await app.database.db.transaction((tx) =>
      raiseSignals(
        tx,
        systemActor('test'),
        [
          signalOf('journal_severe', {
            petId: pet,
            value: null,
            threshold: null,
            unit: null,
            detail: null,
            sourceEntity: 'pet_question',
            sourceId: questionUuid,
            at: app.clock.now(),
            dedupeKey: `pet_question:${questionUuid}`,
          }),
        ],
        app.clock.now(),
      ),
    );
    const [card] = await cardsOf(pet);
    const listed = async () => {
      const response = await app.inject({ method: 'GET', url: `/v1/pets/${pet}/questions`, cookies });
      expect(response.statusCode, response.body).toBe(200);
      const questions: Array<{ uuid: string; pendingCards: ItemPendingCard[] }> =
        response.json().petQuestions;
      return new Map(questions.map((question) => [question.uuid, question.pendingCards]));
    };
    const before = await listed();
    expect(before.get(questionUuid)).toEqual([
      expect.objectContaining({ uuid: card?.uuid, status: 'open', triggerResolved: false }),
    ]);
    expect(before.get(quiet)).toEqual([]);

    const saved = await app.inject({
      method: 'PUT',
      url: `/v1/pet-questions/${questionUuid}/answer`,
      cookies,
      payload: { answer: 'A day is fine if he drinks; call us tomorrow if not.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().petQuestion.pendingCards).toEqual([expect.objectContaining({ status: 'open' })]);
    // Saved is not sent: the owner has no answer yet.
    expect(await itemStatesOn(card?.uuid)).toEqual(['awaiting_answer']);
    const sent = await app.inject({ method: 'POST', url: `/v1/pet-questions/${questionUuid}/send`, cookies });
    expect(sent.statusCode, sent.body).toBe(200);
    const expected = { uuid: card?.uuid, status: 'resolved', triggerResolved: true };
    expect(sent.json().petQuestion.pendingCards).toEqual([expect.objectContaining(expected)]);
    expect((await listed()).get(questionUuid)).toEqual([expect.objectContaining(expected)]);
  });

  it('an item that raised no card shows none', async () => {
    const pet = await newPet('Bella');
    const checkup = await answeredCheckup(pet, 'never');
    const entry = await postJournalEntry(pet, 1);
    await consume();
    expect(await cardsOf(pet)).toEqual([]);
    expect(await checkupCards(checkup)).toEqual([]);
    expect(await journalCards(entry)).toEqual([]);
  });

  it('an item out of the vet’s scope stays not found, cards or not', async () => {
    const pet = await newPet('Shadow');
    const checkup = await answeredCheckup(pet, 'yes');
    const entry = await postJournalEntry(pet, 3);
    await consume();
    expect(await cardsOf(pet)).toHaveLength(2);
    for (const url of [`/v1/checkups/${checkup}`, `/v1/journal-entries/${entry}`]) {
      const response = await app.inject({ method: 'GET', url, cookies: b2bCookies });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
