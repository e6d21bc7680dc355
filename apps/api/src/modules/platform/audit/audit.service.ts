import type { DbOrTx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import type { RequestMeta } from '../../../lib/request-meta.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { auditRowExistsSince, insertAuditRow } from './audit.repository.ts';

export interface AuditEntry {
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

/**
 * Who acted, as the audit log needs it: an actor, or just a vet's id where only that is known (a
 * session being refreshed or ended); null for an anonymous request (a failed login). Only a vet has
 * a column: the request id ties any other actor's row to its request log.
 */
export type AuditActor = Actor | Pick<VetActor, 'type' | 'vetId' | 'meta'> | null;

/**
 * Call inside the transaction that makes the change, so the change and its record commit together.
 * `actor` is null for an anonymous request (a failed login); `meta` defaults to the actor's request.
 */
export async function recordAudit(
  tx: DbOrTx,
  actor: AuditActor,
  entry: AuditEntry,
  meta: RequestMeta | null = actor?.meta ?? null,
): Promise<void> {
  await insertAuditRow(tx, {
    id: newId(),
    actorVetId: actor?.type === 'vet' ? actor.vetId : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: redactSecrets(entry.changes ?? {}),
    ip: meta?.ip ?? null,
    requestId: meta?.requestId ?? null,
  });
}

export interface AuditDiff<T> {
  /** The wanted fields whose value differs from the current one: what to write. */
  changes: Partial<T>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Values compare by their JSON, so arrays and objects read back from jsonb compare by content. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Keeps only the wanted fields (not `undefined`) whose value differs from the current one, so the
 * audit row says exactly what changed and a patch that changes nothing writes nothing. `shown` maps a
 * value to how the audit log records it (e.g. a Date as ISO text).
 */
export function auditDiff<T extends object>(
  current: T,
  wanted: Partial<T>,
  shown: (key: keyof T & string, value: unknown) => unknown = (_key, value) => value,
): AuditDiff<T> {
  const result: AuditDiff<T> = { changes: {}, before: {}, after: {} };
  for (const key of Object.keys(wanted) as Array<keyof T & string>) {
    const value = wanted[key];
    if (value === undefined) continue;
    const before = shown(key, current[key]);
    const after = shown(key, value);
    if (sameValue(before, after)) continue;
    result.changes[key] = value;
    result.before[key] = before;
    result.after[key] = after;
  }
  return result;
}

export function hasChanges(diff: AuditDiff<object>): boolean {
  return Object.keys(diff.changes).length > 0;
}

/** Whether `action` was already recorded for this entity since `since`: lets noisy events be sampled. */
export function auditRecordedSince(
  db: DbOrTx,
  key: { action: string; entity: string; entityId: string },
  since: Date,
): Promise<boolean> {
  return auditRowExistsSince(db, key, since);
}
