import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { domainEvents } from '../../platform/events/events.table.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { petQuestions } from './questions.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let otherVetCookies: Record<string, string>;
let companyVetCookies: Record<string, string>;
let token: string;
let petId: string;
let companyPetId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const vet = await createTestVet(app, { kind: 'regular', firstName: 'Helena', lastName: 'Marsh' });
  cookies = await loginAs(app, vet.email);
  const otherVet = await createTestVet(app, { kind: 'regular', firstName: 'Tom', lastName: 'Reyes' });
  otherVetCookies = await loginAs(app, otherVet.email);
  const company = await createCompany(db);
  const companyVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
  companyVetCookies = await loginAs(app, companyVet.email);
  token = (await createIntegration({ db }, systemActor('test'), { name: 'Owner app' })).token;
  const { family } = await createFamily(db, {
    owner: { firstName: 'Emma', lastName: 'Clarke', email: 'emma.questions@example.com' },
  });
  petId = (await createPet(db, { familyId: family.id, name: 'Lunaqa' })).id;
  const b2b = await createFamily(db, { familyKind: 'b2b', owner: { b2bCode: company.sku } });
  companyPetId = (await createPet(db, { familyId: b2b.family.id, name: 'Kikoqa' })).id;
});

const hoursAgo = (hours: number) => ({
  seconds: Math.floor(app.clock.now().getTime() / 1000) - hours * 3600,
});

function questionOf(overrides: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    petUuid: petId,
    question: 'Is it normal that Luna breathes fast while she sleeps?',
    askedAt: hoursAgo(5),
    ...overrides,
  };
}

function ask(question: unknown, bearer = token) {
  return app.inject({
    method: 'POST',
    url: '/v1/pet-questions',
    payload: question as Record<string, unknown>,
    headers: { authorization: `Bearer ${bearer}` },
  });
}

const answer = (id: string, text: string, as = cookies) =>
  app.inject({
    method: 'PUT',
    url: `/v1/pet-questions/${id}/answer`,
    cookies: as,
    payload: { answer: text },
  });
const send = (id: string, as = cookies) =>
  app.inject({ method: 'POST', url: `/v1/pet-questions/${id}/send`, cookies: as });

async function storedRow(id: string) {
  const [row] = await app.database.db.select().from(petQuestions).where(eq(petQuestions.id, id));
  return row;
}

const countQuestions = async () =>
  (await app.database.db.select({ id: petQuestions.id }).from(petQuestions)).length;

describe('owner-app questions (POST /v1/pet-questions)', () => {
  it('stores a question as an open thread the pet’s vets read, audited and announced', async () => {
    const question = questionOf();
    const response = await ask(question);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().petQuestion).toMatchObject({
      uuid: question.uuid,
      pet: { uuid: petId, name: 'Lunaqa' },
      ownerName: 'Emma Clarke',
      question: question.question,
      askedAt: question.askedAt,
      status: 'open',
      answer: null,
      sentAt: null,
    });
    const listed = await app.inject({ method: 'GET', url: `/v1/pets/${petId}/questions`, cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().petQuestions.map((q: { uuid: string }) => q.uuid)).toContain(question.uuid);
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, question.uuid));
    expect(events.map((e) => [e.type, e.petId])).toEqual([['question.received', petId]]);
    const audit = await listAuditRows(app.database.db, { entityId: question.uuid });
    expect(audit.map((row) => row.action)).toEqual(['questions.receive']);
  });

  it('answers the same question sent again with the stored one, and refuses the same id with other content', async () => {
    const question = questionOf({ question: 'Can she have carrots?' });
    expect((await ask(question)).statusCode).toBe(201);
    const before = await countQuestions();
    const again = await ask(question);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().petQuestion.uuid).toBe(question.uuid);
    expect(await countQuestions()).toBe(before);
    const changed = await ask({ ...question, question: 'Can she have apples?' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('questions.id_conflict');
    expect((await storedRow(question.uuid))?.question).toBe('Can she have carrots?');
  });

  it('refuses an empty question, an unknown pet and a missing or vet token, storing nothing', async () => {
    const before = await countQuestions();
    const empty = await ask(questionOf({ question: '   ' }));
    expect(empty.statusCode).toBe(400);
    const unknownPet = await ask(questionOf({ petUuid: randomUUID() }));
    expect(unknownPet.statusCode).toBe(400);
    expect(unknownPet.json().code).toBe('questions.pet_not_found');
    const extra = await ask({ ...questionOf(), status: 'answered' });
    expect(extra.statusCode).toBe(400);
    const noToken = await app.inject({ method: 'POST', url: '/v1/pet-questions', payload: questionOf() });
    expect(noToken.statusCode).toBe(401);
    const asVet = await app.inject({
      method: 'POST',
      url: '/v1/pet-questions',
      payload: questionOf(),
      cookies,
    });
    expect(asVet.statusCode).toBe(401);
    expect(await countQuestions()).toBe(before);
  });
});

describe('answering: save, edit, send', () => {
  let questionId: string;

  beforeAll(async () => {
    const question = questionOf({ question: 'She coughs at night. Should we worry?' });
    questionId = question.uuid;
    expect((await ask(question)).statusCode).toBe(201);
  });

  it('refuses to send before an answer is saved', async () => {
    const response = await send(questionId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('questions.no_answer');
    expect((await storedRow(questionId))?.status).toBe('open');
  });

  it('saves an answer as a draft the vet can edit, with who and when, nothing mailed', async () => {
    const saved = await answer(questionId, 'Count her breaths tonight.');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().petQuestion).toMatchObject({
      status: 'open',
      answer: 'Count her breaths tonight.',
      answeredBy: { name: 'Helena Marsh' },
      sentAt: null,
    });
    const edited = await answer(
      questionId,
      'Count her breaths while she sleeps.\n\nAbove 40, call us.',
      otherVetCookies,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().petQuestion).toMatchObject({
      answer: 'Count her breaths while she sleeps.\n\nAbove 40, call us.',
      answeredBy: { name: 'Tom Reyes' },
    });
    expect((await storedRow(questionId))?.answerEmailId).toBeNull();
    const audit = await listAuditRows(app.database.db, { entityId: questionId });
    const edit = audit.find((row) => row.action === 'questions.edit_answer');
    expect(edit?.changes).toMatchObject({
      before: { answer: 'Count her breaths tonight.' },
      after: { answer: 'Count her breaths while she sleeps.\n\nAbove 40, call us.' },
    });
  });

  it('refuses an empty answer, keeping the saved one', async () => {
    const response = await answer(questionId, '  ');
    expect(response.statusCode).toBe(400);
    expect((await storedRow(questionId))?.answer).toContain('while she sleeps');
  });

  it('sends the answer to the owner by e-mail and marks the thread answered', async () => {
    const response = await send(questionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().petQuestion).toMatchObject({
      status: 'answered',
      sentBy: { name: 'Helena Marsh' },
      answeredBy: { name: 'Tom Reyes' },
    });
    expect(response.json().petQuestion.sentAt).not.toBeNull();
    const row = await storedRow(questionId);
    const [mail] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.answerEmailId ?? ''));
    expect(mail).toMatchObject({
      to: 'emma.questions@example.com',
      subject: 'Tom Reyes answered your question about Lunaqa',
    });
    expect(mail?.text).toContain('She coughs at night. Should we worry?');
    expect(mail?.text).toContain('Above 40, call us.');
    const audit = await listAuditRows(app.database.db, { entityId: questionId });
    expect(audit.map((r) => r.action)).toContain('questions.send');
    const events = await app.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, questionId));
    expect(events.filter((e) => e.type === 'question.changed').length).toBe(3);
  });

  it('refuses to edit or send again once sent (409), changing nothing', async () => {
    const before = await storedRow(questionId);
    const edit = await answer(questionId, 'Too late');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('questions.already_sent');
    const again = await send(questionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('questions.already_sent');
    expect(await storedRow(questionId)).toEqual(before);
  });

  it('lists the pet’s open threads first, then the newest, with the counts', async () => {
    const older = questionOf({ question: 'Old open question', askedAt: hoursAgo(500) });
    expect((await ask(older)).statusCode).toBe(201);
    const listed = await app.inject({ method: 'GET', url: `/v1/pets/${petId}/questions`, cookies });
    const threads: Array<{ status: string; askedAt: { seconds: number } }> = listed.json().petQuestions;
    const firstAnswered = threads.findIndex((t) => t.status === 'answered');
    expect(firstAnswered).toBeGreaterThan(0);
    expect(threads.slice(firstAnswered).every((t) => t.status === 'answered')).toBe(true);
    const open = threads.slice(0, firstAnswered);
    expect(open.map((t) => t.askedAt.seconds)).toEqual(
      [...open.map((t) => t.askedAt.seconds)].sort((a, b) => b - a),
    );
    expect(listed.json().counts).toEqual({ open: open.length, answered: threads.length - open.length });
    const answeredOnly = await app.inject({
      method: 'GET',
      url: `/v1/pets/${petId}/questions?status=answered`,
      cookies,
    });
    expect(answeredOnly.json().petQuestions.map((t: { status: string }) => t.status)).toEqual(['answered']);
  });
});

describe('scope', () => {
  let productQuestion: string;
  let companyQuestion: string;

  beforeAll(async () => {
    const product = questionOf({ question: 'Product customer only' });
    productQuestion = product.uuid;
    expect((await ask(product)).statusCode).toBe(201);
    const company = questionOf({ petUuid: companyPetId, question: 'Company pet question' });
    companyQuestion = company.uuid;
    expect((await ask(company)).statusCode).toBe(201);
  });

  it('shows a B2B vet their company’s pets’ questions and a product pet’s as not found, changing nothing', async () => {
    const own = await app.inject({
      method: 'GET',
      url: `/v1/pets/${companyPetId}/questions`,
      cookies: companyVetCookies,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().petQuestions.map((q: { uuid: string }) => q.uuid)).toEqual([companyQuestion]);
    const other = await app.inject({
      method: 'GET',
      url: `/v1/pets/${petId}/questions`,
      cookies: companyVetCookies,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('questions.not_found');
    expect(other.body).not.toContain('Product customer only');
    const answered = await answer(productQuestion, 'Not mine to answer', companyVetCookies);
    expect(answered.statusCode).toBe(404);
    expect(answered.json().code).toBe('questions.not_found');
    const sent = await send(productQuestion, companyVetCookies);
    expect(sent.statusCode).toBe(404);
    expect((await storedRow(productQuestion))?.answer).toBeNull();
  });
});
