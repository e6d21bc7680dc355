import {
  type CalendarDate,
  calendarDateToIso,
  type Diet,
  type DietIngredientInput,
  type DietKind,
  type DietPatch,
  dietKindLabels,
  dietKinds,
  dietPatchSchema,
  isoToCalendarDate,
  MAX_DIET_INGREDIENTS,
  MAX_FEEDING_INSTRUCTIONS,
  MAX_INGREDIENT_AMOUNT,
  type NutrientProfileKind,
  nutrientProfileKindLabels,
  nutrientProfileKinds,
  replacePetNamePlaceholders,
  type Unit,
  units,
} from '@vetboard/contract';
import { contractFormSchema, formErrors } from '@/lib/forms/contract-form.ts';

/** One ingredient row of the editor; `key` keeps a row's inputs in place when rows move. */
export interface DietIngredientRow {
  key: string;
  ingredientId: string;
  /** '' while the vet has not typed a number. */
  amount: number | string;
  unit: Unit;
}

/** What the editor holds: dates as `YYYY-MM-DD` (what Mantine's DateInput gives), '' for empty numbers. */
export interface DietFormValues {
  kind: DietKind;
  nutrientProfileKind: NutrientProfileKind;
  formulatedOn: string | null;
  nextAssessmentOn: string | null;
  mealsPerDay: number | string;
  ingredients: DietIngredientRow[];
  feedingInstructions: string;
}

export { MAX_DIET_INGREDIENTS, MAX_FEEDING_INSTRUCTIONS, MAX_INGREDIENT_AMOUNT };

export const dietKindOptions = dietKinds.map((kind) => ({ value: kind, label: dietKindLabels[kind] }));
export const nutrientProfileOptions = nutrientProfileKinds.map((kind) => ({
  value: kind,
  label: nutrientProfileKindLabels[kind],
}));
export const unitOptions = units.map((unit) => ({ value: unit, label: unit }));

/** Pets under a year eat for growth; an unknown age is treated as adult, the safer default for limits. */
export const GROWTH_UNTIL_MONTHS = 12;

export function defaultNutrientProfileKind(ageMonths: number | null): NutrientProfileKind {
  return ageMonths !== null && ageMonths < GROWTH_UNTIL_MONTHS ? 'fediaf_growth' : 'fediaf_adult';
}

let rowCounter = 0;
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

const toIso = (date: CalendarDate | null) => (date ? calendarDateToIso(date) : null);
const toCalendarDate = (iso: string | null) => (iso ? isoToCalendarDate(iso.slice(0, 10)) : null);

export function dietFormValues(diet: Diet): DietFormValues {
  return {
    kind: diet.kind,
    nutrientProfileKind: diet.nutrientProfileKind,
    formulatedOn: toIso(diet.formulatedOn),
    nextAssessmentOn: toIso(diet.nextAssessmentOn),
    mealsPerDay: diet.mealsPerDay,
    ingredients: diet.ingredients.map((ingredient) => ({
      key: newRowKey(),
      ingredientId: ingredient.ingredientId,
      amount: ingredient.amount,
      unit: ingredient.unit,
    })),
    feedingInstructions: diet.feedingInstructions,
  };
}

function numberOf(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? number : null;
}

/** The rows that can be weighed: an ingredient chosen and an amount above 0 (the live panel uses them). */
export function completeIngredients(rows: readonly DietIngredientRow[]): DietIngredientInput[] {
  const inputs: DietIngredientInput[] = [];
  for (const row of rows) {
    const amount = numberOf(row.amount);
    if (!row.ingredientId || amount === null || amount <= 0) continue;
    inputs.push({ ingredientId: row.ingredientId, amount, unit: row.unit });
  }
  return inputs;
}

/**
 * The body of PATCH /v1/diets/{id}: the whole editable diet, so what is saved is exactly what the vet
 * sees. Call it on values that passed `validateDietForm`.
 */
export function toDietPatch(values: DietFormValues): DietPatch {
  return {
    kind: values.kind,
    nutrientProfileKind: values.nutrientProfileKind,
    formulatedOn: toCalendarDate(values.formulatedOn),
    nextAssessmentOn: toCalendarDate(values.nextAssessmentOn),
    mealsPerDay: numberOf(values.mealsPerDay) ?? 1,
    ingredients: completeIngredients(values.ingredients),
    feedingInstructions: values.feedingInstructions,
  };
}

export const NEXT_BEFORE_FORMULATED = 'Must be on or after the formulation date';

/** The server answers 400 for a next assessment before the formulation; the form says so first. */
export function isDateOrderValid(formulatedOn: string | null, nextAssessmentOn: string | null): boolean {
  if (!formulatedOn || !nextAssessmentOn) return true;
  return nextAssessmentOn.slice(0, 10) >= formulatedOn.slice(0, 10);
}

export type DietFormErrors = Record<string, string>;

/**
 * The API's `dietPatchSchema` judges every row as the vet sees it: unlike `toDietPatch`, incomplete rows
 * stay in, so an empty amount is refused beside its field.
 */
const dietFormSchema = contractFormSchema(dietPatchSchema, (values: DietFormValues) => ({
  kind: values.kind,
  nutrientProfileKind: values.nutrientProfileKind,
  formulatedOn: toCalendarDate(values.formulatedOn),
  nextAssessmentOn: toCalendarDate(values.nextAssessmentOn),
  mealsPerDay: numberOf(values.mealsPerDay) ?? undefined,
  ingredients: values.ingredients.map((row) => ({
    ingredientId: row.ingredientId,
    amount: numberOf(row.amount) ?? undefined,
    unit: row.unit,
  })),
  feedingInstructions: values.feedingInstructions,
}));

/**
 * The contract's rules and messages, on the form's paths (`ingredients.2.amount`), plus the date order
 * the API checks against the stored diet.
 */
export function validateDietForm(values: DietFormValues): DietFormErrors {
  const errors: DietFormErrors = formErrors(dietFormSchema, values);
  if (!isDateOrderValid(values.formulatedOn, values.nextAssessmentOn)) {
    errors.nextAssessmentOn = NEXT_BEFORE_FORMULATED;
  }
  return errors;
}

/** The fields a server 400 may name, as the form knows them. */
export function dietFormFields(values: DietFormValues): string[] {
  return [
    'kind',
    'nutrientProfileKind',
    'formulatedOn',
    'nextAssessmentOn',
    'mealsPerDay',
    'ingredients',
    'feedingInstructions',
    ...values.ingredients.flatMap((_, index) => [
      `ingredients.${index}.ingredientId`,
      `ingredients.${index}.amount`,
      `ingredients.${index}.unit`,
    ]),
  ];
}

/** What the owner will read: the instructions with `{{PET_NAME}}` / `{{pet_name}}` replaced. */
export function feedingInstructionsPreview(text: string, petName: string): string {
  return replacePetNamePlaceholders(text, petName);
}

/** Moves a row up (-1) or down (+1); out of range leaves the list as it is. */
export function moveRow<T>(rows: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const moved = [...rows];
  const [row] = moved.splice(index, 1);
  moved.splice(target, 0, row as T);
  return moved;
}

/**
 * What a vet types into a date field: day first (`21/11/2026`, `21.11.2026`, `21-11-2026`) as the
 * vet view writes dates, or ISO. Answers `YYYY-MM-DD`, or null for anything that is not a real date.
 */
export function parseDayFirstDate(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const parts = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : dayFirst
      ? { year: Number(dayFirst[3]), month: Number(dayFirst[2]), day: Number(dayFirst[1]) }
      : null;
  if (!parts) return null;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const real =
    date.getUTCFullYear() === parts.year &&
    date.getUTCMonth() === parts.month - 1 &&
    date.getUTCDate() === parts.day;
  return real ? calendarDateToIso(parts) : null;
}
