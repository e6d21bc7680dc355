import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { hashToken, newOpaqueToken } from '../../../lib/tokens.ts';
import type { Actor } from '../../../policy/actor.ts';
import { recordAudit } from '../audit/index.ts';
import { integrationsErrors } from './integrations.errors.ts';
import {
  findActiveIntegrationById,
  findActiveIntegrationByTokenHash,
  findActiveIntegrationsByName,
  insertIntegration,
  listAllIntegrations,
  markIntegrationRevoked,
  touchIntegrationLastUsed,
} from './integrations.repository.ts';
import { type IntegrationScope, integrationScopes } from './integrations.scopes.ts';
import type { IntegrationRow } from './integrations.table.ts';

/** Makes a leaked integration token recognisable (secret scanners, logs) and unlike a vet's session token. */
export const INTEGRATION_TOKEN_PREFIX = 'vbi_';

/** `last_used_at` is for spotting dead integrations, so minute precision is plenty and saves a write per batch. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const MAX_NAME_LENGTH = 100;

export type IntegrationTarget = { id: string } | { name: string };

function normalizeName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH) throw integrationsErrors.invalidName();
  return trimmed;
}

/** Integrations are managed from the command line (a system actor). The token is returned once and never stored: only its SHA-256 is kept. */
export async function createIntegration(
  deps: { db: Db },
  actor: Actor,
  input: { name: string; scopes?: readonly IntegrationScope[]; companySku?: string | null },
): Promise<{ integration: IntegrationRow; token: string }> {
  const name = normalizeName(input.name);
  const scopes = [...new Set(input.scopes ?? integrationScopes)].sort();
  if (scopes.length === 0 || scopes.some((scope) => !integrationScopes.includes(scope)))
    throw integrationsErrors.invalidScopes();
  const companySku = input.companySku?.trim() || null;
  const token = `${INTEGRATION_TOKEN_PREFIX}${newOpaqueToken()}`;
  const integration = await deps.db.transaction(async (tx) => {
    // One active integration per name keeps `integration:revoke --name` unambiguous.
    if ((await findActiveIntegrationsByName(tx, name)).length > 0) throw integrationsErrors.nameTaken(name);
    const row = await insertIntegration(tx, {
      id: newId(),
      name,
      tokenHash: hashToken(token),
      scopes,
      companySku,
    });
    await recordAudit(tx, actor, {
      action: 'integrations.create',
      entity: 'integration',
      entityId: row.id,
      changes: { name, scopes, companySku },
    });
    return row;
  });
  return { integration, token };
}

/** Its token stops working with the next request: authentication never caches. */
export async function revokeIntegration(
  deps: { db: Db },
  actor: Actor,
  target: IntegrationTarget,
): Promise<IntegrationRow> {
  return deps.db.transaction(async (tx) => {
    const matches =
      'id' in target
        ? [await findActiveIntegrationById(tx, target.id)].filter((row) => row !== undefined)
        : await findActiveIntegrationsByName(tx, target.name.trim());
    const [candidate] = matches;
    if (!candidate) throw integrationsErrors.notFound();
    if (matches.length > 1) throw integrationsErrors.ambiguousName(candidate.name);
    const revoked = await markIntegrationRevoked(tx, candidate.id, new Date());
    if (!revoked) throw integrationsErrors.notFound();
    await recordAudit(tx, actor, {
      action: 'integrations.revoke',
      entity: 'integration',
      entityId: revoked.id,
      changes: { name: revoked.name },
    });
    return revoked;
  });
}

export function listIntegrations(deps: { db: Db }): Promise<IntegrationRow[]> {
  return listAllIntegrations(deps.db);
}

/** The active integration holding `token`, or null for a missing, unknown or revoked one. */
export async function authenticateIntegration(
  deps: { db: Db },
  token: string | undefined,
  now: Date = new Date(),
): Promise<IntegrationRow | null> {
  if (!token?.startsWith(INTEGRATION_TOKEN_PREFIX)) return null;
  const integration = await findActiveIntegrationByTokenHash(deps.db, hashToken(token));
  if (!integration) return null;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!integration.lastUsedAt || integration.lastUsedAt < staleBefore) {
    await touchIntegrationLastUsed(deps.db, integration.id, now, staleBefore);
  }
  return integration;
}
