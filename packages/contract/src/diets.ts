import { z } from 'zod';
import type { speciesSchema } from './breeds.ts';
import { calendarDateSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { units } from './units.ts';

/** DOMAIN.md "Diets". */
export const dietKinds = [
  'maintenance',
  'weight_loss',
  'weight_gain',
  'renal',
  'hepatic',
  'gastrointestinal',
  'hypoallergenic',
  'cardiac',
  'other',
] as const;
export const dietKindSchema = z.enum(dietKinds);
export type DietKind = z.infer<typeof dietKindSchema>;
export const dietKindLabels: Record<DietKind, string> = {
  maintenance: 'Maintenance',
  weight_loss: 'Weight loss',
  weight_gain: 'Weight gain',
  renal: 'Renal',
  hepatic: 'Hepatic',
  gastrointestinal: 'Gastrointestinal',
  hypoallergenic: 'Hypoallergenic',
  cardiac: 'Cardiac',
  other: 'Other',
};

export const nutrientProfileKinds = ['fediaf_adult', 'fediaf_growth', 'aafco_adult', 'aafco_growth'] as const;
export const nutrientProfileKindSchema = z.enum(nutrientProfileKinds);
export type NutrientProfileKind = z.infer<typeof nutrientProfileKindSchema>;
export const nutrientProfileKindLabels: Record<NutrientProfileKind, string> = {
  fediaf_adult: 'FEDIAF adult',
  fediaf_growth: 'FEDIAF growth',
  aafco_adult: 'AAFCO adult',
  aafco_growth: 'AAFCO growth',
};

export const dietStatuses = ['draft', 'published'] as const;
export const dietStatusSchema = z.enum(dietStatuses);
export type DietStatus = z.infer<typeof dietStatusSchema>;
export const dietStatusLabels: Record<DietStatus, string> = { draft: 'Draft', published: 'Published' };

export const unitSchema = z.enum(units);

// --- Ingredients ---------------------------------------------------------------------------------

export const ingredientCategories = [
  'meat',
  'fish',
  'egg',
  'dairy',
  'grain',
  'legume',
  'vegetable',
  'fruit',
  'oil',
  'supplement',
] as const;
export const ingredientCategorySchema = z.enum(ingredientCategories);
export type IngredientCategory = z.infer<typeof ingredientCategorySchema>;

/** Nutrient keys, their units per 100 g of ingredient (as fed), in the order the panel shows them. */
export const nutrientKeys = [
  'protein',
  'fat',
  'carbohydrate',
  'fibre',
  'calcium',
  'phosphorus',
  'sodium',
  'potassium',
  'magnesium',
  'iron',
  'zinc',
  'copper',
  'vitaminA',
  'vitaminD',
  'vitaminE',
  'taurine',
  'epaDha',
] as const;
export type NutrientKey = (typeof nutrientKeys)[number];
export const nutrientUnits: Record<NutrientKey, 'g' | 'mg' | 'mcg' | 'IU'> = {
  protein: 'g',
  fat: 'g',
  carbohydrate: 'g',
  fibre: 'g',
  calcium: 'mg',
  phosphorus: 'mg',
  sodium: 'mg',
  potassium: 'mg',
  magnesium: 'mg',
  iron: 'mg',
  zinc: 'mg',
  copper: 'mg',
  vitaminA: 'IU',
  vitaminD: 'IU',
  vitaminE: 'IU',
  taurine: 'mg',
  epaDha: 'mg',
};
export const nutrientLabels: Record<NutrientKey, string> = {
  protein: 'Protein',
  fat: 'Fat',
  carbohydrate: 'Carbohydrate',
  fibre: 'Fibre',
  calcium: 'Calcium',
  phosphorus: 'Phosphorus',
  sodium: 'Sodium',
  potassium: 'Potassium',
  magnesium: 'Magnesium',
  iron: 'Iron',
  zinc: 'Zinc',
  copper: 'Copper',
  vitaminA: 'Vitamin A',
  vitaminD: 'Vitamin D',
  vitaminE: 'Vitamin E',
  taurine: 'Taurine',
  epaDha: 'EPA + DHA',
};

export const nutrientValuesSchema = z.object(
  Object.fromEntries(nutrientKeys.map((key) => [key, z.number().min(0)])) as Record<NutrientKey, z.ZodNumber>,
);
export type NutrientValues = z.infer<typeof nutrientValuesSchema>;

export const ingredientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: ingredientCategorySchema,
  /** Metabolisable energy, kcal per 100 g as fed. */
  kcalPer100g: z.number(),
  /** Per 100 g as fed; units in `nutrientUnits`. */
  nutrients: nutrientValuesSchema,
  /** Where the values come from (e.g. 'USDA FoodData Central SR Legacy 05062'). */
  source: z.string(),
});
export type Ingredient = z.infer<typeof ingredientSchema>;

export const ingredientListResponseSchema = z.object({ ingredients: z.array(ingredientSchema) });

// --- Formulation -----------------------------------------------------------------------------------

export const nutrientStatuses = ['ok', 'low', 'high', 'no_reference'] as const;
export type NutrientStatus = (typeof nutrientStatuses)[number];

/** A nutrient's daily total beside the chosen profile's limits, both per 1,000 kcal of the diet. */
export const nutrientAssessmentSchema = z.object({
  key: z.enum(nutrientKeys),
  label: z.string(),
  unit: z.string(),
  dailyAmount: z.number(),
  per1000kcal: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  status: z.enum(nutrientStatuses),
});
export type NutrientAssessment = z.infer<typeof nutrientAssessmentSchema>;

export const energySchema = z.object({
  /** Weight the requirement is computed on: the target weight for weight loss/gain, else the current. */
  basisWeightKg: z.number().nullable(),
  /** RER = 70 × kg^0.75. */
  restingKcal: z.number().nullable(),
  /** The factor applied to RER for species, life stage, neuter status and diet kind. */
  factor: z.number().nullable(),
  factorReason: z.string(),
  /** Daily energy target (MER). */
  targetKcal: z.number().nullable(),
  /** What the diet's ingredients provide per day. */
  dietKcal: z.number(),
  /** dietKcal / targetKcal × 100. */
  percentOfTarget: z.number().nullable(),
});
export type Energy = z.infer<typeof energySchema>;

/**
 * One thing the formulation flags, with a stable code (`calcium_low`, `vitaminD_high`,
 * `energy_off_target`, `calcium_phosphorus_ratio`, `no_ingredients`…) a publish names to acknowledge it.
 */
export const dietWarningSchema = z.object({ code: z.string(), message: z.string() });
export type DietWarning = z.infer<typeof dietWarningSchema>;

export const formulationSchema = z.object({
  totalGrams: z.number(),
  energy: energySchema,
  nutrients: z.array(nutrientAssessmentSchema),
  calciumPhosphorusRatio: z.number().nullable(),
  /** Plain sentences a vet reads at a glance, e.g. 'Calcium is below the FEDIAF adult minimum (…)'. */
  warnings: z.array(dietWarningSchema),
});
export type Formulation = z.infer<typeof formulationSchema>;

// --- Diets -------------------------------------------------------------------------------------------

/** The editor's limits; the messages are the ones a vet reads beside the field (the dashboard validates with these schemas). */
export const MAX_DIET_INGREDIENTS = 40;
export const MAX_FEEDING_INSTRUCTIONS = 5000;
export const MAX_INGREDIENT_AMOUNT = 100_000;
const MEALS_MESSAGE = 'Between 1 and 6 meals';

export const dietIngredientInputSchema = z.strictObject({
  ingredientId: z.uuid('Choose an ingredient'),
  amount: z
    .number({ error: 'Enter an amount' })
    .gt(0, 'Must be above 0')
    .max(MAX_INGREDIENT_AMOUNT, 'At most 100,000'),
  unit: unitSchema,
});
export type DietIngredientInput = z.infer<typeof dietIngredientInputSchema>;

export const dietIngredientSchema = z.object({
  ingredientId: z.uuid(),
  name: z.string(),
  amount: z.number(),
  unit: unitSchema,
  /** The daily amount in grams (SPEC §9 factors). */
  grams: z.number(),
  kcal: z.number(),
});
export type DietIngredient = z.infer<typeof dietIngredientSchema>;

export const dietSchema = z.object({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  dietPlanUuid: z.uuid().nullable(),
  kind: dietKindSchema,
  nutrientProfileKind: nutrientProfileKindSchema,
  status: dietStatusSchema,
  formulatedOn: calendarDateSchema.nullable(),
  nextAssessmentOn: calendarDateSchema.nullable(),
  mealsPerDay: z.number().int(),
  ingredients: z.array(dietIngredientSchema),
  /** As the vet wrote it, with `{{PET_NAME}}` / `{{pet_name}}` placeholders. */
  feedingInstructions: z.string(),
  /** With the placeholders replaced by the pet's name (SPEC §3). */
  feedingInstructionsRendered: z.string(),
  formulation: formulationSchema,
  pdf: z.object({ generatedAt: timestampSchema.nullable(), upToDate: z.boolean() }),
  copiedFromUuid: z.uuid().nullable(),
  createdBy: personRefSchema.nullable(),
  publishedAt: timestampSchema.nullable(),
  /** The warnings the publishing vet acknowledged, as they read then, and why; null when there were none. */
  publishAcknowledgement: z
    .object({
      warnings: z.array(dietWarningSchema),
      reason: z.string(),
      by: personRefSchema.nullable(),
      at: timestampSchema,
    })
    .nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Diet = z.infer<typeof dietSchema>;

export const dietSummarySchema = dietSchema.pick({
  uuid: true,
  petUuid: true,
  kind: true,
  nutrientProfileKind: true,
  status: true,
  formulatedOn: true,
  nextAssessmentOn: true,
  publishedAt: true,
  createdAt: true,
  updatedAt: true,
});
export type DietSummary = z.infer<typeof dietSummarySchema>;

export const dietCreateSchema = z.strictObject({
  petUuid: z.uuid(),
  kind: dietKindSchema,
  nutrientProfileKind: nutrientProfileKindSchema,
});
export type DietCreate = z.infer<typeof dietCreateSchema>;

export const dietPatchSchema = z
  .strictObject({
    kind: dietKindSchema.optional(),
    nutrientProfileKind: nutrientProfileKindSchema.optional(),
    formulatedOn: calendarDateSchema.nullable().optional(),
    nextAssessmentOn: calendarDateSchema.nullable().optional(),
    mealsPerDay: z
      .number({ error: MEALS_MESSAGE })
      .int(MEALS_MESSAGE)
      .min(1, MEALS_MESSAGE)
      .max(6, MEALS_MESSAGE)
      .optional(),
    ingredients: z
      .array(dietIngredientInputSchema)
      .max(MAX_DIET_INGREDIENTS, `At most ${MAX_DIET_INGREDIENTS} ingredients`)
      .optional(),
    feedingInstructions: text().max(MAX_FEEDING_INSTRUCTIONS, 'At most 5,000 characters').optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type DietPatch = z.infer<typeof dietPatchSchema>;

export const DIET_ACKNOWLEDGEMENT_REASON_MAX = 2000;

/**
 * `POST /v1/diets/{id}/publish`: a diet with warnings is published only when every one of them is
 * named here with a reason; a diet without warnings takes an empty body. A blank reason is a 409 with
 * the warnings, like a missing acknowledgement, so the dialog shows them all in one place.
 */
export const dietPublishSchema = z.strictObject({
  acknowledgedWarnings: z.array(text().max(100)).max(100).default([]),
  acknowledgementReason: text()
    .trim()
    .max(
      DIET_ACKNOWLEDGEMENT_REASON_MAX,
      `At most ${DIET_ACKNOWLEDGEMENT_REASON_MAX.toLocaleString('en-GB')} characters`,
    )
    .optional(),
});
export type DietPublish = z.input<typeof dietPublishSchema>;
export type DietPublishInput = z.infer<typeof dietPublishSchema>;

/** SPEC §7 `GET /v1/diets`: petUuid and order (newest first by default). */
export const dietListQuerySchema = z.object({
  petUuid: z.uuid(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const dietListResponseSchema = z.object({ diets: z.array(dietSummarySchema) });
export const dietResponseSchema = z.object({ diet: dietSchema });
export type DietResponse = z.infer<typeof dietResponseSchema>;

export const dietCopyResponseSchema = z.object({ copyUuid: z.uuid() });
export const dietPdfUrlResponseSchema = z.object({
  pdfUrl: z.string(),
  expiresAt: timestampSchema,
});
export type DietPdfUrlResponse = z.infer<typeof dietPdfUrlResponseSchema>;
/** Query of the public PDF page and of `pdf/content` without a session. */
export const dietPdfSignatureQuerySchema = z.object({
  expires: z.coerce.number().int().optional(),
  signature: text().max(200).optional(),
});
export const DIET_PDF_LINK_DAYS = 7;

// --- Diet plans ------------------------------------------------------------------------------------

export const dietPlanCreateSchema = z.strictObject({ petUuid: z.uuid(), kind: dietKindSchema });
export const dietPlanCreateResponseSchema = z.object({ uuid: z.uuid() });

export const dietPlanSchema = z.object({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  kind: dietKindSchema,
  createdAt: timestampSchema,
  currentDiet: dietSummarySchema.nullable(),
});
export type DietPlan = z.infer<typeof dietPlanSchema>;
export const currentDietPlanResponseSchema = z.object({ dietPlan: dietPlanSchema.nullable() });

/** SPEC §3: `{{PET_NAME}}` and `{{pet_name}}` are replaced by the pet's name. */
export function replacePetNamePlaceholders(text: string, petName: string): string {
  return text.replaceAll('{{PET_NAME}}', petName).replaceAll('{{pet_name}}', petName);
}

export interface FormulationPet {
  species: z.infer<typeof speciesSchema>;
  weightKg: number | null;
  targetWeightKg: number | null;
  ageMonths: number | null;
  neutered: boolean | null;
}
