import type { DietKind, DietPlan } from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { dietPlansErrors } from './diets.plans.errors.ts';
import { toDietPlanDto } from './diets.plans.mapper.ts';
import {
  endPlan,
  findCurrentPlan,
  findCurrentPlans,
  findOpenPlan,
  insertPlan,
  setCurrentDiet,
} from './diets.plans.repository.ts';
import type { DietSummaryRow } from './diets.repository.ts';

/** Starts a new plan for the pet: it becomes the current one and the open plan, if any, ends now. */
async function startPlan(
  tx: DbOrTx,
  input: { petId: string; kind: DietKind; at: Date; currentDietId: string | null },
  actor: VetActor,
): Promise<{ id: string; endedPlanId: string | null }> {
  const open = await findOpenPlan(tx, input.petId);
  if (open) await endPlan(tx, open.id, input.at);
  const id = newId();
  await insertPlan(tx, {
    id,
    petId: input.petId,
    kind: input.kind,
    createdAt: input.at,
    createdByVetId: actor.vetId,
    currentDietId: input.currentDietId,
  });
  await recordAudit(tx, actor, {
    action: 'diet_plans.create',
    entity: 'diet_plan',
    entityId: id,
    changes: {
      after: { petUuid: input.petId, kind: input.kind, currentDietUuid: input.currentDietId },
      endedDietPlanUuid: open?.id ?? null,
    },
  });
  return { id, endedPlanId: open?.id ?? null };
}

export async function createDietPlan(
  deps: { db: Db; now: Now },
  actor: VetActor,
  input: { petUuid: string; kind: DietKind },
): Promise<{ uuid: string }> {
  return deps.db.transaction(async (tx) => {
    // The pet's row lock serialises plan changes, so a pet never ends up with two open plans.
    if (!(await findPetWithOwner(tx, actor, input.petUuid, { lock: true })))
      throw dietPlansErrors.petNotFound();
    const { id } = await startPlan(
      tx,
      { petId: input.petUuid, kind: input.kind, at: deps.now(), currentDietId: null },
      actor,
    );
    return { uuid: id };
  });
}

/**
 * A published diet becomes its pet's current diet: in the open plan when that plan is of the diet's
 * kind, else in a new plan of that kind (the previous plan ends).
 */
export async function publishIntoPlan(
  tx: DbOrTx,
  actor: VetActor,
  input: { petId: string; dietId: string; kind: DietKind; at: Date },
): Promise<{ id: string; endedPlanId: string | null }> {
  if (!(await findPetWithOwner(tx, actor, input.petId, { lock: true }))) throw petsErrors.notFound();
  const open = await findOpenPlan(tx, input.petId);
  if (open && open.kind === input.kind) {
    await setCurrentDiet(tx, open.id, input.dietId);
    return { id: open.id, endedPlanId: null };
  }
  return startPlan(
    tx,
    { petId: input.petId, kind: input.kind, at: input.at, currentDietId: input.dietId },
    actor,
  );
}

export async function getCurrentDietPlan(
  deps: { db: Db },
  actor: Actor,
  petId: string,
): Promise<{ dietPlan: DietPlan | null }> {
  if (!(await findPetWithOwner(deps.db, actor, petId))) throw petsErrors.notFound();
  const current = await findCurrentPlan(deps.db, petId);
  return { dietPlan: current ? toDietPlanDto(current.plan, current.diet) : null };
}

/** The current diet plan of each of some pets that has one (for reports about many pets at once). */
export async function currentDietPlansOfPets(
  db: DbOrTx,
  petIds: readonly string[],
): Promise<Map<string, DietPlan>> {
  if (petIds.length === 0) return new Map();
  const rows = await findCurrentPlans(db, petIds);
  return new Map(rows.map((row) => [row.plan.petId, toDietPlanDto(row.plan, row.diet)]));
}

/** The diet of the pet's open plan (published, or null): what its weight progress follows. */
export async function findCurrentDietOfPet(db: DbOrTx, petId: string): Promise<DietSummaryRow | null> {
  return (await findCurrentPlan(db, petId))?.diet ?? null;
}
