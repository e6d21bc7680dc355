import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { petSummarySchema } from './pets.ts';
import { subscriptionSchema } from './subscriptions.ts';

export const familyKinds = ['internal', 'paid', 'beta', 'b2b', 'unspecified'] as const;
export const familyKindSchema = z.enum(familyKinds);
export type FamilyKind = z.infer<typeof familyKindSchema>;
export const familyKindLabels: Record<FamilyKind, string> = {
  internal: 'Internal',
  paid: 'Paid',
  beta: 'Beta',
  b2b: 'B2B',
  unspecified: 'Unspecified',
};

const memberSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isOwner: z.boolean(),
});

/** SPEC §3: the owner has `name` and `b2BCode` (the company sku, for a B2B owner). */
export const familyOwnerSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  b2BCode: z.string().nullable(),
  familyKind: familyKindSchema,
});
export type FamilyOwner = z.infer<typeof familyOwnerSchema>;

export const familySchema = z.object({
  uuid: z.uuid(),
  familyKind: familyKindSchema,
  owner: familyOwnerSchema.nullable(),
  members: z.array(memberSchema),
  subscription: subscriptionSchema.nullable(),
  createdAt: timestampSchema,
});
export type Family = z.infer<typeof familySchema>;

export const familyPetsResponseSchema = z.object({
  family: familySchema,
  pets: z.array(petSummarySchema),
});
export type FamilyPetsResponse = z.infer<typeof familyPetsResponseSchema>;
