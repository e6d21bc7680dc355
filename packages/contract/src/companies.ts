import { z } from 'zod';

export const companyKinds = ['insurer', 'breeder', 'kennel', 'daycare', 'shelter', 'other'] as const;
export const companyKindSchema = z.enum(companyKinds);
export type CompanyKind = z.infer<typeof companyKindSchema>;

export const companyKindLabels: Record<CompanyKind, string> = {
  insurer: 'Insurer',
  breeder: 'Breeder',
  kennel: 'Kennel',
  daycare: 'Daycare',
  shelter: 'Shelter',
  other: 'Other',
};

/** A company's sku is its code in URLs (`/b2b/{sku}`) and on its users (`b2BCode`). */
export const companySkuSchema = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[A-Z0-9_-]+$/, 'Upper-case letters, digits, - and _ only');

export const companySchema = z.object({
  sku: z.string(),
  name: z.string(),
  kind: companyKindSchema,
  dailyStatusEmails: z.array(z.string()),
  urgentReportEmails: z.array(z.string()),
  usersCount: z.number().int(),
  petsCount: z.number().int(),
  vetsCount: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

export const companyResponseSchema = z.object({ company: companySchema });
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

const contactEmailSchema = z.email('Enter a valid e-mail address').max(254);

/** A head vet changes where a company's daily statuses and urgent reports go. */
export const companyContactsSchema = z.object({
  dailyStatusEmails: z.array(contactEmailSchema).max(20),
  urgentReportEmails: z.array(contactEmailSchema).max(20),
});
export type CompanyContacts = z.infer<typeof companyContactsSchema>;

/** Only head vets change where a company's e-mails go. */
export function canEditCompanyContacts(actor: { kind: string }): boolean {
  return actor.kind === 'head';
}
