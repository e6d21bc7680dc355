import type { PetQuestionStatus } from '@vetboard/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { PageWindow } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { ownerFields, petFields, withPetAndOwner } from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { type NewPetQuestionRow, type PetQuestionRow, petQuestions } from './questions.table.ts';

const answerer = vetInRole('answerer');
const sender = vetInRole('sender');

function selectQuestions(db: DbOrTx) {
  const query = db
    .select({
      question: petQuestions,
      pet: petFields,
      owner: ownerFields,
      answeredBy: answerer.fields,
      sentBy: sender.fields,
    })
    .from(petQuestions)
    .$dynamic();
  return sender.join(
    answerer.join(withPetAndOwner(query, petQuestions.petId), petQuestions.answeredByVetId),
    petQuestions.sentByVetId,
  );
}

export type PetQuestionDetailsRow = Awaited<ReturnType<typeof selectQuestions>>[number];

/** A pet's threads: open ones first (they wait for a vet), then the newest. */
export function listPetQuestions(
  db: DbOrTx,
  petId: string,
  status: PetQuestionStatus | undefined,
  window: PageWindow,
): Promise<PetQuestionDetailsRow[]> {
  const rank = sql`case ${petQuestions.status} when 'open' then 0 else 1 end`;
  return selectQuestions(db)
    .where(and(eq(petQuestions.petId, petId), status ? eq(petQuestions.status, status) : undefined))
    .orderBy(asc(rank), desc(petQuestions.askedAt), desc(petQuestions.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Open threads across pets, the longest waiting first (the home page's "waiting for an answer"). */
export function listOldestOpenQuestions(db: DbOrTx, scope: SQL | undefined, limit: number) {
  return selectQuestions(db)
    .where(and(eq(petQuestions.status, 'open'), scope))
    .orderBy(asc(petQuestions.askedAt), asc(petQuestions.id))
    .limit(limit);
}

export async function countPetQuestionsByStatus(db: DbOrTx, petId: string) {
  const rows = await db
    .select({ status: petQuestions.status, count: sql<number>`count(*)::int` })
    .from(petQuestions)
    .where(eq(petQuestions.petId, petId))
    .groupBy(petQuestions.status);
  const counts = { open: 0, answered: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findQuestion(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectQuestions(db)
    .where(and(eq(petQuestions.id, id), scope))
    .limit(1);
  return row;
}

/** Any question with this id, whatever the scope: the owner app's retries are found by it. */
export async function findQuestionById(db: DbOrTx, id: string): Promise<PetQuestionRow | undefined> {
  const [row] = await db.select().from(petQuestions).where(eq(petQuestions.id, id)).limit(1);
  return row;
}

export async function lockQuestion(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<PetQuestionRow | undefined> {
  const [row] = await tx
    .select()
    .from(petQuestions)
    .where(and(eq(petQuestions.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

/** Inserts the question unless one with its id exists (a concurrent retry): true when this call did. */
export async function insertQuestion(tx: DbOrTx, row: NewPetQuestionRow): Promise<boolean> {
  const inserted = await tx
    .insert(petQuestions)
    .values(row)
    .onConflictDoNothing({ target: petQuestions.id })
    .returning({ id: petQuestions.id });
  return inserted.length > 0;
}

export async function updateQuestion(
  tx: DbOrTx,
  id: string,
  changes: Partial<NewPetQuestionRow>,
): Promise<void> {
  await tx.update(petQuestions).set(changes).where(eq(petQuestions.id, id));
}

/** One pet's questions asked, or answers sent, for its timeline: one bounded page. */
export function questionTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'question.asked' | 'question.answered',
) {
  const at = kind === 'question.asked' ? petQuestions.askedAt : petQuestions.sentAt;
  return db
    .select({ id: petQuestions.id, at: timelineAt(at), question: petQuestions.question })
    .from(petQuestions)
    .where(timelineWhere(kind, at, petQuestions.id, read, eq(petQuestions.petId, read.petId)))
    .orderBy(...timelineOrder(at, petQuestions.id))
    .limit(read.limit);
}

/** The questions of `ids` whose answer has not been sent: what their pending-card triggers wait for. */
export async function questionsAwaitingAnswer(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, 'awaiting_answer'>> {
  const rows = await db
    .select({ id: petQuestions.id })
    .from(petQuestions)
    .where(and(inArray(petQuestions.id, [...ids]), isNull(petQuestions.sentAt)));
  return new Map(rows.map((row) => [row.id, 'awaiting_answer' as const]));
}
