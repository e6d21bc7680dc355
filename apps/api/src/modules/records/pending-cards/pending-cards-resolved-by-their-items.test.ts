import { randomBytes, randomUUID } from 'node:crypto';
import type { PendingCard, PendingCardSummary } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { consumeSignalEvents, raiseSignals, signalOf } from './pending-cards.signals.service.ts';

/**
 * A case is handled once (issue 39 §1): reviewing the checkup, replying to the journal entry or
 * answering the owner's question that raised a card resolves its trigger with the vet's words, and the
 * card when that was its last open trigger; the item's page finds its cards.
 */
const context = useTestApp();
let app: TestApp;
let vet: { id: string; email: string };
let cookies: Record<string, string>;
let token: string;
let pool: { uuid: string; questionGroups: Array<{ questions: Array<{ uuid: string }> }> };

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  vet = await createTestVet(app, { kind: 'head', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
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

async function cardDetail(uuid: string | undefined): Promise<PendingCard> {
  const response = await app.inject({ method: 'GET', url: `/v1/pending-cards/${uuid}`, cookies });
  expect(response.statusCode).toBe(200);
  return response.json().pendingCard;
}

async function problematicCheckup(petUuid: string): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: `/v1/forms/${pool.uuid}/send`,
    cookies,
    payload: { petUuid },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const checkupUuid: string = sent.json().checkupUuids[0];
  const question = pool.questionGroups[0]?.questions[0]?.uuid;
  const answered = await app.inject({
    method: 'POST',
    url: `/v1/checkups/${checkupUuid}/answers`,
    headers: { authorization: `Bearer ${token}` },
    payload: { answers: [{ questionUuid: question, optionSku: 'yes' }] },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return checkupUuid;
}

function review(checkupUuid: string, comment: string) {
  return app.inject({
    method: 'POST',
    url: `/v1/checkups/${checkupUuid}/review`,
    cookies,
    payload: { comment },
  });
}

async function trail(cardUuid: string | undefined) {
  return rowsOf<{ action: string; actor_vet_id: string | null; changes: Record<string, unknown> }>(
    await app.database.db.execute(sql`
      select action, actor_vet_id, changes from audit_log
      where entity = 'pending_card' and entity_id = ${cardUuid} order by at, id`),
  );
}

async function postSevereJournalEntry(petUuid: string): Promise<string> {
  const uuid = randomUUID();
  const entry = {
    uuid,
    petUuid,
    category: 'breathing',
    severity: 3,
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

describe('handling an item resolves the card it raised', () => {
  it('reviewing a problematic checkup resolves its trigger with the comment, and the card with the last one', async () => {
    const pet = await newPet('Luna');
    const first = await problematicCheckup(pet);
    const second = await problematicCheckup(pet);
    await consume();
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ concern: 'checkup', status: 'open', triggerCount: 2, openTriggerCount: 2 });

    expect((await review(first, 'Cough is the known bronchitis; no change.')).statusCode).toBe(200);
    const afterFirst = await cardDetail(card?.uuid);
    expect(afterFirst).toMatchObject({ status: 'open', openTriggerCount: 1, triggerCount: 2 });
    const handled = afterFirst.triggers.find((trigger) => trigger.source?.uuid === first);
    expect(handled).toMatchObject({
      resolutionNote: 'Cough is the known bronchitis; no change.',
      resolvedBy: { uuid: vet.id, name: 'Helena Marsh' },
    });
    expect(handled?.resolvedAt).not.toBeNull();
    expect(afterFirst.triggers.find((trigger) => trigger.source?.uuid === second)?.resolvedAt).toBeNull();

    expect((await review(second, 'Booked a recheck on Friday.')).statusCode).toBe(200);
    const resolved = await cardDetail(card?.uuid);
    expect(resolved).toMatchObject({
      status: 'resolved',
      openTriggerCount: 0,
      resolutionNote: 'Booked a recheck on Friday.',
      resolvedBy: { uuid: vet.id },
    });
    expect(resolved.triggers.every((trigger) => trigger.resolvedAt !== null)).toBe(true);

    // Audited as the reviewing vet's, naming the checkup; announced so an open queue drops the card.
    const audit = (await trail(card?.uuid)).filter(
      (row) => row.action !== 'pending_cards.open' && row.action !== 'pending_cards.join_trigger',
    );
    expect(audit.map((row) => [row.action, row.actor_vet_id])).toEqual([
      ['pending_cards.resolve_trigger', vet.id],
      ['pending_cards.resolve', vet.id],
    ]);
    expect(audit[1]?.changes).toMatchObject({
      by: { entity: 'checkup', uuid: second },
      before: { status: 'open' },
      after: { status: 'resolved', resolutionNote: 'Booked a recheck on Friday.' },
    });
    const announced = rowsOf<{ type: string }>(
      await app.database.db.execute(sql`
        select type from domain_events
        where entity_id = ${card?.uuid} and actor->>'type' = 'vet' and actor->>'id' = ${vet.id}`),
    );
    expect(announced.map((row) => row.type)).toEqual(['pending_card.changed', 'pending_card.changed']);

    // Amending a review changes no card.
    expect((await review(second, 'Recheck moved to Monday.')).statusCode).toBe(200);
    expect((await cardDetail(card?.uuid)).resolutionNote).toBe('Booked a recheck on Friday.');
    expect(await trail(card?.uuid)).toHaveLength(audit.length + 2);
  });

  it('a review resolves only its own trigger on a card other signals keep open', async () => {
    const pet = await newPet('Milo');
    const checkup = await problematicCheckup(pet);
    await consume();
    const [card] = await cardsOf(pet);
    // A second trigger on the same card from elsewhere (a later checkup raising no item link).
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
    expect((await review(checkup, 'Seen.')).statusCode).toBe(200);
    expect(await cardDetail(card?.uuid)).toMatchObject({ status: 'open', openTriggerCount: 1 });
  });

  it('replying to a severe journal entry resolves its card with the reply', async () => {
    const pet = await newPet('Pepper');
    const entry = await postSevereJournalEntry(pet);
    await consume();
    const [card] = await cardsOf(pet);
    expect(card).toMatchObject({ concern: 'journal', status: 'open' });
    expect(card).toMatchObject({ severity: 'high-red' });

    const replied = await app.inject({
      method: 'POST',
      url: `/v1/journal-entries/${entry}/reply`,
      cookies,
      payload: { reply: 'Please bring her in today; I have kept 16:00 for you.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(await cardDetail(card?.uuid)).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Please bring her in today; I have kept 16:00 for you.',
      resolvedBy: { uuid: vet.id },
    });
  });

  it('sending the answer to an owner question that raised a card resolves it', async () => {
    const pet = await newPet('Rusty');
    const questionUuid = randomUUID();
    const asked = await app.inject({
      method: 'POST',
      url: '/v1/pet-questions',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        uuid: questionUuid,
        petUuid: pet,
        question: 'He has not eaten since yesterday, should I worry?',
        askedAt: { seconds: Math.floor(app.clock.now().getTime() / 1000) - 600 },
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
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
    const saved = await app.inject({
      method: 'PUT',
      url: `/v1/pet-questions/${questionUuid}/answer`,
      cookies,
      payload: { answer: 'A day is fine if he drinks; call us tomorrow if not.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A saved answer is a draft: the owner has not been told anything yet.
    expect((await cardDetail(card?.uuid)).status).toBe('open');
    const sent = await app.inject({ method: 'POST', url: `/v1/pet-questions/${questionUuid}/send`, cookies });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await cardDetail(card?.uuid)).toMatchObject({
      status: 'resolved',
      resolutionNote: 'A day is fine if he drinks; call us tomorrow if not.',
    });
  });
});
