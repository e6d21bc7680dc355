import {
  type Reminder,
  type ReminderAssign,
  type ReminderCreateInput,
  type ReminderListQuery,
  type ReminderListResponse,
  type ReminderUpdate,
  timestampToDate,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { type Actor, actingVetId, type VetActor, vetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import type { ReleaseReason } from '../../core/vets/index.ts';
import { auditDiff, hasChanges, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { withAlertsOfPet, withPetAlerts } from '../pet-alerts/index.ts';
import { remindersErrors } from './reminders.errors.ts';
import { reminderLifecycle } from './reminders.lifecycle.ts';
import { toReminderDto } from './reminders.mapper.ts';
import {
  countReminders,
  doneReminderTimelineRows,
  findCardPetId,
  findReminder,
  findVet,
  insertReminder,
  listReminders,
  lockAssignedOutsideScope,
  lockReminder,
  type ReminderFilter,
  updateReminder,
} from './reminders.repository.ts';
import { type ReminderRow, reminders } from './reminders.table.ts';

export interface RemindersDeps {
  db: Db;
  now: Now;
}

/** Out of the actor's scope, a reminder is as unknown as a missing one. */
const reminderScope = (actor: Actor) => petCondition(actor, reminders.petId);

export async function listRemindersPage(
  deps: RemindersDeps,
  actor: Actor,
  query: ReminderListQuery,
): Promise<ReminderListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter: ReminderFilter = { ...filters, scope: reminderScope(actor), vetId: actingVetId(actor) };
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listReminders(deps.db, filter, { sort, order }, window),
    count: (bound) => countReminders(deps.db, filter, bound),
  });
  const now = deps.now();
  return {
    reminders: await withPetAlerts(
      deps.db,
      rows.map((row) => toReminderDto(row, now)),
    ),
    pagination,
  };
}

async function reminderDto(deps: RemindersDeps, actor: Actor, id: string): Promise<{ reminder: Reminder }> {
  const row = await findReminder(deps.db, id, reminderScope(actor));
  if (!row) throw remindersErrors.notFound();
  return { reminder: await withAlertsOfPet<Reminder>(deps.db, toReminderDto(row, deps.now())) };
}

export function getReminder(deps: RemindersDeps, actor: Actor, id: string) {
  return reminderDto(deps, actor, id);
}

/**
 * The vet a reminder goes to must exist, be enabled and be able to open the pet: a company vet
 * assigned another company's pet would get a reminder they cannot read.
 */
async function checkAssignee(tx: DbOrTx, assigneeId: string | null | undefined, petId: string) {
  if (!assigneeId) return null;
  const vet = await findVet(tx, assigneeId);
  if (!vet || vet.disabled) throw remindersErrors.assigneeNotFound();
  if (!(await findPetWithOwner(tx, vetActor(vet, null), petId))) throw remindersErrors.assigneeCannotSeePet();
  return vet.id;
}

async function changed(tx: DbOrTx, row: Pick<ReminderRow, 'id' | 'petId'>, actor: Actor, created = false) {
  await recordPetEvent(tx, row.petId, {
    type: created ? 'reminder.created' : 'reminder.changed',
    entity: 'reminder',
    id: row.id,
    actor: eventActorOf(actor),
  });
}

const shownInAudit = (_key: string, value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A reminder about a pet the vet can see, from its page, the inbox or one of its pending cards. */
export async function createReminder(
  deps: RemindersDeps,
  actor: Actor,
  input: ReminderCreateInput,
): Promise<{ reminder: Reminder }> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const pet = await findPetWithOwner(tx, actor, input.petUuid);
    if (!pet) throw remindersErrors.petNotFound();
    if (input.pendingCardUuid && (await findCardPetId(tx, input.pendingCardUuid)) !== input.petUuid)
      throw remindersErrors.cardNotFound();
    const assigneeVetId = await checkAssignee(tx, input.assigneeUuid, input.petUuid);
    const at = deps.now();
    const row = {
      id,
      petId: input.petUuid,
      title: input.title,
      notes: input.notes,
      dueAt: timestampToDate(input.dueAt),
      assigneeVetId,
      pendingCardId: input.pendingCardUuid ?? null,
      createdByVetId: actingVetId(actor),
      createdAt: at,
      updatedAt: at,
    };
    await insertReminder(tx, row);
    await changed(tx, row, actor, true);
    await recordAudit(tx, actor, {
      action: 'reminders.create',
      entity: 'reminder',
      entityId: id,
      changes: {
        after: {
          petUuid: row.petId,
          title: row.title,
          notes: row.notes,
          dueAt: row.dueAt.toISOString(),
          assigneeUuid: row.assigneeVetId,
          pendingCardUuid: row.pendingCardId,
        },
      },
    });
  });
  return reminderDto(deps, actor, id);
}

/** Corrects the title, notes or due time; a change that changes nothing writes nothing. */
export async function editReminder(
  deps: RemindersDeps,
  actor: VetActor,
  id: string,
  input: ReminderUpdate,
): Promise<{ reminder: Reminder }> {
  await deps.db.transaction(async (tx) => {
    const { row } = await reminderLifecycle.lockFor(
      () => lockReminder(tx, id, reminderScope(actor)),
      remindersErrors.notFound,
      'edit',
    );
    const diff = auditDiff(
      row,
      {
        title: input.title,
        notes: input.notes,
        dueAt: input.dueAt ? timestampToDate(input.dueAt) : undefined,
      },
      shownInAudit,
    );
    if (!hasChanges(diff)) return;
    await updateReminder(tx, id, { ...diff.changes, updatedAt: deps.now() });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'reminders.edit',
      entity: 'reminder',
      entityId: id,
      changes: { before: diff.before, after: diff.after },
    });
  });
  return reminderDto(deps, actor, id);
}

/** Gives the reminder to another vet, or to nobody. */
export async function assignReminder(
  deps: RemindersDeps,
  actor: VetActor,
  id: string,
  input: ReminderAssign,
): Promise<{ reminder: Reminder }> {
  await deps.db.transaction(async (tx) => {
    const { row } = await reminderLifecycle.lockFor(
      () => lockReminder(tx, id, reminderScope(actor)),
      remindersErrors.notFound,
      'assign',
    );
    const assigneeVetId = await checkAssignee(tx, input.assigneeUuid, row.petId);
    if (assigneeVetId === row.assigneeVetId) return;
    await updateReminder(tx, id, { assigneeVetId, updatedAt: deps.now() });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'reminders.assign',
      entity: 'reminder',
      entityId: id,
      changes: { before: { assigneeUuid: row.assigneeVetId }, after: { assigneeUuid: assigneeVetId } },
    });
  });
  return reminderDto(deps, actor, id);
}

/**
 * A vet's kind or company changed (vets' `updateVet`, in its transaction): their open reminders about
 * pets outside their new scope go back to nobody, each audited as the actor's and announced like any
 * assignment; a disabled vet's go back all of them. Answers how many were released.
 */
export async function releaseRemindersOutOfScope(
  tx: DbOrTx,
  actor: Actor,
  vet: VetActor,
  at: Date,
  reason: ReleaseReason = 'out_of_scope',
): Promise<number> {
  // A disabled vet keeps nothing: as if their scope were empty.
  const scope = reason === 'disabled' ? sql`false` : reminderScope(vet);
  if (!scope) return 0;
  const rows = await lockAssignedOutsideScope(tx, vet.vetId, scope);
  for (const row of rows) {
    await updateReminder(tx, row.id, { assigneeVetId: null, updatedAt: at });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'reminders.release',
      entity: 'reminder',
      entityId: row.id,
      changes: {
        before: { assigneeUuid: row.assigneeVetId },
        after: { assigneeUuid: null },
        reason: reason === 'disabled' ? 'assignee_disabled' : 'assignee_out_of_scope',
      },
    });
  }
  return rows.length;
}

/** Done: who did it and when. A done reminder answers 409 here; reopen it instead. */
export async function completeReminder(
  deps: RemindersDeps,
  actor: VetActor,
  id: string,
): Promise<{ reminder: Reminder }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await reminderLifecycle.lockFor(
      () => lockReminder(tx, id, reminderScope(actor)),
      remindersErrors.notFound,
      'complete',
    );
    const at = deps.now();
    await updateReminder(tx, id, { status, doneByVetId: actor.vetId, doneAt: at, updatedAt: at });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'reminders.complete',
      entity: 'reminder',
      entityId: id,
      changes: { before: { status: row.status }, after: { status, doneAt: at.toISOString() } },
    });
  });
  return reminderDto(deps, actor, id);
}

/** Open again (not done after all): who and when it was done is cleared, the audit log keeps it. */
export async function reopenReminder(
  deps: RemindersDeps,
  actor: VetActor,
  id: string,
): Promise<{ reminder: Reminder }> {
  await deps.db.transaction(async (tx) => {
    const { row, next: status } = await reminderLifecycle.lockFor(
      () => lockReminder(tx, id, reminderScope(actor)),
      remindersErrors.notFound,
      'reopen',
    );
    await updateReminder(tx, id, { status, doneByVetId: null, doneAt: null, updatedAt: deps.now() });
    await changed(tx, row, actor);
    await recordAudit(tx, actor, {
      action: 'reminders.reopen',
      entity: 'reminder',
      entityId: id,
      changes: {
        before: {
          status: row.status,
          doneByUuid: row.doneByVetId,
          doneAt: row.doneAt?.toISOString() ?? null,
        },
        after: { status },
      },
    });
  });
  return reminderDto(deps, actor, id);
}

/** A pet's reminders done, for its timeline (one bounded read). */
export async function listReminderTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  if (!read.kinds.has('reminder.done')) return [];
  const rows = await doneReminderTimelineRows(deps.db, read);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: 'reminder.done',
    source: 'vet',
    title: `Reminder done: ${row.title}`,
    link: `/pets/${read.petId}/reminders`,
  }));
}
