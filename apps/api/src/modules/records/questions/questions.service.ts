import {
  fullName,
  type PetQuestion,
  type PetQuestionAnswer,
  type PetQuestionDetail,
  type PetQuestionIngest,
  type PetQuestionListQuery,
  type PetQuestionListResponse,
  timestampToDate,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import { quotedInTitle, type TimelineEvent, type TimelineRead } from '../../../lib/timeline.ts';
import type { Actor, IntegrationActor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { vetName } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { pendingCardsOfItems, resolveTriggersOfItem } from '../pending-cards/index.ts';
import { type WithoutPetAlerts, withPetAlerts } from '../pet-alerts/index.ts';
import { questionsErrors } from './questions.errors.ts';
import { questionsLifecycle } from './questions.lifecycle.ts';
import { toPetQuestionDto } from './questions.mapper.ts';
import {
  countPetQuestionsByStatus,
  findQuestion,
  findQuestionById,
  insertQuestion,
  listPetQuestions,
  lockQuestion,
  questionTimelineRows,
  listOldestOpenQuestions as selectOldestOpenQuestions,
  updateQuestion,
} from './questions.repository.ts';
import { type PetQuestionRow, petQuestions } from './questions.table.ts';

export interface QuestionsDeps {
  db: Db;
  now: Now;
}

export interface QuestionsSendDeps extends QuestionsDeps {
  mailer: Pick<Mailer, 'enqueue'>;
}

/** Out of the actor's scope, a question is as unknown as a missing one. */
const questionsScope = (actor: Actor) => petCondition(actor, petQuestions.petId);

/** The questions with the cards each one fed and their pets' alerts, one read each however many there are. */
async function withPendingCards(
  db: DbOrTx,
  questions: WithoutPetAlerts<PetQuestion>[],
): Promise<PetQuestionDetail[]> {
  const [cards, withAlerts] = await readTogether(db, [
    () =>
      pendingCardsOfItems(
        db,
        'pet_question',
        questions.map((question) => question.uuid),
      ),
    () => withPetAlerts<PetQuestion>(db, questions),
  ] as const);
  return withAlerts.map((question) => ({ ...question, pendingCards: cards.get(question.uuid) ?? [] }));
}

async function questionDto(db: DbOrTx, actor: Actor, id: string): Promise<PetQuestionDetail> {
  const row = await findQuestion(db, id, questionsScope(actor));
  if (!row) throw questionsErrors.notFound();
  const [question] = await withPendingCards(db, [toPetQuestionDto(row)]);
  return question as PetQuestionDetail;
}

/** The open questions that have waited longest, within the actor's scope: for the home page. */
export async function listOldestOpenQuestions(
  deps: Pick<QuestionsDeps, 'db'>,
  actor: Actor,
  limit: number,
): Promise<PetQuestion[]> {
  const rows = await selectOldestOpenQuestions(deps.db, questionsScope(actor), limit);
  return withPetAlerts(deps.db, rows.map(toPetQuestionDto));
}

export async function listPetQuestionsPage(
  deps: Pick<QuestionsDeps, 'db'>,
  actor: Actor,
  petId: string,
  query: PetQuestionListQuery,
): Promise<PetQuestionListResponse> {
  const pet = await findPetWithOwner(deps.db, actor, petId);
  if (!pet) throw questionsErrors.notFound();
  const counts = await countPetQuestionsByStatus(deps.db, petId);
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listPetQuestions(deps.db, petId, query.status, window),
    count: async () => (query.status ? counts[query.status] : counts.open + counts.answered),
  });
  return { petQuestions: await withPendingCards(deps.db, rows.map(toPetQuestionDto)), pagination, counts };
}

const sameQuestion = (row: PetQuestionRow, input: PetQuestionIngest) =>
  row.petId === input.petUuid &&
  row.question === input.question &&
  row.askedAt.getTime() === timestampToDate(input.askedAt).getTime();

/**
 * A question from the owner app. The same question sent again answers the stored one
 * (`created: false`); the same uuid with different content is a 409.
 */
export async function ingestPetQuestion(
  deps: QuestionsDeps,
  actor: IntegrationActor,
  input: PetQuestionIngest,
): Promise<{ created: boolean; petQuestion: PetQuestionDetail }> {
  const existing = await findQuestionById(deps.db, input.uuid);
  if (existing) {
    if (!sameQuestion(existing, input)) throw questionsErrors.idConflict();
    return { created: false, petQuestion: await questionDto(deps.db, actor, input.uuid) };
  }
  const created = await deps.db.transaction(async (tx) => {
    const pet = await findPetWithOwner(tx, actor, input.petUuid, { lock: true });
    if (!pet) throw questionsErrors.petNotFound();
    const askedAt = timestampToDate(input.askedAt);
    const inserted = await insertQuestion(tx, {
      id: input.uuid,
      petId: input.petUuid,
      question: input.question,
      askedAt,
      receivedAt: deps.now(),
      receivedFromIntegrationId: actor.integrationId,
    });
    // A concurrent retry inserted it first: that request records the event and the audit.
    if (!inserted) return false;
    await recordPetEvent(tx, input.petUuid, {
      type: 'question.received',
      entity: 'pet_question',
      id: input.uuid,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'questions.receive',
      entity: 'pet_question',
      entityId: input.uuid,
      changes: {
        after: { petUuid: input.petUuid, question: input.question, askedAt: askedAt.toISOString() },
      },
    });
    return true;
  });
  if (!created) {
    const stored = await findQuestionById(deps.db, input.uuid);
    if (stored && !sameQuestion(stored, input)) throw questionsErrors.idConflict();
  }
  return { created, petQuestion: await questionDto(deps.db, actor, input.uuid) };
}

async function changed(tx: DbOrTx, row: Pick<PetQuestionRow, 'id' | 'petId'>, actor: Actor) {
  await recordPetEvent(tx, row.petId, {
    type: 'question.changed',
    entity: 'pet_question',
    id: row.id,
    actor: eventActorOf(actor),
  });
}

/** Saves the vet's answer, or replaces the saved one, while it has not been sent (409 after). */
export async function savePetQuestionAnswer(
  deps: QuestionsDeps,
  actor: VetActor,
  id: string,
  input: PetQuestionAnswer,
): Promise<{ petQuestion: PetQuestionDetail }> {
  await deps.db.transaction(async (tx) => {
    const { row } = await questionsLifecycle.lockFor(
      () => lockQuestion(tx, id, questionsScope(actor)),
      questionsErrors.notFound,
      'answer',
    );
    if (row.answer === input.answer) return;
    const at = deps.now();
    await updateQuestion(tx, id, { answer: input.answer, answeredByVetId: actor.vetId, answeredAt: at });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: row.answer === null ? 'questions.answer' : 'questions.edit_answer',
      entity: 'pet_question',
      entityId: id,
      changes: { before: { answer: row.answer }, after: { answer: input.answer } },
    });
  });
  return { petQuestion: await questionDto(deps.db, actor, id) };
}

/**
 * Sends the saved answer to the owner: queued as an e-mail in the same transaction that marks the
 * thread answered (the mail exists exactly when the thread says it was sent).
 */
export async function sendPetQuestionAnswer(
  deps: QuestionsSendDeps,
  actor: VetActor,
  id: string,
): Promise<{ petQuestion: PetQuestionDetail }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await questionsLifecycle.lockFor(
      () => lockQuestion(tx, id, questionsScope(actor)),
      questionsErrors.notFound,
      'send',
    );
    if (row.answer === null) throw questionsErrors.noAnswer();
    const details = await findQuestion(tx, id, undefined);
    if (!details?.owner?.email) throw questionsErrors.ownerHasNoEmail();
    const at = deps.now();
    const author = await vetName(tx, row.answeredByVetId ?? actor.vetId);
    const who = author ? fullName(author) : 'Your vet';
    const emailId = await deps.mailer.enqueue(tx, {
      to: details.owner.email,
      subject: `${who} answered your question about ${details.pet.name}`,
      createdByVetId: actor.vetId,
      content: {
        greeting: `Hello ${details.owner.firstName ?? ''},`.replace(' ,', ','),
        paragraphs: [
          `You asked about ${details.pet.name}:`,
          `“${row.question}”`,
          `${who} answered:`,
          ...row.answer.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
        ],
        footer: ['You can ask another question from the app.'],
      },
    });
    await updateQuestion(tx, id, { status, sentByVetId: actor.vetId, sentAt: at, answerEmailId: emailId });
    // The answer sent is the case's handling: a card the question raised closes with it.
    await resolveTriggersOfItem(tx, actor, { entity: 'pet_question', id }, row.answer, at);
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'questions.send',
      entity: 'pet_question',
      entityId: id,
      changes: {
        before: { status: row.status, sentAt: null },
        after: { status, sentAt: at.toISOString(), answer: row.answer, emailId },
      },
    });
  });
  return { petQuestion: await questionDto(deps.db, actor, id) };
}

/** A pet's owner questions asked and answered, for its timeline (each kind one bounded read). */
export async function listQuestionTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const [asked, answered] = await Promise.all([
    read.kinds.has('question.asked') ? questionTimelineRows(deps.db, read, 'question.asked') : [],
    read.kinds.has('question.answered') ? questionTimelineRows(deps.db, read, 'question.answered') : [],
  ]);
  const link = `/pets/${read.petId}/qa`;
  return [
    ...asked.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'question.asked',
        source: 'owner_app',
        title: `Owner asked: ${quotedInTitle(row.question)}`,
        link,
      }),
    ),
    ...answered.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'question.answered',
        source: 'vet',
        title: `Vet answered the owner’s question ${quotedInTitle(row.question)}`,
        link,
      }),
    ),
  ];
}
