import type {
  IntegrationCreate,
  IntegrationCreatedResponse,
  IntegrationListResponse,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { VetActor } from '../../../policy/actor.ts';
import { mayManageIntegrations } from '../../../policy/rights.ts';
import { integrationsErrors } from './integrations.errors.ts';
import { toIntegrationDto } from './integrations.mapper.ts';
import { createIntegration, listIntegrations, revokeIntegration } from './integrations.service.ts';

export interface IntegrationsDashboardDeps {
  db: Db;
  /** Companies are core and this module is platform: the app hands the check over (plugins/app/services.ts). */
  companyExists: (sku: string) => Promise<boolean>;
}

/** Asked before anything is read: the right does not depend on which integration it is. */
function assertMay(actor: VetActor): void {
  if (!mayManageIntegrations(actor)) throw integrationsErrors.forbidden();
}

/** Active integrations first, newest first; then the revoked ones, most recently revoked first. */
export async function listIntegrationsPage(
  deps: Pick<IntegrationsDashboardDeps, 'db'>,
  actor: VetActor,
): Promise<IntegrationListResponse> {
  assertMay(actor);
  const rows = await listIntegrations(deps);
  const order = (time: Date | null) => -(time?.getTime() ?? 0);
  const active = rows.filter((row) => !row.revokedAt).sort((a, b) => order(a.createdAt) - order(b.createdAt));
  const revoked = rows.filter((row) => row.revokedAt).sort((a, b) => order(a.revokedAt) - order(b.revokedAt));
  return { integrations: [...active, ...revoked].map(toIntegrationDto) };
}

/** The same creation as `integration:create`, the token returned once; audited as the head vet's. */
export async function createIntegrationFromDashboard(
  deps: IntegrationsDashboardDeps,
  actor: VetActor,
  input: IntegrationCreate,
): Promise<IntegrationCreatedResponse> {
  assertMay(actor);
  const companySku = input.companySku?.trim() || null;
  if (companySku && !(await deps.companyExists(companySku)))
    throw integrationsErrors.companyNotFound(companySku);
  const { integration, token } = await createIntegration(deps, actor, { ...input, companySku });
  return { integration: toIntegrationDto(integration), token };
}

export async function revokeIntegrationFromDashboard(
  deps: Pick<IntegrationsDashboardDeps, 'db'>,
  actor: VetActor,
  id: string,
) {
  assertMay(actor);
  return { integration: toIntegrationDto(await revokeIntegration(deps, actor, { id })) };
}
