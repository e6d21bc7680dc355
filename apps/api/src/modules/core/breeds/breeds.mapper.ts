import type { Breed } from '@vetboard/contract';
import type { BreedRow } from './breeds.table.ts';

export function toBreedDto(row: BreedRow): Breed {
  return { id: row.id, name: row.name, species: row.species };
}
