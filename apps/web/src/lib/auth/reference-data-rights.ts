import {
  REFERENCE_DATA_FORBIDDEN_MESSAGE,
  type ReferenceDataAction,
  referenceDataActions,
  referenceDataRefusal,
  type Vet,
} from '@vetboard/contract';
import { useAuthState } from './auth-store.ts';

/**
 * What the logged-in vet may do to labels and checkup pools, from the contract's rule (the API's
 * policy/rights.ts applies the same one), so no button is offered that the API would answer 403. Each
 * action maps to the reason it is withheld, or null when it is granted.
 */
export type ReferenceDataRights = Record<ReferenceDataAction, string | null>;

export function referenceDataRights(me: Pick<Vet, 'kind'> | null): ReferenceDataRights {
  const rights = {} as ReferenceDataRights;
  for (const action of referenceDataActions)
    rights[action] = me ? referenceDataRefusal(me, action) : REFERENCE_DATA_FORBIDDEN_MESSAGE;
  return rights;
}

export function useReferenceDataRights(): ReferenceDataRights {
  return referenceDataRights(useAuthState().vet);
}
