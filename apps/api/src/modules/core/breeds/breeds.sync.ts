import { species } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import type { DbOrTx } from '../../../db/types.ts';
import { BREED_NAMES } from './breeds.data.ts';

const BREED_NAMESPACE = '6f1c2a4e-3b8d-4c59-9a71-0d2e5b8c4f13';

/** A breed's id is derived from its species and name, so it is the same on every database. */
export function breedId(speciesName: string, name: string): string {
  return uuidv5(`${speciesName}:${name}`, BREED_NAMESPACE);
}

// PGlite cannot bind an enum array parameter; enums travel as text[] and are cast per row.
/** Reference data follows the code: run after every migration; adds new breeds, never deletes any. */
export async function syncBreeds(db: DbOrTx): Promise<void> {
  const rows = species.flatMap((s) => BREED_NAMES[s].map((name) => ({ id: breedId(s, name), s, name })));
  await db.execute(sql`
    insert into breeds (id, species, name)
    select id, species::species, name from unnest(
      ${sql.param(rows.map((r) => r.id))}::uuid[],
      ${sql.param(rows.map((r) => r.s))}::text[],
      ${sql.param(rows.map((r) => r.name))}::text[]
    ) as t(id, species, name)
    on conflict (id) do nothing`);
}
