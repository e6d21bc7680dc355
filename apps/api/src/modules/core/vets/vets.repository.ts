import type { VetKind, VetListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { companies } from '../../../db/schema.ts';
import { boundedCount, containsPattern, orderByWithTieBreak } from '../../../lib/list-query.ts';
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

export type VetProfileChanges = Partial<
  Pick<VetRow, 'firstName' | 'lastName' | 'kind' | 'companySku' | 'imageUrl' | 'disabled'>
>;

/** Not a change of the vet's record: `updated_at` stays. */
export async function markVetSignedIn(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(vets).set({ lastSignedInAt: at }).where(eq(vets.id, id));
}

export async function updateVetProfile(db: DbOrTx, id: string, changes: VetProfileChanges): Promise<VetRow> {
  const [row] = await db
    .update(vets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(vets.id, id))
    .returning();
  if (!row) throw new Error(`update of vet ${id} returned no row`);
  return row;
}

export async function countVets(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(vets);
  return row?.count ?? 0;
}

export async function companyExists(db: DbOrTx, sku: string): Promise<boolean> {
  const [row] = await db
    .select({ sku: companies.sku })
    .from(companies)
    .where(eq(companies.sku, sku))
    .limit(1);
  return row !== undefined;
}

/**
 * Two creations of the same e-mail can both pass the "already taken?" check; the unique index then
 * refuses the second insert.
 */
export function isVetEmailConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'vets_email_lower_key');
}

/** `kinds` is already resolved from the query's `kind` (a kind, or the product's own kinds). */
export type VetFilter = Pick<VetListQuery, 'userUuids' | 'search'> & { kinds?: readonly VetKind[] };
export type VetSort = Pick<VetListQuery, 'sort' | 'order'>;

function whereOf(filter: VetFilter): SQL | undefined {
  return and(
    filter.userUuids?.length ? inArray(vets.id, filter.userUuids) : undefined,
    filter.kinds ? inArray(vets.kind, [...filter.kinds]) : undefined,
    filter.search ? sql`${vets.searchText} like ${containsPattern(filter.search)}` : undefined,
  );
}

function orderOf({ sort, order }: VetSort): SQL[] {
  switch (sort) {
    case 'name': {
      const direction = order === 'asc' ? asc : desc;
      return [
        direction(sql`lower(${vets.lastName})`),
        direction(sql`lower(${vets.firstName})`),
        direction(vets.id),
      ];
    }
    case 'email':
      return orderByWithTieBreak(sql`lower(${vets.email})`, order, vets.id);
    case 'kind':
      return orderByWithTieBreak(vets.kind, order, vets.id);
    case 'createdAt':
      return orderByWithTieBreak(vets.createdAt, order, vets.id);
  }
}

export async function listVets(
  db: DbOrTx,
  filter: VetFilter,
  sort: VetSort,
  page: { offset: number; limit: number },
): Promise<VetRow[]> {
  return db
    .select()
    .from(vets)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}

export function countVetsMatching(db: DbOrTx, filter: VetFilter, bound: number): Promise<number> {
  return boundedCount(db, vets, whereOf(filter), bound);
}

/** Points every vet showing `from` at `to` (avatars moving to a new address); how many moved. */
export async function replaceVetImageUrl(db: DbOrTx, from: string, to: string): Promise<number> {
  const moved = await db
    .update(vets)
    .set({ imageUrl: to })
    .where(eq(vets.imageUrl, from))
    .returning({ id: vets.id });
  return moved.length;
}
