import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { auditLog } from './audit.table.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export function listAuditRows(db: DbOrTx, filter: { action?: string; entityId?: string } = {}) {
  const conditions = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

export async function auditRowExistsSince(
  db: DbOrTx,
  key: { action: string; entity: string; entityId: string },
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, key.entity),
        eq(auditLog.entityId, key.entityId),
        gt(auditLog.at, since),
        eq(auditLog.action, key.action),
      ),
    )
    .limit(1);
  return row !== undefined;
}
