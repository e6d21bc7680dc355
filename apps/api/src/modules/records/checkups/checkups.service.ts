import {
  type Checkup,
  type CheckupAnswers,
  type CheckupFill,
  type CheckupListQuery,
  type CheckupListResponse,
  type CheckupReview,
  checkAnswers,
  countOf,
  type ItemPendingCard,
  toTimestamp,
} from '@vetboard/contract';
import type { AnyColumn } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import type { Actor, IntegrationActor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { petIdsInScope, recordPetEvent } from '../../core/pets/index.ts';
import { vetNames } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { withAlertsOfPet, withPetAlerts } from '../pet-alerts/index.ts';
import { checkupsErrors } from './checkups.errors.ts';
import { toFhirQuestionnaireResponse } from './checkups.fhir.ts';
import { findPoolForFill } from './checkups.forms.repository.ts';
import { findFormStructure } from './checkups.forms.service.ts';
import { checkupLifecycle } from './checkups.lifecycle.ts';
import { toCheckupDto, toCheckupSummaryDto } from './checkups.mapper.ts';
import {
  checkupsOfPetsAnsweredDuring,
  checkupTimelineRows,
  countCheckups,
  countCheckupsByStatus,
  findCheckup,
  insertCheckups,
  listCheckups,
  lockCheckup,
  updateCheckup,
} from './checkups.repository.ts';
import { type CheckupRow, checkups } from './checkups.table.ts';

export interface CheckupsDeps {
  db: Db;
  now: Now;
  pendingCardsOfItems: PendingCardsOfItems;
}

/**
 * The pending cards each item's triggers feed, by item id. Wired in by the app as `resolveTriggersOfItem`
 * is, for the same cycle (plugins/app/services.ts).
 */
export type PendingCardsOfItems = (
  db: DbOrTx,
  entity: string,
  ids: readonly string[],
) => Promise<Map<string, ItemPendingCard[]>>;

/**
 * Resolves, in the caller's transaction, the pending-card triggers an item raised, with the vet's words
 * as their note. Pending cards read a checkup's problematic answers, so checkups may not import them:
 * the app wires pending cards' `resolveTriggersOfItem` in (plugins/app/services.ts).
 */
export type ResolveTriggersOfItem = (
  tx: DbOrTx,
  actor: VetActor,
  item: { entity: string; id: string },
  note: string,
  at: Date,
) => Promise<void>;

export interface CheckupReviewDeps extends CheckupsDeps {
  resolveTriggersOfItem: ResolveTriggersOfItem;
}

/** Out of the actor's scope, a checkup is as unknown as a missing one. */
const checkupScope = (actor: Actor) => petCondition(actor, checkups.petId);

export async function listCheckupsPage(
  deps: Pick<CheckupsDeps, 'db'>,
  actor: Actor,
  query: CheckupListQuery,
): Promise<CheckupListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter = { ...filters, scope: checkupScope(actor) };
  const [{ rows, pagination }, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listCheckups(deps.db, filter, { sort, order }, window),
      count: (bound) => countCheckups(deps.db, filter, bound),
    }),
    countCheckupsByStatus(deps.db, filter),
  ]);
  return { checkups: await withPetAlerts(deps.db, rows.map(toCheckupSummaryDto)), pagination, counts };
}

async function checkupDto(db: DbOrTx, actor: Actor, id: string): Promise<Omit<Checkup, 'pendingCards'>> {
  const row = await findCheckup(db, id, checkupScope(actor));
  if (!row) throw checkupsErrors.notFound();
  const structure = (await findFormStructure(db, row.checkup.formId, row.checkup.formVersion)) ?? [];
  const vetIds = [
    ...new Set(row.checkup.commentHistory.flatMap((entry) => (entry.vetId ? [entry.vetId] : []))),
  ];
  const vets = new Map((await vetNames(db, vetIds)).map((vet) => [vet.id, vet]));
  return withAlertsOfPet<Omit<Checkup, 'pendingCards'>>(db, toCheckupDto(row, structure, vets));
}

export async function getCheckup(
  deps: Pick<CheckupsDeps, 'db' | 'pendingCardsOfItems'>,
  actor: Actor,
  id: string,
): Promise<{ checkup: Checkup }> {
  // Read after the checkup, which applied the scope: an unknown id never reaches the cards.
  const checkup = await checkupDto(deps.db, actor, id);
  const cards = await deps.pendingCardsOfItems(deps.db, 'checkup', [id]);
  return { checkup: { ...checkup, pendingCards: cards.get(id) ?? [] } };
}

/** The checkup's answers as a FHIR R4 QuestionnaireResponse. */
export async function getCheckupFhir(
  deps: Pick<CheckupsDeps, 'db'> & { config: Pick<Config, 'publicUrl'> },
  actor: Actor,
  id: string,
) {
  return toFhirQuestionnaireResponse(await checkupDto(deps.db, actor, id), deps.config.publicUrl);
}

const sameAnswers = (stored: CheckupRow['answers'], sent: CheckupAnswers['answers']) => {
  const key = (answers: CheckupAnswers['answers']) =>
    JSON.stringify(answers.map((a) => [a.questionUuid, a.optionSku]).sort());
  return stored !== null && key(stored) === key(sent);
};

async function validatedAnswers(
  tx: DbOrTx,
  checkup: Pick<CheckupRow, 'formId' | 'formVersion'>,
  answers: CheckupAnswers['answers'],
) {
  const structure = (await findFormStructure(tx, checkup.formId, checkup.formVersion)) ?? [];
  const { problems, problematicCount } = checkAnswers(structure, answers);
  if (problems.length > 0) throw checkupsErrors.invalidAnswers(problems);
  return {
    problematicCount,
    answers: answers.map(({ questionUuid, optionSku }) => ({ questionUuid, optionSku })),
  };
}

async function recordAnswered(
  tx: DbOrTx,
  checkup: { id: string; petId: string },
  problematic: boolean,
  actor: Actor,
) {
  await recordPetEvent(tx, checkup.petId, {
    type: 'checkup.answered',
    entity: 'checkup',
    id: checkup.id,
    actor: eventActorOf(actor),
  });
  // The signal the triage inbox listens for, so it reads no checkup to know.
  if (problematic)
    await recordPetEvent(tx, checkup.petId, {
      type: 'checkup.problematic',
      entity: 'checkup',
      id: checkup.id,
      actor: eventActorOf(actor),
    });
}

/**
 * The owner's answers from the owner app. A repeated submission of the same answers changes nothing;
 * different answers to an answered checkup are refused.
 */
export async function submitAnswers(
  deps: CheckupsDeps,
  actor: IntegrationActor,
  id: string,
  input: CheckupAnswers,
): Promise<{ checkup: Checkup }> {
  await deps.db.transaction(async (tx) => {
    const current = await lockCheckup(tx, id, checkupScope(actor));
    if (!current) throw checkupsErrors.notFound();
    if (current.status !== 'sent' && sameAnswers(current.answers, input.answers)) return;
    await answerSentCheckup(tx, actor, current, input.answers, { at: deps.now(), action: 'checkups.answer' });
  });
  return getCheckup(deps, actor, id);
}

/**
 * Answers a sent checkup (the owner app's answers, or a vet's during a call): its life-cycle's 409 once
 * answered, the answers checked against its form version, the signal and the audit.
 */
async function answerSentCheckup(
  tx: DbOrTx,
  actor: Actor,
  current: CheckupRow,
  input: CheckupAnswers['answers'],
  how: { at: Date; action: 'checkups.answer' | 'checkups.fill'; filledByVetId?: string },
) {
  const { next: status } = await checkupLifecycle.lockFor(
    async () => current,
    checkupsErrors.notFound,
    'answer',
  );
  const { answers, problematicCount } = await validatedAnswers(tx, current, input);
  const problematic = problematicCount > 0;
  await updateCheckup(tx, current.id, {
    status,
    answers,
    problematic,
    problematicCount,
    answeredAt: how.at,
    ...(how.filledByVetId ? { filledByVetId: how.filledByVetId } : {}),
  });
  await recordAnswered(tx, current, problematic, actor);
  await recordAudit(tx, actor, {
    action: how.action,
    entity: 'checkup',
    entityId: current.id,
    changes: {
      before: { status: current.status },
      after: { status, answers, problematic },
      ...(how.filledByVetId ? { sentCheckup: true } : {}),
    },
  });
}

/**
 * Marks an answered checkup reviewed with the vet's comment, which resolves the pending-card trigger the
 * checkup raised (and its card when nothing else is open on it). Reviewing again amends the comment: the
 * one it replaces is kept in the history with who wrote it and when.
 */
export async function reviewCheckup(
  deps: CheckupReviewDeps,
  actor: VetActor,
  id: string,
  input: CheckupReview,
): Promise<{ checkup: Checkup }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await checkupLifecycle.lockFor(
      () => lockCheckup(tx, id, checkupScope(actor)),
      checkupsErrors.notFound,
      'review',
    );
    const at = deps.now();
    const history =
      row.status === 'reviewed' && row.vetComment !== null
        ? [
            ...row.commentHistory,
            { comment: row.vetComment, vetId: row.reviewedByVetId, at: (row.reviewedAt ?? at).toISOString() },
          ]
        : row.commentHistory;
    await updateCheckup(tx, id, {
      status,
      vetComment: input.comment,
      reviewedByVetId: actor.vetId,
      reviewedAt: at,
      commentHistory: history,
    });
    // The review is the case's handling: the card the problematic answers raised closes with it.
    await deps.resolveTriggersOfItem(tx, actor, { entity: 'checkup', id }, input.comment, at);
    await recordPetEvent(tx, row.petId, {
      type: 'checkup.reviewed',
      entity: 'checkup',
      id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: row.status === 'reviewed' ? 'checkups.amend_review' : 'checkups.review',
      entity: 'checkup',
      entityId: id,
      changes: {
        before: { status: row.status, vetComment: row.vetComment },
        after: { status, vetComment: input.comment },
      },
    });
  });
  return getCheckup(deps, actor, id);
}

/**
 * A vet answers, during a call, a checkup the owner was sent and has not answered: that checkup is answered
 * (not a second one made beside it), "filled by" the vet. One already answered is refused as the owner
 * app's would be (409); another pet's or one out of scope is unknown (404).
 */
async function fillSentCheckup(
  deps: CheckupsDeps,
  actor: VetActor,
  petId: string,
  checkupId: string,
  answersIn: CheckupFill['answers'],
): Promise<{ checkup: Checkup }> {
  await deps.db.transaction(async (tx) => {
    const current = await lockCheckup(tx, checkupId, checkupScope(actor));
    if (!current || current.petId !== petId) throw checkupsErrors.notFound();
    await answerSentCheckup(tx, actor, current, answersIn, {
      at: deps.now(),
      action: 'checkups.fill',
      filledByVetId: actor.vetId,
    });
  });
  return getCheckup(deps, actor, checkupId);
}

/**
 * A vet fills a checkup for the pet (during a call): from a pool, a new one saved answered; or the one the
 * owner was sent (`checkupUuid`), answered in place. Either way "filled by" the vet.
 */
export async function fillCheckup(
  deps: CheckupsDeps,
  actor: VetActor,
  petId: string,
  input: CheckupFill,
): Promise<{ checkup: Checkup }> {
  if (input.checkupUuid) return fillSentCheckup(deps, actor, petId, input.checkupUuid, input.answers);
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const inScope = await petIdsInScope(tx, [petId], (column: AnyColumn) => petCondition(actor, column));
    if (!inScope.has(petId)) throw checkupsErrors.petNotFound();
    // The body gives exactly one of the two (the contract's refinement).
    const pool = await findPoolForFill(tx, input.poolUuid as string);
    if (!pool) throw checkupsErrors.poolNotFound();
    const { answers, problematicCount } = await validatedAnswers(
      tx,
      { formId: pool.id, formVersion: pool.version },
      input.answers,
    );
    const at = deps.now();
    const problematic = problematicCount > 0;
    await insertCheckups(tx, [
      {
        id,
        petId,
        formId: pool.id,
        formVersion: pool.version,
        status: checkupLifecycle.check(checkupLifecycle.initial, 'answer'),
        sentAt: at,
        answeredAt: at,
        answers,
        problematic,
        problematicCount,
        filledByVetId: actor.vetId,
        sentByVetId: actor.vetId,
      },
    ]);
    await recordAnswered(tx, { id, petId }, problematic, actor);
    await recordAudit(tx, actor, {
      action: 'checkups.fill',
      entity: 'checkup',
      entityId: id,
      changes: {
        after: { petUuid: petId, poolUuid: pool.id, formVersion: pool.version, answers, problematic },
      },
    });
  });
  return getCheckup(deps, actor, id);
}

export interface WeekCheckup {
  uuid: string;
  title: string;
  answeredAt: { seconds: number };
  problematic: boolean;
}

/** Each pet's checkups answered in [start, end): what a weekly report counts and lists. */
export async function checkupsOfPetsAnsweredInWeek(
  db: DbOrTx,
  petIds: readonly string[],
  start: Date,
  end: Date,
): Promise<Map<string, WeekCheckup[]>> {
  const byPet = new Map<string, WeekCheckup[]>();
  if (petIds.length === 0) return byPet;
  for (const row of await checkupsOfPetsAnsweredDuring(db, petIds, start, end)) {
    if (!row.answeredAt) continue;
    const list = byPet.get(row.petId) ?? [];
    list.push({
      uuid: row.id,
      title: row.title,
      answeredAt: toTimestamp(row.answeredAt),
      problematic: row.problematic,
    });
    byPet.set(row.petId, list);
  }
  return byPet;
}

function problematicAnswers(count: number): string {
  if (count === 0) return 'no problematic answer';
  return countOf(count, { one: 'problematic answer', other: 'problematic answers' });
}

/** A pet's checkups sent, answered and reviewed, for its timeline (each kind one bounded read). */
export async function listCheckupTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const kinds = (['checkup.sent', 'checkup.answered', 'checkup.reviewed'] as const).filter((kind) =>
    read.kinds.has(kind),
  );
  const pages = await Promise.all(
    kinds.map(async (kind) =>
      (await checkupTimelineRows(deps.db, read, kind)).map((row): TimelineEvent => {
        const link = `/checkups/${row.id}`;
        const form = `Checkup '${row.formTitle}'`;
        if (kind === 'checkup.sent')
          return { id: row.id, at: row.at, kind, source: 'vet', title: `${form} sent`, link };
        if (kind === 'checkup.reviewed')
          return { id: row.id, at: row.at, kind, source: 'vet', title: `${form} reviewed`, link };
        return {
          id: row.id,
          at: row.at,
          kind,
          source: row.filledByVet ? 'vet' : 'owner_app',
          title: `${form} ${row.filledByVet ? 'filled in by a vet' : 'answered'}: ${problematicAnswers(row.problematicCount)}`,
          link,
        };
      }),
    ),
  );
  return pages.flat();
}
