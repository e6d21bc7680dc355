import {
  type BetaCreate,
  type BetaFeature,
  betaCreateSchema,
  betaFeatureLabels,
  betaFeatures,
} from '@vetboard/contract';
import { contractFormSchema } from '@/lib/forms/contract-form.ts';

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

/** The API's `betaCreateSchema` judges the form; blank notes are none. */
export const betaFormSchema = contractFormSchema(betaCreateSchema, (values: BetaFormValues) => ({
  userUuid: values.userUuid,
  feature: values.feature,
  notes: values.notes.trim() ? values.notes : null,
}));

/** Call it on values that passed the form's validation. */
export function toBetaCreate(values: BetaFormValues): BetaCreate {
  return betaFormSchema.parse(values);
}
