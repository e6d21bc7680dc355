import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { createIntegration, revokeIntegration } from '../../platform/integrations/integrations.service.ts';
import { checkups } from './checkups.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let secondVetCookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let token: string;
let petId: string;
let companyPetId: string;
let pool: {
  uuid: string;
  questionGroups: Array<{ questions: Array<{ uuid: string; options: Array<{ sku: string }> }> }>;
};
let cough: string | undefined;
let breathing: string | undefined;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'head', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const second = await createTestVet(app, { firstName: 'Omar', lastName: 'Reyes' });
  secondVetCookies = await loginAs(app, second.email);
  const company = await createCompany(db);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const { family } = await createFamily(db, { owner: { firstName: 'Emma', lastName: 'Clarke' } });
  petId = (await createPet(db, { familyId: family.id, name: 'Luna' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kiko' })).id;
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
                title: 'Does Luna cough at night?',
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
  pool = created.json().form;
  [cough, breathing] = pool.questionGroups[0]?.questions.map((q) => q.uuid) ?? [];
});

async function send(pet = petId): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/forms/${pool.uuid}/send`,
    cookies,
    payload: { petUuid: pet },
  });
  return response.json().checkupUuids[0];
}

function answer(
  id: string,
  answers: Array<{ questionUuid: string | undefined; optionSku: string }>,
  bearer = token,
) {
  return app.inject({
    method: 'POST',
    url: `/v1/checkups/${id}/answers`,
    headers: { authorization: `Bearer ${bearer}` },
    payload: { answers },
  });
}

const worrying = () => [
  { questionUuid: cough, optionSku: 'yes_sometimes' },
  { questionUuid: breathing, optionSku: 'no' },
];
const reassuring = () => [
  { questionUuid: cough, optionSku: 'never' },
  { questionUuid: breathing, optionSku: 'no' },
];

describe('the owner app sends the answers', () => {
  it('marks the checkup answered and problematic when an answer is, and publishes the triage signal', async () => {
    const id = await send();
    const response = await answer(id, worrying());
    expect(response.statusCode).toBe(200);
    const { checkup } = response.json();
    expect(checkup).toMatchObject({ status: 'answered', problematic: true, problematicCount: 1 });
    const question = checkup.questionGroups[0].questions[0];
    expect(question.answer).toMatchObject({
      sku: 'yes_sometimes',
      title: 'Yes, Sometimes!',
      problematic: true,
    });
    const events = await app.database.db.select().from(domainEvents).where(eq(domainEvents.entityId, id));
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkup.answered',
      'checkup.problematic',
      'checkup.sent',
    ]);
    expect(events.every((e) => e.petId === petId)).toBe(true);
  });

  it('changes nothing when the same answers come again, and refuses different ones with 409', async () => {
    const id = await send();
    const first = await answer(id, reassuring());
    expect(first.json().checkup.problematic).toBe(false);
    const again = await answer(id, reassuring());
    expect(again.statusCode).toBe(200);
    expect(again.json().checkup.answeredAt).toEqual(first.json().checkup.answeredAt);
    const events = await app.database.db.select().from(domainEvents).where(eq(domainEvents.entityId, id));
    expect(events.filter((e) => e.type === 'checkup.answered')).toHaveLength(1);
    const changed = await answer(id, worrying());
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('checkups.already_answered');
  });

  it('lists each bad answer by question: an option the question lacks and a question left unanswered', async () => {
    const id = await send();
    const response = await answer(id, [{ questionUuid: cough, optionSku: 'maybe' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('checkups.invalid_answers');
    expect(response.json().details.map((d: { path: string }) => d.path)).toEqual([
      `answers.${cough}`,
      `answers.${breathing}`,
    ]);
    const [row] = await app.database.db.select().from(checkups).where(eq(checkups.id, id));
    expect(row?.status).toBe('sent');
  });

  it('refuses a wrong token, a revoked token and a vet’s session', async () => {
    const id = await send();
    expect((await answer(id, reassuring(), 'not-a-token')).statusCode).toBe(401);
    const db = app.database.db;
    const revoked = await createIntegration({ db }, systemActor('test'), { name: 'Old owner app' });
    await revokeIntegration({ db }, systemActor('test'), { id: revoked.integration.id });
    expect((await answer(id, reassuring(), revoked.token)).statusCode).toBe(401);
    const asVet = await app.inject({
      method: 'POST',
      url: `/v1/checkups/${id}/answers`,
      cookies,
      payload: { answers: reassuring() },
    });
    expect(asVet.statusCode).toBe(401);
  });
});

describe('the vet reviews a checkup', () => {
  it('keeps the first comment in the history when a second vet amends the review', async () => {
    const id = await send();
    await answer(id, worrying());
    const review = (comment: string, as: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/v1/checkups/${id}/review`, cookies: as, payload: { comment } });
    const first = await review('Night cough: book an echo this week.', cookies);
    expect(first.json().checkup).toMatchObject({
      status: 'reviewed',
      vetComment: 'Night cough: book an echo this week.',
      reviewedBy: { name: 'Helena Marsh' },
      commentHistory: [],
    });
    const amended = (await review('Echo booked for Thursday.', secondVetCookies)).json().checkup;
    expect(amended.vetComment).toBe('Echo booked for Thursday.');
    expect(amended.reviewedBy.name).toBe('Omar Reyes');
    expect(amended.commentHistory).toMatchObject([
      { comment: 'Night cough: book an echo this week.', by: { name: 'Helena Marsh' } },
    ]);
  });

  it('refuses to review a checkup the owner has not answered yet', async () => {
    const id = await send();
    const response = await app.inject({
      method: 'POST',
      url: `/v1/checkups/${id}/review`,
      cookies,
      payload: { comment: 'Too early' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('checkups.not_answered');
  });
});

describe('a vet fills a checkup during a call', () => {
  it('saves it answered and filled by that vet', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/checkups`,
      cookies: secondVetCookies,
      payload: { poolUuid: pool.uuid, answers: reassuring() },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().checkup).toMatchObject({
      status: 'answered',
      problematic: false,
      filledBy: { name: 'Omar Reyes' },
      pet: { uuid: petId, name: 'Luna' },
    });
  });

  it('answers the checkup the owner was sent and has not answered, in place, instead of making a second one', async () => {
    const sent = await send();
    const fill = (body: object, pet = petId, as = secondVetCookies) =>
      app.inject({ method: 'POST', url: `/v1/pets/${pet}/checkups`, cookies: as, payload: body });
    const countOfPet = async () =>
      (await app.inject({ method: 'GET', url: `/v1/checkups?petUuid=${petId}&pageSize=100`, cookies })).json()
        .pagination.total as number;
    const before = await countOfPet();

    // Exactly one of pool and checkup; another pet's checkup, or one out of the vet's scope, is unknown.
    expect((await fill({ poolUuid: pool.uuid, checkupUuid: sent, answers: worrying() })).statusCode).toBe(
      400,
    );
    expect((await fill({ answers: worrying() })).statusCode).toBe(400);
    expect((await fill({ checkupUuid: sent, answers: worrying() }, companyPetId)).statusCode).toBe(404);
    expect(
      (await fill({ checkupUuid: sent, answers: worrying() }, petId, companyVetCookies)).statusCode,
    ).toBe(404);

    const filled = await fill({ checkupUuid: sent, answers: worrying() });
    expect(filled.statusCode).toBe(201);
    expect(filled.json().checkup).toMatchObject({
      uuid: sent,
      status: 'answered',
      problematic: true,
      problematicCount: 1,
      filledBy: { name: 'Omar Reyes' },
    });
    expect(await countOfPet()).toBe(before);
    // Answered now: the owner app's late answers and a second fill are refused like any answered checkup's.
    expect((await answer(sent, reassuring())).statusCode).toBe(409);
    const again = await fill({ checkupUuid: sent, answers: reassuring() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('checkups.already_answered');
  });
});

describe('the inbox', () => {
  it('puts answered checkups awaiting review first, problematic first, then oldest, with counts per status', async () => {
    const pet = (
      await createPet(app.database.db, {
        familyId: (await createFamily(app.database.db)).family.id,
        name: 'Inboxdog',
      })
    ).id;
    const waiting = await send(pet);
    const calm = await send(pet);
    await answer(calm, reassuring());
    const worried = await send(pet);
    await answer(worried, worrying());
    const done = await send(pet);
    await answer(done, reassuring());
    await app.inject({
      method: 'POST',
      url: `/v1/checkups/${done}/review`,
      cookies,
      payload: { comment: 'Fine' },
    });

    const response = await app.inject({ method: 'GET', url: `/v1/checkups?petUuid=${pet}`, cookies });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.checkups.map((c: { uuid: string }) => c.uuid)).toEqual([worried, calm, waiting, done]);
    expect(body.counts).toEqual({ sent: 1, answered: 2, reviewed: 1 });

    const problematic = await app.inject({
      method: 'GET',
      url: `/v1/checkups?petUuid=${pet}&problematic=true&status=answered`,
      cookies,
    });
    expect(problematic.json().checkups.map((c: { uuid: string }) => c.uuid)).toEqual([worried]);
  });

  it('shows a B2B vet only their company’s pets’ checkups; another checkup is not found', async () => {
    const own = await send(companyPetId);
    const other = await send(petId);
    const list = await app.inject({
      method: 'GET',
      url: '/v1/checkups?pageSize=200',
      cookies: companyVetCookies,
    });
    const ids = list.json().checkups.map((c: { uuid: string }) => c.uuid);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    const read = await app.inject({
      method: 'GET',
      url: `/v1/checkups/${other}`,
      cookies: companyVetCookies,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('checkups.not_found');
  });
});
