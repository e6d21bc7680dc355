export { BREED_NAMES } from './breeds.data.ts';
export { findBreed } from './breeds.service.ts';
export { breedId } from './breeds.sync.ts';
