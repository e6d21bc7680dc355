import { countOf, pluralForm } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { type Actor, vetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import {
  claimDigest,
  countOverdueOfAssignee,
  listDigestRecipients,
  listDueOfAssignee,
  setDigestEmail,
} from './reminders.repository.ts';
import { reminders } from './reminders.table.ts';

const REMINDERS = { one: 'reminder', other: 'reminders' };

export interface DigestDeps {
  db: Db;
  now: Now;
  mailer: Pick<Mailer, 'enqueue'>;
  config: { publicUrl: string };
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (date: Date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;

/**
 * The morning digest: each vet with open reminders due today (the UTC day of `now`) gets one e-mail
 * listing them, queued through the mail outbox. A vet's digest of the day is claimed in the same
 * transaction that queues its mail, so however many instances or retries run it, each vet gets it once.
 * What a vet may see is decided when the mail is written, from their kind and company as they are then
 * (issue #47): a reminder still assigned to a vet who has since become a partner of another company is
 * left out, whatever wrote that assignment, and a disabled vet gets nothing.
 * Answers how many digests this call sent.
 */
export async function sendReminderDigests(deps: DigestDeps, actor: Actor): Promise<number> {
  const now = deps.now();
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const end = new Date(start.getTime() + DAY_MS);
  const day = start.toISOString().slice(0, 10);
  const recipients = await listDigestRecipients(deps.db, start, end);
  let sent = 0;
  for (const vet of recipients) {
    const vetId = vet.id;
    const scope = petCondition(vetActor(vet, null), reminders.petId);
    const rows = await listDueOfAssignee(deps.db, vetId, start, end, scope);
    if (rows.length === 0) continue;
    const late = await countOverdueOfAssignee(deps.db, vetId, start, scope);
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, vetId, day, now))) return false;
      const count = rows.length;
      const emailId = await deps.mailer.enqueue(tx, {
        to: vet.email,
        recipient: { vetId, petIds: [...new Set(rows.map((row) => row.petId))] },
        subject: `${countOf(count, REMINDERS)} due today`,
        content: {
          greeting: `Good morning ${vet.firstName},`,
          paragraphs: [`You have ${countOf(count, REMINDERS)} due today:`],
          table: {
            columns: ['Due', 'Pet', 'Reminder'],
            rows: rows.map((row) => [hhmm(row.dueAt), row.petName, row.title]),
          },
          closing:
            late > 0
              ? [`${late} more ${pluralForm(late, { one: 'is', other: 'are' })} overdue from earlier days.`]
              : undefined,
          action: { label: 'Open my reminders', url: `${deps.config.publicUrl}/reminders?assignment=mine` },
          footer: ['You get this e-mail on mornings when reminders assigned to you are due.'],
        },
      });
      await setDigestEmail(tx, vetId, day, emailId);
      await recordAudit(tx, actor, {
        action: 'reminders.digest_sent',
        entity: 'vet',
        entityId: vetId,
        changes: { after: { day, reminders: count, overdue: late, emailId } },
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
