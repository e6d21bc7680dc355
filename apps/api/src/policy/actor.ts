import type { VetKind } from '@vetboard/contract';
import type { RequestMeta } from '../lib/request-meta.ts';

/**
 * Who is acting, in one shape for every service, the audit log and the access policy. Set on the
 * request by the route's auth mode (plugins/app/authenticate.ts); jobs and commands use `systemActor`.
 */
export type Actor = VetActor | IntegrationActor | LinkHolderActor | SystemActor;

/** A vet with a session: their kind and company decide what they may see and do (policy/). */
export interface VetActor {
  type: 'vet';
  vetId: string;
  kind: VetKind;
  companySku: string | null;
  meta: RequestMeta | null;
}

/** A machine client holding an integration token (the collar platform, the owner app). */
export interface IntegrationActor {
  type: 'integration';
  integrationId: string;
  name: string;
  /** A company's own integration sees and writes only that company's pets (`scopeOf`). */
  companySku: string | null;
  meta: RequestMeta | null;
}

/** Whoever holds a signed link (an owner opening their pet's diet PDF): no account, one object. */
export interface LinkHolderActor {
  type: 'link';
  meta: RequestMeta | null;
}

/** The product itself: a job, the seed or a command-line tool run by an operator. */
export interface SystemActor {
  type: 'system';
  name: string;
  meta: RequestMeta | null;
}

export function vetActor(
  vet: { id: string; kind: VetKind; companySku: string | null },
  meta: RequestMeta | null,
): VetActor {
  return { type: 'vet', vetId: vet.id, kind: vet.kind, companySku: vet.companySku, meta };
}

export function integrationActor(
  integration: { id: string; name: string; companySku?: string | null },
  meta: RequestMeta | null,
): IntegrationActor {
  return {
    type: 'integration',
    integrationId: integration.id,
    name: integration.name,
    companySku: integration.companySku ?? null,
    meta,
  };
}

export function systemActor(name: string): SystemActor {
  return { type: 'system', name, meta: null };
}

/** The vet to credit in `created_by`-style columns: null when no vet acted. */
export function actingVetId(actor: Actor | null): string | null {
  return actor?.type === 'vet' ? actor.vetId : null;
}
