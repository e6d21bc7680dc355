import type { Breed, BreedListResponse, Species } from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { toBreedDto } from './breeds.mapper.ts';
import { findBreedById, listBreeds } from './breeds.repository.ts';

export async function listBreedsOf(
  deps: { db: Db },
  filter: { species?: Species },
): Promise<BreedListResponse> {
  const rows = await listBreeds(deps.db, filter);
  return { breeds: rows.map(toBreedDto) };
}

/** One breed, or undefined (pets: a breed chosen for a pet must exist and be of its species). */
export async function findBreed(deps: { db: DbOrTx }, id: string): Promise<Breed | undefined> {
  const row = await findBreedById(deps.db, id);
  return row ? toBreedDto(row) : undefined;
}
