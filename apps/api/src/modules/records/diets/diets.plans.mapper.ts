import { type DietPlan, toTimestamp } from '@vetboard/contract';
import { toDietSummaryDto } from './diets.mapper.ts';
import type { DietPlanRow } from './diets.plans.table.ts';
import type { DietSummaryRow } from './diets.repository.ts';

export function toDietPlanDto(plan: DietPlanRow, diet: DietSummaryRow | null): DietPlan {
  return {
    uuid: plan.id,
    petUuid: plan.petId,
    kind: plan.kind,
    createdAt: toTimestamp(plan.createdAt),
    currentDiet: diet ? toDietSummaryDto(diet) : null,
  };
}
