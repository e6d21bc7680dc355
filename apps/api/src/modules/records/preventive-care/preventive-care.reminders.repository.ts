import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ownerFields, ownerReminderEmailsOptOut, petFields, withPetAndOwner } from '../../core/pets/index.ts';
import { preventiveDueItems, preventiveOwnerReminders } from './preventive-care.table.ts';

const due = preventiveDueItems;
const sent = preventiveOwnerReminders;

/** The most reminders one run writes; the next run (or retry) takes the rest. */
const RUN_LIMIT = 5000;

/**
 * Items whose owner reminder is owed on `today` and not sent yet: `before_due` from `daysBefore` days
 * before the due day until it is overdue, `overdue` from its first overdue day; never for an owner who
 * opted out or has no address. A marked item has no due row, so it is never here.
 */
export function listOwedReminders(db: DbOrTx, today: string, daysBefore: number) {
  const day = sql`${today}::date`;
  const kind = sql<
    'before_due' | 'overdue'
  >`(case when ${due.overdueOn} <= ${day} then 'overdue' else 'before_due' end)::preventive_reminder_kind`;
  return withPetAndOwner(
    db
      .select({
        petId: due.petId,
        itemCode: due.itemCode,
        dueOn: due.dueOn,
        kind,
        pet: petFields,
        owner: { firstName: ownerFields.firstName, email: ownerFields.email },
      })
      .from(due)
      .$dynamic(),
    due.petId,
  )
    .where(
      and(
        sql`${due.dueOn} <= ${day} + ${daysBefore}::int`,
        isNotNull(ownerFields.email),
        eq(ownerReminderEmailsOptOut, false),
        sql`not exists (select 1 from ${sent} where ${sent.petId} = ${due.petId}
          and ${sent.itemCode} = ${due.itemCode} and ${sent.dueOn} = ${due.dueOn} and ${sent.kind} = ${kind})`,
      ),
    )
    .orderBy(due.petId, due.dueOn, due.itemCode)
    .limit(RUN_LIMIT);
}

export type OwedReminderRow = Awaited<ReturnType<typeof listOwedReminders>>[number];

/**
 * Claims one reminder in the transaction that queues its mail, which holds the due days' lock
 * (`lockDueItems`): the item must still be owed on the same due day (a dose or a mark since rewrote it,
 * or took it away: nothing is owed), and the unique key makes a second instance's or a retry's claim a
 * no-op. True when this call claimed it.
 */
export async function claimReminder(
  tx: DbOrTx,
  row: {
    id: string;
    petId: string;
    itemCode: string;
    dueOn: string;
    kind: 'before_due' | 'overdue';
    sentTo: string;
    sentAt: Date;
  },
): Promise<boolean> {
  const [still] = await tx
    .select({ dueOn: due.dueOn })
    .from(due)
    .where(and(eq(due.petId, row.petId), eq(due.itemCode, row.itemCode)));
  if (!still || still.dueOn !== row.dueOn) return false;
  const inserted = await tx
    .insert(sent)
    .values(row)
    .onConflictDoNothing({ target: [sent.petId, sent.itemCode, sent.dueOn, sent.kind] })
    .returning({ id: sent.id });
  return inserted.length > 0;
}

export async function setReminderEmails(tx: DbOrTx, ids: string[], emailId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(sent).set({ emailId }).where(sql`${sent.id} in ${ids}`);
}
