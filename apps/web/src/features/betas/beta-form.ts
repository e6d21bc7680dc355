import { type BetaCreate, type BetaFeature, betaFeatureLabels, betaFeatures } from '@vetboard/contract';
import { z } from 'zod';

export interface BetaFormValues {
  userUuid: string;
  feature: BetaFeature | '';
  notes: string;
}

export const BETA_FIELDS = ['userUuid', 'feature', 'notes'] as const;

export const betaFeatureOptions = betaFeatures.map((feature) => ({
  value: feature,
  label: betaFeatureLabels[feature],
}));

/** Mirrors the API's `betaCreateSchema`, with messages for a person filling the form. */
export const betaFormSchema = z.object({
  userUuid: z.uuid('Choose a user'),
  feature: z.enum(betaFeatures, { error: 'Choose a feature' }),
  notes: z.string().trim().max(2000, 'At most 2,000 characters'),
});

export function toBetaCreate(values: BetaFormValues): BetaCreate {
  const parsed = betaFormSchema.parse(values);
  return { userUuid: parsed.userUuid, feature: parsed.feature, notes: parsed.notes || null };
}
