import {
  addCalendarDays,
  calendarDateToIso,
  computeDietProgress,
  type DietKind,
  type DietPlan,
  type DietProgressResponse,
  isoToCalendarDate,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/timezone.ts';
import type { Actor, VetActor } from '../../policy/actor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { petsErrors } from '../pets/pets.errors.ts';
import { findPetWithOwner } from '../pets/pets.service.ts';
import { dietPlansErrors } from './diets.plans.errors.ts';
import { toDietPlanDto } from './diets.plans.mapper.ts';
import {
  endPlan,
  findCurrentPlan,
  findCurrentPlans,
  findOpenPlan,
  insertPlan,
  setCurrentDiet,
  weightEntriesFromDay,
} from './diets.plans.repository.ts';

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
  input: { petUuid: string; kind: DietKind },
  actor: VetActor,
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
  input: { petId: string; dietId: string; kind: DietKind; at: Date },
  actor: VetActor,
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

/** The start weight is the latest entry of the 30 days up to the start, else the first of the 14 after. */
const START_WEIGHT_DAYS_BEFORE = 30;
const START_WEIGHT_DAYS_AFTER = 14;

/**
 * How the pet's current published diet is doing against its weight goal (issue 18 §4): the maths is
 * the contract's `computeDietProgress`; this reads its inputs. The diet starts on its formulation date,
 * else on the day it was published (in the pet's timezone).
 */
export async function dietProgressOfPet(
  db: DbOrTx,
  pet: { id: string; timezone: string; targetWeightKg: number | null },
): Promise<DietProgressResponse> {
  const unavailable = (reason: NonNullable<DietProgressResponse['unavailableReason']>) => ({
    dietProgress: null,
    unavailableReason: reason,
  });
  const diet = (await findCurrentPlan(db, pet.id))?.diet;
  if (diet?.status !== 'published') return unavailable('no_published_diet');
  if (diet.kind !== 'weight_loss' && diet.kind !== 'weight_gain') return unavailable('no_weight_goal');
  if (pet.targetWeightKg === null) return unavailable('no_target_weight');
  const startIso = diet.formulatedOn ?? todayIn(pet.timezone, diet.publishedAt ?? diet.createdAt);
  const start = isoToCalendarDate(startIso);
  const entries = await weightEntriesFromDay(
    db,
    pet.id,
    pet.timezone,
    calendarDateToIso(addCalendarDays(start, -START_WEIGHT_DAYS_BEFORE)),
  );
  const lastAfter = calendarDateToIso(addCalendarDays(start, START_WEIGHT_DAYS_AFTER));
  const baseline =
    entries.filter((entry) => entry.day <= startIso).at(-1) ??
    entries.find((entry) => entry.day > startIso && entry.day <= lastAfter);
  if (!baseline) return unavailable('no_start_weight');
  const progress = computeDietProgress({
    dietUuid: diet.id,
    dietKind: diet.kind,
    startDate: start,
    startWeightKg: baseline.valueKg,
    targetWeightKg: pet.targetWeightKg,
    entries: entries
      .filter((entry) => entry.day >= startIso)
      .map((entry) => ({ date: isoToCalendarDate(entry.day), valueKg: entry.valueKg })),
    nextAssessmentOn: diet.nextAssessmentOn ? isoToCalendarDate(diet.nextAssessmentOn) : null,
  });
  return progress ? { dietProgress: progress, unavailableReason: null } : unavailable('no_weight_goal');
}

export async function getDietProgress(
  deps: { db: Db },
  actor: Actor,
  petId: string,
): Promise<DietProgressResponse> {
  const found = await findPetWithOwner(deps.db, actor, petId);
  if (!found) throw petsErrors.notFound();
  return dietProgressOfPet(deps.db, {
    id: petId,
    timezone: found.timezone,
    targetWeightKg: found.targetWeightKg,
  });
}
