import { type Species, speciesLabels } from '@vetboard/contract';
import { AppError } from '../../../lib/app-error.ts';

export const petsErrors = {
  notFound: () => new AppError(404, 'pets.not_found', 'Pet not found'),
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
