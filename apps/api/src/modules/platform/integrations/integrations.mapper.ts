import { type Integration, toTimestamp } from '@vetboard/contract';
import type { IntegrationRow } from './integrations.table.ts';

/** An allow-list: the token's hash never leaves the server. */
export function toIntegrationDto(row: IntegrationRow): Integration {
  return {
    uuid: row.id,
    name: row.name,
    scopes: row.scopes,
    companySku: row.companySku,
    createdAt: toTimestamp(row.createdAt),
    lastUsedAt: row.lastUsedAt ? toTimestamp(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? toTimestamp(row.revokedAt) : null,
  };
}
