import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { petAlerts } from './pet-alerts.table.ts';

/** The active alerts of several pets in one read (a page of an inbox, search hits), oldest first. */
export function activeAlertsOfPets(db: DbOrTx, petIds: readonly string[]) {
  return db
    .select({ petId: petAlerts.petId, kind: petAlerts.kind, text: petAlerts.text })
    .from(petAlerts)
    .where(and(inArray(petAlerts.petId, [...petIds]), isNull(petAlerts.removedAt)))
    .orderBy(asc(petAlerts.petId), asc(petAlerts.createdAt), asc(petAlerts.id));
}

/** One pet's alerts set, or removed, for its timeline, with who did it: one bounded page. */
export function alertTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'pet_alert.set' | 'pet_alert.removed',
) {
  const set = kind === 'pet_alert.set';
  const at = set ? petAlerts.createdAt : petAlerts.removedAt;
  const vet = vetInRole('actor');
  const query = db
    .select({
      id: petAlerts.id,
      at: timelineAt(at),
      kind: petAlerts.kind,
      text: petAlerts.text,
      by: vet.fullName,
    })
    .from(petAlerts)
    .where(timelineWhere(kind, at, petAlerts.id, read, eq(petAlerts.petId, read.petId)))
    .orderBy(...timelineOrder(at, petAlerts.id))
    .limit(read.limit)
    .$dynamic();
  return vet.join(query, set ? petAlerts.createdByVetId : petAlerts.removedByVetId);
}
