import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  requireVetCompany,
  type Vet,
  type VetCreate,
  type VetKind,
  type VetPatch,
  vetCreateSchema,
  vetKindLabels,
  vetKindNeedsCompany,
  vetKinds,
  vetPatchSchema,
} from '@vetboard/contract';
import { contractFormSchema } from '@/lib/forms/contract-form.ts';

/** What the vet forms hold: text inputs hold strings, so "no company" is '' here and null on the wire. */
export interface VetProfileValues {
  firstName: string;
  lastName: string;
  kind: VetKind | '';
  companySku: string;
}
export interface VetCreateValues extends VetProfileValues {
  email: string;
}

export const VET_PROFILE_FIELDS = ['firstName', 'lastName', 'kind', 'companySku'] as const;
export const VET_CREATE_FIELDS = ['email', ...VET_PROFILE_FIELDS] as const;

export const vetKindOptions = vetKinds.map((kind) => ({ value: kind, label: vetKindLabels[kind] }));

const companyOf = (values: VetProfileValues) =>
  values.kind !== '' && vetKindNeedsCompany(values.kind) ? values.companySku.trim().toUpperCase() : null;

/** The API's `vetCreateSchema` judges the form; a company goes only with the kinds that have one. */
export const vetCreateFormSchema = contractFormSchema(vetCreateSchema, (values: VetCreateValues) => {
  const companySku = companyOf(values);
  return {
    email: values.email.trim(),
    firstName: values.firstName,
    lastName: values.lastName,
    kind: values.kind,
    ...(companySku ? { companySku } : {}),
  };
});

/** The API's `vetPatchSchema` with the company rule the API checks against the stored vet. */
export const vetProfileFormSchema = contractFormSchema(vetPatchSchema, (values: VetProfileValues) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  kind: values.kind || undefined,
  companySku: companyOf(values) || null,
})).superRefine(requireVetCompany);

/** Call it on values that passed the form's validation. */
export function toVetCreate(values: VetCreateValues): VetCreate {
  return vetCreateFormSchema.parse(values);
}

export function profileValuesOf(vet: Pick<Vet, 'firstName' | 'lastName' | 'kind' | 'companySku'>) {
  return {
    firstName: vet.firstName,
    lastName: vet.lastName,
    kind: vet.kind,
    companySku: vet.companySku ?? '',
  } satisfies VetProfileValues;
}

/**
 * Only what changed, so saving a name never rewrites the kind. A vet moved to a kind without a company
 * loses the company it had.
 */
export function toVetPatch(initial: VetProfileValues, values: VetProfileValues): VetPatch | null {
  const patch: VetPatch = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (firstName !== initial.firstName) patch.firstName = firstName;
  if (lastName !== initial.lastName) patch.lastName = lastName;
  if (values.kind !== '' && values.kind !== initial.kind) patch.kind = values.kind;
  const companySku = companyOf(values);
  if (companySku !== (initial.companySku || null)) patch.companySku = companySku;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The API checks the file's content too; this only spares a doomed upload of the wrong file. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  if (file.size > AVATAR_MAX_BYTES) return 'This picture is larger than 2 MB. Choose a smaller one.';
  return null;
}
