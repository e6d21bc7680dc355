import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { families, pets, users, vets } from '../../../db/schema.ts';
import { type CompanyRow, companies } from './companies.table.ts';

export type CompanyCounts = { usersCount: number; petsCount: number; vetsCount: number };

const count = sql<number>`count(*)::int`;

export async function findCompanyBySku(
  db: DbOrTx,
  sku: string,
  scope: SQL | undefined,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.sku, sku), scope))
    .limit(1);
  return row;
}

/**
 * A company's pets are those of the families its users own; its vets are the enabled ones (a disabled
 * account no longer works for it).
 */
export async function countCompanyPeople(db: DbOrTx, sku: string): Promise<CompanyCounts> {
  const [usersRow, petsRow, vetsRow] = await Promise.all([
    db.select({ count }).from(users).where(eq(users.b2bCode, sku)),
    db
      .select({ count })
      .from(pets)
      .innerJoin(families, eq(families.id, pets.familyId))
      .innerJoin(users, eq(users.id, families.ownerUserId))
      .where(eq(users.b2bCode, sku)),
    db
      .select({ count })
      .from(vets)
      .where(and(eq(vets.companySku, sku), eq(vets.disabled, false))),
  ]);
  return {
    usersCount: usersRow[0]?.count ?? 0,
    petsCount: petsRow[0]?.count ?? 0,
    vetsCount: vetsRow[0]?.count ?? 0,
  };
}

export async function lockCompany(tx: DbOrTx, sku: string, scope: SQL | undefined) {
  const [row] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.sku, sku), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function updateCompany(tx: DbOrTx, sku: string, changes: Partial<CompanyRow>, at: Date) {
  await tx
    .update(companies)
    .set({ ...changes, updatedAt: at })
    .where(eq(companies.sku, sku));
}
