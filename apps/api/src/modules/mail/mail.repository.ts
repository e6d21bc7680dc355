import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type EmailRow, emailOutbox } from './mail.table.ts';

export async function insertEmail(db: DbOrTx, row: typeof emailOutbox.$inferInsert): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

export async function findEmail(db: DbOrTx, id: string): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

export async function markEmail(
  db: DbOrTx,
  id: string,
  result: { status: EmailRow['status']; error?: string | null },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: result.status,
      error: result.error ?? null,
      sentAt: result.status === 'failed' ? null : new Date(),
    })
    .where(eq(emailOutbox.id, id));
}

export function listEmailsTo(db: DbOrTx, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt));
}
