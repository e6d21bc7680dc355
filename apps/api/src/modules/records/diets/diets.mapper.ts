import {
  convertExact,
  type Diet,
  type DietIngredient,
  type DietSummary,
  type Formulation,
  type FormulationLine,
  type Ingredient,
  ingredientLine,
  isoToCalendarDate,
  replacePetNamePlaceholders,
  toTimestamp,
} from '@vetboard/contract';
import type { DietContextRow, DietIngredientWithDataRow, DietSummaryRow } from './diets.repository.ts';
import type { DietRow, IngredientRow } from './diets.table.ts';

export function toDietSummaryDto(row: DietSummaryRow): DietSummary {
  return {
    uuid: row.id,
    petUuid: row.petId,
    kind: row.kind,
    nutrientProfileKind: row.nutrientProfileKind,
    status: row.status,
    formulatedOn: row.formulatedOn ? isoToCalendarDate(row.formulatedOn) : null,
    nextAssessmentOn: row.nextAssessmentOn ? isoToCalendarDate(row.nextAssessmentOn) : null,
    publishedAt: row.publishedAt ? toTimestamp(row.publishedAt) : null,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** The day's amount of one ingredient in grams (SPEC §9 factors), unrounded for sums. */
export function gramsOf(item: Pick<DietIngredientWithDataRow, 'amount' | 'unit'>): number {
  return convertExact(item.amount, item.unit, 'g');
}

export function toIngredientDto(row: IngredientRow): Ingredient {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    kcalPer100g: row.kcalPer100g,
    nutrients: row.nutrients,
    source: row.source,
  };
}

export function toFormulationLine(item: DietIngredientWithDataRow): FormulationLine {
  return { ingredient: toIngredientDto(item.ingredient), amount: item.amount, unit: item.unit };
}

export function toDietIngredientDto(item: DietIngredientWithDataRow): DietIngredient {
  return {
    ingredientId: item.ingredientId,
    name: item.ingredient.name,
    amount: item.amount,
    unit: item.unit,
    ...ingredientLine(toFormulationLine(item)),
  };
}

export function personName(person: { firstName: string; lastName: string } | null): string | null {
  return person ? `${person.firstName} ${person.lastName}`.trim() : null;
}

function personRef(vet: { id: string; firstName: string; lastName: string } | null) {
  const name = personName(vet);
  return vet && name ? { uuid: vet.id, name } : null;
}

export interface DietView {
  diet: DietRow;
  ingredients: DietIngredientWithDataRow[];
  context: DietContextRow;
  formulation: Formulation;
  pdfUpToDate: boolean;
}

export function toDietDto({ diet, ingredients, context, formulation, pdfUpToDate }: DietView): Diet {
  return {
    ...toDietSummaryDto(diet),
    dietPlanUuid: diet.dietPlanId,
    mealsPerDay: diet.mealsPerDay,
    ingredients: ingredients.map(toDietIngredientDto),
    feedingInstructions: diet.feedingInstructions,
    feedingInstructionsRendered: replacePetNamePlaceholders(diet.feedingInstructions, context.pet.name),
    formulation,
    pdf: {
      generatedAt: diet.pdfGeneratedAt ? toTimestamp(diet.pdfGeneratedAt) : null,
      upToDate: pdfUpToDate,
    },
    copiedFromUuid: diet.copiedFromId,
    createdBy: personRef(context.createdBy),
    publishAcknowledgement:
      diet.publishedAt && diet.acknowledgedWarnings.length > 0
        ? {
            warnings: diet.acknowledgedWarnings.map(({ code, message }) => ({ code, message })),
            reason: diet.acknowledgementReason ?? '',
            by: personRef(context.publishedBy),
            at: toTimestamp(diet.publishedAt),
          }
        : null,
  };
}
