import { z } from 'zod';
import { speciesSchema } from './breeds.ts';
import {
  calendarDateSchema,
  lineText,
  listQuerySchemas,
  paginationSchema,
  personRefSchema,
  text,
  timestampSchema,
} from './common.ts';
import { countOf } from './plural.ts';

export const petSexes = ['male', 'female', 'unknown'] as const;
export const petSexSchema = z.enum(petSexes);
export type PetSex = z.infer<typeof petSexSchema>;
export const petSexLabels: Record<PetSex, string> = { male: 'Male', female: 'Female', unknown: 'Unknown' };

export const activityLevels = ['low', 'moderate', 'high'] as const;
export const activityLevelSchema = z.enum(activityLevels);
export type ActivityLevel = z.infer<typeof activityLevelSchema>;
export const activityLevelLabels: Record<ActivityLevel, string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

/** ISO 11784 microchips are 15 digits; older ones 9-10 (AVID, FECAVA). Spaces are not stored. */
export const microchipSchema = z
  .string()
  .trim()
  .regex(/^\d{9,15}$/, 'A microchip number has 9 to 15 digits');

export const petSummarySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  species: speciesSchema,
  breedId: z.uuid().nullable(),
  breedName: z.string().nullable(),
  sex: petSexSchema,
  birthDate: calendarDateSchema.nullable(),
  neutered: z.boolean().nullable(),
  imageUrl: z.string().nullable(),
  familyUuid: z.uuid(),
});
export type PetSummary = z.infer<typeof petSummarySchema>;

/**
 * `GET /v1/pets`: the pets the vet may see, by name, searched by name and filtered by
 * species; a B2B vet's are their company's. Sending a checkup to many pets picks them here.
 */
export const petListQuery = listQuerySchemas(
  ['name'] as const,
  { sort: 'name', order: 'asc' },
  { species: speciesSchema.optional() },
);
export const petListQuerySchema = petListQuery.list;
export type PetListQuery = z.infer<typeof petListQuerySchema>;

export const petListRowSchema = petSummarySchema.extend({ ownerName: z.string().nullable() });
export type PetListRow = z.infer<typeof petListRowSchema>;

export const petListResponseSchema = z.object({
  pets: z.array(petListRowSchema),
  pagination: paginationSchema,
});
export type PetListResponse = z.infer<typeof petListResponseSchema>;

export const petProfileSchema = petSummarySchema.extend({
  microchip: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PetProfile = z.infer<typeof petProfileSchema>;

/** The pet's charts and dates are drawn in its home timezone (DOMAIN.md "Pets"). */
export const ownerHomeLocationSchema = z.object({
  city: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
});
export type OwnerHomeLocation = z.infer<typeof ownerHomeLocationSchema>;

export const petResponseSchema = z.object({
  petProfile: petProfileSchema,
  ownerHomeLocation: ownerHomeLocationSchema,
});
export type PetResponse = z.infer<typeof petResponseSchema>;

export const medicationSchema = z.strictObject({
  name: text().trim().min(1).max(120),
  dose: text().trim().max(120).default(''),
  frequency: text().trim().max(120).default(''),
});
export type Medication = z.infer<typeof medicationSchema>;

export const healthProfileSchema = z.object({
  petUuid: z.uuid(),
  conditions: z.array(z.string()),
  allergies: z.array(z.string()),
  medications: z.array(z.object({ name: z.string(), dose: z.string(), frequency: z.string() })),
  activityLevel: activityLevelSchema.nullable(),
  /** 1-9 body condition score (WSAVA). */
  bodyConditionScore: z.number().int().min(1).max(9).nullable(),
  /** The weight recorded on the profile (kg); trackers add dated weight history. */
  weightKg: z.number().nullable(),
  targetWeightKg: z.number().nullable(),
  updatedAt: timestampSchema,
  updatedBy: personRefSchema.nullable(),
});
export type HealthProfile = z.infer<typeof healthProfileSchema>;

export const healthProfileResponseSchema = z.object({ healthProfile: healthProfileSchema });

const shortTextList = z.array(text().trim().min(1).max(120)).max(50);
const weightKgSchema = z.number().gt(0, 'Must be above 0 kg').lt(200, 'Must be below 200 kg');

export const healthProfilePatchSchema = z.strictObject({
  conditions: shortTextList.optional(),
  allergies: shortTextList.optional(),
  medications: z.array(medicationSchema).max(50).optional(),
  activityLevel: activityLevelSchema.nullable().optional(),
  bodyConditionScore: z.number().int().min(1).max(9).nullable().optional(),
  weightKg: weightKgSchema.nullable().optional(),
  targetWeightKg: weightKgSchema.nullable().optional(),
});
export type HealthProfilePatch = z.infer<typeof healthProfilePatchSchema>;

/** Only these fields can change: the family, ids and timestamps never come from a client. */
export const petPatchSchema = z
  .strictObject({
    name: lineText().min(1, 'Name is required').max(80).optional(),
    species: speciesSchema.optional(),
    breedId: z.uuid().nullable().optional(),
    sex: petSexSchema.optional(),
    birthDate: calendarDateSchema.nullable().optional(),
    neutered: z.boolean().nullable().optional(),
    microchip: microchipSchema.nullable().optional(),
    healthProfile: healthProfilePatchSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type PetPatch = z.infer<typeof petPatchSchema>;

export const petPatchResponseSchema = z.object({
  petProfile: petProfileSchema,
  healthProfile: healthProfileSchema,
});
export type PetPatchResponse = z.infer<typeof petPatchResponseSchema>;

/** Whole years and months from a birth date to `today` (both calendar dates, in the pet's zone). */
export function petAge(
  birth: { year: number; month: number; day: number },
  today: { year: number; month: number; day: number },
): { years: number; months: number } | null {
  let months = (today.year - birth.year) * 12 + (today.month - birth.month);
  if (today.day < birth.day) months -= 1;
  if (months < 0) return null;
  return { years: Math.floor(months / 12), months: months % 12 };
}

export function formatPetAge(age: { years: number; months: number } | null): string {
  if (!age) return 'Unknown';
  const parts: string[] = [];
  if (age.years > 0) parts.push(countOf(age.years, { one: 'year', other: 'years' }));
  if (age.months > 0 || age.years === 0) parts.push(countOf(age.months, { one: 'month', other: 'months' }));
  return parts.join(' ');
}
