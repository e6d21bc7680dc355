import { dayMonthYear, isoToCalendarDate } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import type { Actor } from '../../../policy/actor.ts';
import { recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { lockDueItems } from './preventive-care.due.repository.ts';
import {
  claimReminder,
  listOwedReminders,
  type OwedReminderRow,
  setReminderEmails,
} from './preventive-care.reminders.repository.ts';
import { protocolItemOfCode } from './protocols.data.ts';

export interface OwnerReminderDeps {
  db: Db;
  now: Now;
  mailer: Pick<Mailer, 'enqueue'>;
  config: { preventiveReminderDaysBefore: number };
}

/** What an owner reads: the item's name and what it is, without the protocol's shorthand. */
function ownerWords(code: string): string {
  const item = protocolItemOfCode(code);
  if (!item) return code;
  return item.kind === 'vaccine' ? `the ${item.name} vaccination` : `the ${item.name} treatment`;
}

function mailOf(
  petName: string,
  firstName: string | null,
  kind: 'before_due' | 'overdue',
  rows: OwedReminderRow[],
  today: string,
) {
  const lines = rows.map((row) => {
    const on = dayMonthYear(isoToCalendarDate(row.dueOn));
    return row.dueOn < today
      ? `${petName} was due for ${ownerWords(row.itemCode)} on ${on}.`
      : `${petName} is due for ${ownerWords(row.itemCode)} on ${on}.`;
  });
  return {
    subject: kind === 'overdue' ? `${petName} is overdue for care` : `${petName} has care due soon`,
    content: {
      greeting: firstName ? `Hello ${firstName},` : 'Hello,',
      paragraphs:
        kind === 'overdue'
          ? [...lines, `Please book a visit with your vet so ${petName} stays protected.`]
          : [...lines, 'Please book a visit with your vet before then.'],
      footer: [
        `You get this e-mail because ${petName}'s vaccinations and parasite treatments are followed by your vet.`,
        'Tell your vet if you would rather not receive these reminders.',
      ],
    },
  };
}

/**
 * The owners' reminders owed today (the practice's day): for each pet and kind, the items claimed in one
 * transaction with the one e-mail that lists them, queued through the outbox, announced to the pet's
 * timeline and audited. Once per item, due day and kind, however many instances or retries run it.
 * Answers how many e-mails this call queued.
 */
export async function sendPreventiveOwnerReminders(deps: OwnerReminderDeps, actor: Actor): Promise<number> {
  const now = deps.now();
  const today = todayIn(DEFAULT_TIMEZONE, now);
  const owed = await listOwedReminders(deps.db, today, deps.config.preventiveReminderDaysBefore);
  const groups = new Map<string, OwedReminderRow[]>();
  for (const row of owed) {
    const key = `${row.petId}:${row.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let mails = 0;
  for (const rows of groups.values()) {
    const first = rows[0];
    if (!first?.owner?.email) continue;
    const { email, firstName } = first.owner;
    const queued = await deps.db.transaction(async (tx) => {
      await lockDueItems(tx);
      const claimed: Array<{ id: string; row: OwedReminderRow }> = [];
      for (const row of rows) {
        const id = newId();
        const ok = await claimReminder(tx, {
          id,
          petId: row.petId,
          itemCode: row.itemCode,
          dueOn: row.dueOn,
          kind: row.kind,
          sentTo: email,
          sentAt: now,
        });
        if (ok) claimed.push({ id, row });
      }
      if (claimed.length === 0) return false;
      const mail = mailOf(
        first.pet.name,
        firstName,
        first.kind,
        claimed.map((entry) => entry.row),
        today,
      );
      const emailId = await deps.mailer.enqueue(tx, { to: email, ...mail });
      const ids = claimed.map((entry) => entry.id);
      await setReminderEmails(tx, ids, emailId);
      await recordPetEvent(tx, first.petId, {
        type: 'preventive_care.changed',
        entity: 'preventive_owner_reminder',
        id: ids[0] as string,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'preventive_care.owner_reminded',
        entity: 'pet',
        entityId: first.petId,
        changes: {
          after: {
            kind: first.kind,
            items: claimed.map((entry) => ({ itemCode: entry.row.itemCode, dueOn: entry.row.dueOn })),
            emailId,
          },
        },
      });
      return true;
    });
    if (queued) mails += 1;
  }
  return mails;
}
