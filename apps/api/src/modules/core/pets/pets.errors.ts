import { type Species, speciesLabels } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const petsErrors = {
  notFound: () => new AppError(404, 'pets.not_found', 'Pet not found'),
  /**
   * The one answer of a record's request that names a pet it may not use (none, or outside the actor's
   * scope: the two look the same). The code keeps the record's prefix, which clients already match.
   */
  namedPetNotFound: (record: string, paths: string[] = ['petUuid']) =>
    new AppError(
      400,
      `${record}.pet_not_found`,
      'Invalid request',
      paths.map((path) => ({ path, message: 'No pet with this id' })),
    ),
  breedNotFound: () =>
    new AppError(400, 'pets.breed_not_found', 'Invalid request', [
      { path: 'breedId', message: 'No breed with this id' },
    ]),
  breedOfOtherSpecies: (species: Species) =>
    new AppError(400, 'pets.breed_species_mismatch', 'Invalid request', [
      { path: 'breedId', message: `Choose a ${speciesLabels[species].toLowerCase()} breed` },
    ]),
  breedKeptAcrossSpecies: (species: Species) =>
    new AppError(400, 'pets.breed_species_mismatch', 'Invalid request', [
      {
        path: 'breedId',
        message: `The current breed is not a ${speciesLabels[species].toLowerCase()} breed: choose one, or clear it`,
      },
    ]),
  birthDateInFuture: () =>
    new AppError(400, 'pets.birth_date_in_future', 'Invalid request', [
      { path: 'birthDate', message: 'The birth date cannot be in the future' },
    ]),
  microchipTaken: () =>
    new AppError(409, 'pets.microchip_taken', 'Another pet already has this microchip number', [
      { path: 'microchip', message: 'Already registered to another pet' },
    ]),
};
