import type { Species } from '@vetboard/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type BreedRow, breeds } from './breeds.table.ts';

/** The answer most owners give, so pickers offer it before the alphabetical list. */
export const MIXED_BREED = 'Mixed breed';

/**
 * Species (dogs first, as declared), then 'Mixed breed', then by name in byte order: the same order on
 * every engine whatever the database's collation ('Bull Terrier' before 'Bulldog', word by word).
 */
export function listBreeds(db: DbOrTx, filter: { species?: Species }): Promise<BreedRow[]> {
  return db
    .select()
    .from(breeds)
    .where(filter.species ? eq(breeds.species, filter.species) : undefined)
    .orderBy(
      asc(breeds.species),
      desc(sql`${breeds.name} = ${MIXED_BREED}`),
      asc(sql`${breeds.name} collate "C"`),
    );
}

export async function findBreedById(db: DbOrTx, id: string): Promise<BreedRow | undefined> {
  const [row] = await db.select().from(breeds).where(eq(breeds.id, id)).limit(1);
  return row;
}
