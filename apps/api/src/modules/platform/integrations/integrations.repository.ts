import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type IntegrationRow, integrations, type NewIntegrationRow } from './integrations.table.ts';

export async function insertIntegration(db: DbOrTx, row: NewIntegrationRow): Promise<IntegrationRow> {
  const [inserted] = await db.insert(integrations).values(row).returning();
  if (!inserted) throw new Error('insert into integrations returned no row');
  return inserted;
}

export async function findActiveIntegrationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.tokenHash, tokenHash), isNull(integrations.revokedAt)));
  return row;
}

export function findActiveIntegrationsByName(db: DbOrTx, name: string): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.name, name), isNull(integrations.revokedAt)))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
}

export async function findActiveIntegrationById(db: DbOrTx, id: string): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), isNull(integrations.revokedAt)));
  return row;
}

export function listAllIntegrations(db: DbOrTx): Promise<IntegrationRow[]> {
  return db.select().from(integrations).orderBy(asc(integrations.createdAt), asc(integrations.id));
}

export async function markIntegrationRevoked(
  db: DbOrTx,
  id: string,
  at: Date,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ revokedAt: at })
    .where(and(eq(integrations.id, id), isNull(integrations.revokedAt)))
    .returning();
  return row;
}

/** Writes only when the stored time is older than `staleBefore`, so concurrent batches do not all write. */
export async function touchIntegrationLastUsed(
  db: DbOrTx,
  id: string,
  at: Date,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(integrations)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(integrations.id, id),
        or(isNull(integrations.lastUsedAt), lt(integrations.lastUsedAt, staleBefore)),
      ),
    );
}
