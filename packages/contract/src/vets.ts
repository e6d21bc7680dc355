import { z } from 'zod';

export const vetKinds = ['regular', 'head', 'b2b', 'partner', 'undefined'] as const;
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

export const vetSchema = z.object({
  uuid: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
  kind: vetKindSchema,
  companySku: z.string().nullable(),
  isRegularVet: z.boolean(),
  isHeadVet: z.boolean(),
  kindLabel: z.string(),
});
export type Vet = z.infer<typeof vetSchema>;

export function vetFullName(vet: Pick<Vet, 'firstName' | 'lastName'>): string {
  return `${vet.firstName} ${vet.lastName}`.trim();
}
