import type { DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { insertAuditRow } from './audit.repository.ts';

export interface AuditEntry {
  actorVetId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes?: Record<string, unknown>;
}

const SECRET_KEY = /password|token|secret|hash/i;

/** The audit log must never hold secrets: their change is recorded, their value is not. */
export function redactSecrets(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([key, value]) => [
      key,
      SECRET_KEY.test(key)
        ? '[redacted]'
        : value && typeof value === 'object' && !Array.isArray(value)
          ? redactSecrets(value as Record<string, unknown>)
          : value,
    ]),
  );
}

/** Call inside the transaction that makes the change, so the change and its record commit together. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry, meta: RequestMeta | null): Promise<void> {
  await insertAuditRow(tx, {
    id: newId(),
    actorVetId: entry.actorVetId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: redactSecrets(entry.changes ?? {}),
    ip: meta?.ip ?? null,
    requestId: meta?.requestId ?? null,
  });
}
