import { dayMonthYear, isoToCalendarDate, type TimelineKind } from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import {
  doseTimelineRows,
  markTimelineRows,
  ownerReminderTimelineRows,
} from './preventive-care.timeline.repository.ts';
import { protocolItemOfCode } from './protocols.data.ts';

export const PREVENTIVE_TIMELINE_KINDS = [
  'preventive.dose_recorded',
  'preventive.not_applicable_set',
  'preventive.not_applicable_removed',
  'preventive.owner_reminded',
] as const satisfies readonly TimelineKind[];

const nameOf = (code: string) => protocolItemOfCode(code)?.name ?? code;

/** The pet's doses recorded, marks set and removed, and reminders sent to its owner: one bounded read each. */
export async function listPreventiveTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const link = `/pets/${read.petId}/preventive-care`;
  const events: TimelineEvent[] = [];
  if (read.kinds.has('preventive.dose_recorded')) {
    for (const row of await doseTimelineRows(deps.db, read))
      events.push({
        id: row.id,
        at: row.at,
        kind: 'preventive.dose_recorded',
        source: 'vet',
        title: `${nameOf(row.itemCode)} given: ${row.product}`,
        link,
      });
  }
  if (read.kinds.has('preventive.not_applicable_set')) {
    for (const row of await markTimelineRows(deps.db, read, false))
      events.push({
        id: row.id,
        at: row.at,
        kind: 'preventive.not_applicable_set',
        source: 'vet',
        title: `${nameOf(row.itemCode)} marked not applicable: ${row.reason}`,
        link,
      });
  }
  if (read.kinds.has('preventive.not_applicable_removed')) {
    for (const row of await markTimelineRows(deps.db, read, true))
      events.push({
        id: row.id,
        at: row.at,
        kind: 'preventive.not_applicable_removed',
        source: 'vet',
        title: `${nameOf(row.itemCode)} applies again`,
        link,
      });
  }
  if (read.kinds.has('preventive.owner_reminded')) {
    for (const row of await ownerReminderTimelineRows(deps.db, read)) {
      const due = dayMonthYear(isoToCalendarDate(row.dueOn));
      const what = row.kind === 'overdue' ? `overdue since ${due}` : `due ${due}`;
      events.push({
        id: row.id,
        at: row.at,
        kind: 'preventive.owner_reminded',
        source: 'vet',
        title: `Owner reminded: ${nameOf(row.itemCode)} ${what}`,
        link,
      });
    }
  }
  return events;
}
