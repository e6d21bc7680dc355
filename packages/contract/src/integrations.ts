import { z } from 'zod';
import { lineText, timestampSchema } from './common.ts';
import { companySkuSchema } from './companies.ts';
import type { VetKind } from './vets.ts';

/**
 * What a token is for. A route names the scope it needs; the server refuses a token without it (issue #47,
 * point 11). The calls listed here are the ones the server registers with each scope: a test compares them.
 */
export const integrationScopeSchema = z.enum(['readings', 'owner_app']);
export type IntegrationScopeName = z.infer<typeof integrationScopeSchema>;

export const INTEGRATION_SCOPE_CALLS: Record<IntegrationScopeName, { label: string; calls: string[] }> = {
  readings: { label: 'Collar readings', calls: ['POST /v1/trackers/readings'] },
  owner_app: {
    label: 'Owner app',
    calls: [
      'POST /v1/checkups/{id}/answers',
      'POST /v1/journal-entries',
      'POST /v1/medical-records/owner-uploads',
      'POST /v1/pet-questions',
      'GET /v1/pets/{id}/preventive-care/for-owner-app',
    ],
  },
};

/** Integration tokens are a head vet's to make and revoke: a token writes about pets with no vet behind it. */
export function canManageIntegrations(actor: { kind: VetKind }): boolean {
  return actor.kind === 'head';
}

export const INTEGRATIONS_FORBIDDEN_MESSAGE = 'Only head vets can manage integrations';

export const integrationSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  /** A company's own integration writes only about that company's pets; null: any pet. */
  companySku: z.string().nullable(),
  createdAt: timestampSchema,
  /** To the minute: for spotting an integration that stopped calling. */
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListResponseSchema = z.object({ integrations: z.array(integrationSchema) });
export type IntegrationListResponse = z.infer<typeof integrationListResponseSchema>;

export const integrationCreateSchema = z.object({
  name: lineText().min(1, 'Give the integration a name').max(100),
  scopes: z.array(integrationScopeSchema).min(1, 'Choose at least one of readings, owner_app').max(2),
  companySku: companySkuSchema.nullish(),
});
export type IntegrationCreate = z.infer<typeof integrationCreateSchema>;

export const integrationCreatedResponseSchema = z.object({
  integration: integrationSchema,
  /** Shown once: only its SHA-256 is kept. */
  token: z.string(),
});
export type IntegrationCreatedResponse = z.infer<typeof integrationCreatedResponseSchema>;

export const integrationResponseSchema = z.object({ integration: integrationSchema });
