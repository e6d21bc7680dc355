import { eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  preventiveDoses,
  preventiveNotApplicable,
  preventiveOwnerReminders,
} from './preventive-care.table.ts';

export function doseTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: preventiveDoses.id,
      at: timelineAt(preventiveDoses.createdAt),
      itemCode: preventiveDoses.itemCode,
      product: preventiveDoses.product,
    })
    .from(preventiveDoses)
    .where(
      timelineWhere(
        'preventive.dose_recorded',
        preventiveDoses.createdAt,
        preventiveDoses.id,
        read,
        eq(preventiveDoses.petId, read.petId),
      ),
    )
    .orderBy(...timelineOrder(preventiveDoses.createdAt, preventiveDoses.id))
    .limit(read.limit);
}

/** Marks set (`markedAt`) or removed (`removedAt`): one row per mark for each. */
export function markTimelineRows(db: DbOrTx, read: TimelineRead, removed: boolean) {
  const at = removed ? preventiveNotApplicable.removedAt : preventiveNotApplicable.markedAt;
  return db
    .select({
      id: preventiveNotApplicable.id,
      at: timelineAt(at),
      itemCode: preventiveNotApplicable.itemCode,
      reason: preventiveNotApplicable.reason,
    })
    .from(preventiveNotApplicable)
    .where(
      timelineWhere(
        removed ? 'preventive.not_applicable_removed' : 'preventive.not_applicable_set',
        at,
        preventiveNotApplicable.id,
        read,
        eq(preventiveNotApplicable.petId, read.petId),
        removed ? isNotNull(preventiveNotApplicable.removedAt) : undefined,
      ),
    )
    .orderBy(...timelineOrder(at, preventiveNotApplicable.id))
    .limit(read.limit);
}

export function ownerReminderTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: preventiveOwnerReminders.id,
      at: timelineAt(preventiveOwnerReminders.sentAt),
      itemCode: preventiveOwnerReminders.itemCode,
      kind: preventiveOwnerReminders.kind,
      dueOn: preventiveOwnerReminders.dueOn,
    })
    .from(preventiveOwnerReminders)
    .where(
      timelineWhere(
        'preventive.owner_reminded',
        preventiveOwnerReminders.sentAt,
        preventiveOwnerReminders.id,
        read,
        eq(preventiveOwnerReminders.petId, read.petId),
      ),
    )
    .orderBy(...timelineOrder(preventiveOwnerReminders.sentAt, preventiveOwnerReminders.id))
    .limit(read.limit);
}
