import { z } from 'zod';
import { listQuerySchemas, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { betaFeatures, betaSortFields } from './enums.ts';
import { userTypeSchema } from './users.ts';

export const betaFeatureSchema = z.enum(betaFeatures);
export type BetaFeature = z.infer<typeof betaFeatureSchema>;
export const betaFeatureLabels: Record<BetaFeature, string> = {
  collar_v2: 'Collar v2',
  ai_triage: 'AI triage',
  diet_planner: 'Diet planner',
  heart_rate: 'Heart rate',
  weekly_reports: 'Weekly reports',
};

export const betaUserSchema = z.object({
  uuid: z.uuid(),
  user: z.object({
    uuid: z.uuid(),
    name: z.string(),
    email: z.string(),
    userType: userTypeSchema,
    familyUuid: z.uuid().nullable(),
  }),
  feature: betaFeatureSchema,
  enrolledAt: timestampSchema,
  enrolledBy: personRefSchema.nullable(),
  notes: z.string().nullable(),
});
export type BetaUser = z.infer<typeof betaUserSchema>;

const betaListQueries = listQuerySchemas(
  betaSortFields,
  { sort: 'enrolledAt', order: 'desc' },
  { feature: betaFeatureSchema.optional() },
);
export const betaFilterQuerySchema = betaListQueries.filter;
export const betaListQuerySchema = betaListQueries.list;
export type BetaListQuery = z.infer<typeof betaListQuerySchema>;

/** SPEC §7: `GET /v1/betas` returns `betaUsers`. */
export const betaListResponseSchema = z.object({
  betaUsers: z.array(betaUserSchema),
  pagination: paginationSchema,
});
export type BetaListResponse = z.infer<typeof betaListResponseSchema>;

/** The messages are the ones a vet reads beside the field: the dashboard's form validates with this schema. */
export const betaCreateSchema = z.strictObject({
  userUuid: z.uuid('Choose a user'),
  feature: z.enum(betaFeatures, { error: 'Choose a feature' }),
  notes: text().trim().max(2000, 'At most 2,000 characters').nullable().optional(),
});
export type BetaCreate = z.infer<typeof betaCreateSchema>;

export const betaResponseSchema = z.object({ betaUser: betaUserSchema });
export type BetaResponse = z.infer<typeof betaResponseSchema>;
