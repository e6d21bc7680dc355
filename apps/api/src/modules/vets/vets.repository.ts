import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type NewVetRow, type VetRow, vets } from './vets.table.ts';

export async function findVetByEmail(db: DbOrTx, email: string): Promise<VetRow | undefined> {
  const [row] = await db
    .select()
    .from(vets)
    .where(eq(sql`lower(${vets.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findVetById(db: DbOrTx, id: string): Promise<VetRow | undefined> {
  const [row] = await db.select().from(vets).where(eq(vets.id, id)).limit(1);
  return row;
}

export async function insertVet(db: DbOrTx, row: NewVetRow): Promise<VetRow> {
  const [inserted] = await db.insert(vets).values(row).returning();
  if (!inserted) throw new Error('insert into vets returned no row');
  return inserted;
}

export async function updateVetPassword(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(vets).set({ passwordHash, updatedAt: new Date() }).where(eq(vets.id, id));
}

export async function countVets(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(vets);
  return row?.count ?? 0;
}
