import {
  canChangeVetAccess,
  canEditVetProfile,
  canManageVets,
  VETS_FORBIDDEN_MESSAGE,
  type Vet,
} from '@vetboard/contract';
import { useAuthState } from './auth-store.ts';

/** Why the dashboard withholds an action; shown as the disabled control's tooltip. */
export const OWN_ACCESS_REASON = 'You cannot change your own kind or company';

/**
 * What the logged-in vet may do to vets, from the contract's rules (the API's policy/rights.ts uses the
 * same functions), so the dashboard offers exactly what the server will accept. Each right comes with
 * the reason it is withheld, or null when it is granted.
 */
export interface VetRights {
  /** Create vets. */
  manage: string | null;
  /** Names and avatar of this vet. */
  editProfile: string | null;
  /** Kind, company and the disabled flag of this vet. */
  changeAccess: string | null;
}

export function vetRights(me: Pick<Vet, 'uuid' | 'kind'> | null, vetUuid?: string): VetRights {
  if (!me)
    return {
      manage: VETS_FORBIDDEN_MESSAGE,
      editProfile: VETS_FORBIDDEN_MESSAGE,
      changeAccess: VETS_FORBIDDEN_MESSAGE,
    };
  const manage = canManageVets(me) ? null : VETS_FORBIDDEN_MESSAGE;
  if (vetUuid === undefined) return { manage, editProfile: manage, changeAccess: manage };
  return {
    manage,
    editProfile: canEditVetProfile(me, vetUuid) ? null : VETS_FORBIDDEN_MESSAGE,
    changeAccess: canChangeVetAccess(me, vetUuid)
      ? null
      : me.uuid === vetUuid
        ? OWN_ACCESS_REASON
        : VETS_FORBIDDEN_MESSAGE,
  };
}

/** The logged-in vet's rights, on one vet when `vetUuid` is given. */
export function useVetRights(vetUuid?: string): VetRights {
  return vetRights(useAuthState().vet, vetUuid);
}
