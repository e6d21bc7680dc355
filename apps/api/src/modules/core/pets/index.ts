export { petsErrors } from './pets.errors.ts';
export { allergiesOfPet, targetWeightsOf } from './pets.health.repository.ts';
export {
  ownerB2bCode,
  ownerFields,
  ownerReminderEmailsOptOut,
  ownerTimezone,
  petFields,
  petIdsInScope,
  petMatches,
  petNameColumn,
  petNamesAndSpecies,
  petOrOwnerMatches,
  petSpeciesColumn,
  petsForReports,
  petsForSchedules,
  withPet,
  withPetAndOwner,
} from './pets.joins.repository.ts';
export {
  findPetWithOwner,
  listFamilyPetSummaries,
  type PetWithOwner,
  petTimezoneSql,
  recordPetEvent,
  scopedPetSql,
} from './pets.service.ts';
export type { MedicationValue } from './pets.table.ts';
