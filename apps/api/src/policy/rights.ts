import {
  canChangeReferenceData,
  canChangeVetAccess,
  canEditCompanyContacts,
  canEditVetProfile,
  canManageIntegrations,
  canManageVets,
  canSeeJobs,
  type ReferenceDataAction,
} from '@vetboard/contract';
import type { Actor } from './actor.ts';

/**
 * What an actor may do, beside what they may see (scope.ts). The rules are the contract's, so the
 * dashboard offers exactly what the API allows; the system (commands, jobs) may do everything.
 */
function asVet(actor: Actor) {
  return actor.type === 'vet' ? { uuid: actor.vetId, kind: actor.kind } : null;
}

export function mayCreateVets(actor: Actor): boolean {
  const vet = asVet(actor);
  return actor.type === 'system' || (vet !== null && canManageVets(vet));
}

export function mayEditVetProfile(actor: Actor, vetId: string): boolean {
  const vet = asVet(actor);
  return actor.type === 'system' || (vet !== null && canEditVetProfile(vet, vetId));
}

export function mayChangeVetAccess(actor: Actor, vetId: string): boolean {
  const vet = asVet(actor);
  return actor.type === 'system' || (vet !== null && canChangeVetAccess(vet, vetId));
}

export function mayManageIntegrations(actor: Actor): boolean {
  return actor.type === 'system' || (actor.type === 'vet' && canManageIntegrations(actor));
}

export function maySeeJobs(actor: Actor): boolean {
  return actor.type === 'system' || (actor.type === 'vet' && canSeeJobs(actor));
}

export function mayEditCompanyContacts(actor: Actor): boolean {
  return actor.type === 'system' || (actor.type === 'vet' && canEditCompanyContacts(actor));
}

/** Labels and checkup forms and pools: the product's own vets', archive, merge and delete a head vet's. */
export function mayChangeReferenceData(actor: Actor, action: ReferenceDataAction): boolean {
  return actor.type === 'system' || (actor.type === 'vet' && canChangeReferenceData(actor, action));
}
