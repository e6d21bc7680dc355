import { z } from 'zod';
import { listQuerySchemas, multiValueQuery, paginationSchema, text, timestampSchema } from './common.ts';
import { vetKinds, vetSortFields } from './enums.ts';
import { vetFields } from './session.ts';

export const vetKindSchema = z.enum(vetKinds);
export type VetKind = z.infer<typeof vetKindSchema>;

/** SPEC §3 / DOMAIN.md "Who uses it": the kind label shown in the header and lists. */
export const vetKindLabels: Record<VetKind, string> = {
  regular: 'Vet',
  head: 'Head vet',
  b2b: 'B2B vet',
  partner: 'B2B partner',
  undefined: 'Undefined',
};

export const vetSchema = z.object({ ...vetFields, kind: vetKindSchema });
export type Vet = z.infer<typeof vetSchema>;

export const vetNameSchema = text().trim().min(1, 'Required').max(80, 'At most 80 characters');

/** B2B vets and partners belong to a company; the product's own vets do not. */
export function vetKindNeedsCompany(kind: VetKind): boolean {
  return kind === 'b2b' || kind === 'partner';
}

export const vetListItemSchema = vetSchema.extend({
  createdAt: timestampSchema,
  disabled: z.boolean(),
});
export type VetListItem = z.infer<typeof vetListItemSchema>;

/**
 * `kind` is a vet kind, or the product's name (case-insensitive; also `product`) for the product's own
 * vets, regular and head: SPEC §2's "Teammates (kind={product})".
 */
const vetListQueries = listQuerySchemas(
  vetSortFields,
  { sort: 'name', order: 'asc' },
  { userUuids: multiValueQuery(z.uuid()), kind: text().trim().min(1).max(80).optional() },
);
export const vetFilterQuerySchema = vetListQueries.filter;
export const vetListQuerySchema = vetListQueries.list;
export type VetListQuery = z.infer<typeof vetListQuerySchema>;

export const vetListResponseSchema = z.object({
  vets: z.array(vetListItemSchema),
  pagination: paginationSchema,
});
export type VetListResponse = z.infer<typeof vetListResponseSchema>;

/** One vet's page: SPEC §9's vet view shows when the vet was created, last signed in and last changed. */
export const vetDetailSchema = vetListItemSchema.extend({
  updatedAt: timestampSchema,
  lastSignedInAt: timestampSchema.nullable(),
});
export type VetDetail = z.infer<typeof vetDetailSchema>;

export const vetResponseSchema = z.object({ vet: vetDetailSchema });
export type VetResponse = z.infer<typeof vetResponseSchema>;

const companySkuSchema = text().trim().min(1).max(40, 'At most 40 characters');

/**
 * B2B vets and partners belong to a company. A refinement, shared by the create schema and the
 * dashboard's profile form (a patch alone cannot tell: the API checks it against the stored vet).
 */
export function requireVetCompany(
  vet: { kind?: VetKind | undefined; companySku?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (vet.kind && vetKindNeedsCompany(vet.kind) && !vet.companySku) {
    ctx.addIssue({ code: 'custom', path: ['companySku'], message: 'Choose the company of this vet' });
  }
}

/** The messages are the ones a vet reads beside the field: the dashboard's form validates with this schema. */
export const vetCreateSchema = z
  .strictObject({
    email: z.email('Enter a valid e-mail address').max(320),
    firstName: vetNameSchema,
    lastName: vetNameSchema,
    kind: z.enum(vetKinds, { error: 'Choose the kind of vet' }),
    companySku: companySkuSchema.nullable().optional(),
  })
  .superRefine(requireVetCompany);
export type VetCreate = z.infer<typeof vetCreateSchema>;

/** `imageUrl` can only be cleared here; a new image comes through the avatar upload. */
export const vetPatchSchema = z
  .strictObject({
    firstName: vetNameSchema.optional(),
    lastName: vetNameSchema.optional(),
    kind: vetKindSchema.optional(),
    companySku: companySkuSchema.nullable().optional(),
    imageUrl: z.null().optional(),
    /** A disabled vet cannot log in, and every session they had ends at once. */
    disabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type VetPatch = z.infer<typeof vetPatchSchema>;

/**
 * Who may manage vets, shared so the dashboard offers only what the API allows:
 * head vets create vets, change any other vet's kind, company and disabled flag, and edit any vet's
 * profile and avatar; every vet edits their own names and avatar, never their own kind or company.
 */
export const VETS_FORBIDDEN_MESSAGE = 'Only head vets can manage other vets';

export function canManageVets(actor: { kind: VetKind }): boolean {
  return actor.kind === 'head';
}

export function canEditVetProfile(actor: { uuid: string; kind: VetKind }, vetUuid: string): boolean {
  return actor.uuid === vetUuid || canManageVets(actor);
}

/** Kind, company and disabled flag: a head vet's, on vets other than themselves. */
export function canChangeVetAccess(actor: { uuid: string; kind: VetKind }, vetUuid: string): boolean {
  return actor.uuid !== vetUuid && canManageVets(actor);
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const VET_CSV_COLUMNS = [
  'uuid',
  'firstName',
  'lastName',
  'email',
  'kind',
  'kindLabel',
  'companySku',
  'createdAt',
] as const;
