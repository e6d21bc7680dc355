import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  type Vet,
  type VetCreate,
  type VetKind,
  type VetPatch,
  vetCreateSchema,
  vetKindLabels,
  vetKindNeedsCompany,
  vetKinds,
  vetNameSchema,
} from '@vetboard/contract';
import { z } from 'zod';

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

const profileShape = {
  firstName: vetNameSchema,
  lastName: vetNameSchema,
  kind: z.enum(vetKinds, { error: 'Choose the kind of vet' }),
  companySku: z.string().trim().max(40, 'At most 40 characters'),
};

/** The same rule as the API's `vetCreateSchema`: B2B vets and partners need their company. */
function requireCompany(values: { kind: VetKind; companySku: string }, ctx: z.RefinementCtx) {
  if (vetKindNeedsCompany(values.kind) && !values.companySku) {
    ctx.addIssue({ code: 'custom', path: ['companySku'], message: 'Choose the company of this vet' });
  }
}

/** Mirrors `vetCreateSchema` so most mistakes are caught before the request. */
export const vetCreateFormSchema = z
  .object({ email: z.string().trim().pipe(vetCreateSchema.shape.email), ...profileShape })
  .superRefine(requireCompany);

export const vetProfileFormSchema = z.object(profileShape).superRefine(requireCompany);

const companyOf = (values: VetProfileValues) =>
  values.kind !== '' && vetKindNeedsCompany(values.kind) ? values.companySku.trim().toUpperCase() : null;

export function toVetCreate(values: VetCreateValues): VetCreate {
  const kind = vetCreateFormSchema.shape.kind.parse(values.kind);
  const companySku = companyOf(values);
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    kind,
    ...(companySku ? { companySku } : {}),
  };
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
