import {
  type SecondFactorRequirement,
  type SecondFactorState,
  secondFactorRequiredOf,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { VetRow } from '../../../db/schema.ts';
import { hasConfirmedTotp, readRequirementRow } from './auth.second-factor.repository.ts';

/** A new installation's requirement, until a head vet changes it (the demo seed writes `none`). */
export const DEFAULT_SECOND_FACTOR_REQUIREMENT: SecondFactorRequirement = 'head_vets';

export async function readSecondFactorRequirement(db: DbOrTx): Promise<SecondFactorRequirement> {
  return (await readRequirementRow(db)) ?? DEFAULT_SECOND_FACTOR_REQUIREMENT;
}

/** Where a session stands right after its password: a factor to give, one to set up, or nothing. */
export async function secondFactorStateAtLogin(db: DbOrTx, vet: VetRow): Promise<SecondFactorState> {
  if (await hasConfirmedTotp(db, vet.id)) return 'verify';
  const requirement = await readSecondFactorRequirement(db);
  return secondFactorRequiredOf(requirement, vet.kind) ? 'enrol' : null;
}
