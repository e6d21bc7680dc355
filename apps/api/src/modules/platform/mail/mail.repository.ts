import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type EmailRow, emailOutbox } from './mail.table.ts';

export async function insertEmail(db: DbOrTx, row: typeof emailOutbox.$inferInsert): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

export async function findEmail(db: DbOrTx, id: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** One try to send: counted, with its error if it failed, and the time it went out if it did. */
export async function recordAttempt(
  db: DbOrTx,
  id: string,
  result: { status: EmailRow['status']; error?: string },
): Promise<void> {
  const delivered = result.status === 'sent' || result.status === 'logged';
  await db
    .update(emailOutbox)
    .set({
      status: result.status,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      ...(result.error ? { lastError: result.error } : {}),
      ...(delivered ? { sentAt: sql`now()` } : {}),
    })
    .where(eq(emailOutbox.id, id));
}

export function listEmailsTo(db: DbOrTx, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt));
}
