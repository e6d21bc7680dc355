export { moveDiskAvatarsIntoDatabase } from './vets.avatars.service.ts';
export { vetInRole, vetName, vetNames, vetPersonSql } from './vets.joins.repository.ts';
export { toVetDto } from './vets.mapper.ts';
export { countVets, markVetSignedIn } from './vets.repository.ts';
export {
  createVet,
  findVetAccountByEmail,
  findVetAccountById,
  type PasswordSetupLinks,
  type ReleaseAssignments,
  type ReleaseReason,
  type RevokeSessions,
  setVetPasswordHash,
  VET_SETUP_LINK_TTL_MS,
} from './vets.service.ts';
export type { VetRow } from './vets.table.ts';
