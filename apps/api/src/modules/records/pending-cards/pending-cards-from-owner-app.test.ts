import { randomBytes, randomUUID } from 'node:crypto';
import type { PendingCard, PendingCardSummary } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { consumeSignalEvents } from './pending-cards.signals.service.ts';

/**
 * The owner app's own requests, through the real routes, end as cards: a checkup answered with a
 * problematic option, a severity-3 journal entry. Nothing is inserted by hand on the way.
 */
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let token: string;
let pool: {
  uuid: string;
  questionGroups: Array<{ questions: Array<{ uuid: string }> }>;
};

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'head', firstName: 'Helena', lastName: 'Marsh' });
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
                options: [{ title: 'Never' }, { title: 'Yes, Sometimes!', problematic: true }],
              },
              {
                title: 'Is breathing faster while sleeping?',
                options: [{ title: 'No' }, { title: 'Yes', problematic: true }],
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

/** What the `pending-cards.consume-events` job does when it hears an event. */
async function consume() {
  await consumeSignalEvents({ db: app.database.db, now: app.clock.now }, systemActor('pending-cards.test'));
}

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

async function sendCheckup(petUuid: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/forms/${pool.uuid}/send`,
    cookies,
    payload: { petUuid },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().checkupUuids[0];
}

function answer(checkupUuid: string, skus: [string, string]) {
  const [cough, breathing] = pool.questionGroups[0]?.questions.map((q) => q.uuid) ?? [];
  return app.inject({
    method: 'POST',
    url: `/v1/checkups/${checkupUuid}/answers`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      answers: [
        { questionUuid: cough, optionSku: skus[0] },
        { questionUuid: breathing, optionSku: skus[1] },
      ],
    },
  });
}

function postJournalEntry(entry: Record<string, unknown>) {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="entry"\r\n\r\n${JSON.stringify(entry)}\r\n--${boundary}--\r\n`,
  );
  return app.inject({
    method: 'POST',
    url: '/v1/journal-entries',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
}

const hoursAgo = (hours: number) => ({
  seconds: Math.floor(app.clock.now().getTime() / 1000) - hours * 3600,
});

describe('cards raised by what the owner app sends', () => {
  it('a checkup answered with problematic options raises a checkup card carrying the answers; a reassuring one raises none', async () => {
    const calm = await newPet('Calm');
    const reassuring = await answer(await sendCheckup(calm), ['never', 'no']);
    expect(reassuring.statusCode, reassuring.body).toBe(200);

    const pet = await newPet('Luna');
    const checkupUuid = await sendCheckup(pet);
    const answered = await answer(checkupUuid, ['yes_sometimes', 'yes']);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().checkup).toMatchObject({ problematic: true, problematicCount: 2 });
    await consume();

    expect(await cardsOf(calm)).toEqual([]);
    const cards = await cardsOf(pet);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      concern: 'checkup',
      severity: 'high-orange',
      status: 'open',
      triggerCount: 1,
    });
    const [trigger] = (await cardDetail(cards[0]?.uuid)).triggers;
    expect(trigger).toMatchObject({
      kind: 'checkup_problematic',
      value: 2,
      unit: 'answers',
      detail: '2 problematic answers',
      source: { entity: 'checkup', uuid: checkupUuid },
    });

    // The same answers sent again change nothing, and the event is not consumed twice.
    expect((await answer(checkupUuid, ['yes_sometimes', 'yes'])).statusCode).toBe(200);
    await consume();
    expect((await cardsOf(pet)).map((card) => card.triggerCount)).toEqual([1]);

    // A second problematic checkup joins the open card.
    const second = await sendCheckup(pet);
    expect((await answer(second, ['yes_sometimes', 'no'])).statusCode).toBe(200);
    await consume();
    expect((await cardsOf(pet)).map((card) => [card.concern, card.triggerCount])).toEqual([['checkup', 2]]);
  });

  it('a severity-3 journal entry raises a journal card pointing at the entry; a severity-2 one raises none', async () => {
    const pet = await newPet('Pepper');
    const mild = await postJournalEntry({
      uuid: randomUUID(),
      petUuid: pet,
      category: 'coughing',
      severity: 2,
      notes: 'Coughed twice after the walk',
      occurredAt: hoursAgo(6),
    });
    expect(mild.statusCode, mild.body).toBe(201);
    await consume();
    expect(await cardsOf(pet)).toEqual([]);

    const severe = {
      uuid: randomUUID(),
      petUuid: pet,
      category: 'breathing',
      severity: 3,
      notes: 'Breathing fast while asleep, gums a little pale',
      occurredAt: hoursAgo(2),
    };
    const response = await postJournalEntry(severe);
    expect(response.statusCode, response.body).toBe(201);
    await consume();
    const cards = await cardsOf(pet);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ concern: 'journal', severity: 'high-red', triggerCount: 1 });
    const [trigger] = (await cardDetail(cards[0]?.uuid)).triggers;
    expect(trigger).toMatchObject({
      kind: 'journal_severe',
      value: 3,
      source: { entity: 'journal_entry', uuid: severe.uuid },
    });
  });
});
