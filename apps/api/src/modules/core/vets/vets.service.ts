import {
  type VetKind,
  type VetListQuery,
  type VetListResponse,
  type VetPatch,
  vetKindNeedsCompany,
  vetKinds,
} from '@vetboard/contract';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { inBatches } from '../../../lib/csv.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { RequestMeta } from '../../../lib/request-meta.ts';
import { forgetCachedSessions } from '../../../lib/session-cache.ts';
import { type Actor, type VetActor, vetActor } from '../../../policy/actor.ts';
import { mayChangeVetAccess, mayCreateVets, mayEditVetProfile } from '../../../policy/rights.ts';
import { type AuditActor, auditDiff, hasChanges, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import { vetsErrors } from './vets.errors.ts';
import { toVetListItemDto } from './vets.mapper.ts';
import {
  companyExists,
  countVetsMatching,
  findVetByEmail,
  findVetById,
  insertVet,
  isVetEmailConflict,
  listVets,
  updateVetPassword,
  updateVetProfile,
  type VetFilter,
  type VetProfileChanges,
  type VetSort,
} from './vets.repository.ts';
import type { VetRow } from './vets.table.ts';

/** Ends every session of a vet inside the caller's transaction (the auth module's). */
export type RevokeSessions = (tx: DbOrTx, vetId: string, reason: string) => Promise<number>;

/**
 * Gives back, inside the caller's transaction, the open work assigned to a vet that their new kind or
 * company no longer lets them see (`vet` is their new access, as the policy reads it), or all of it
 * when the vet is disabled, audited as the actor's with the reason. The record modules that assign work
 * to vets provide it and the app wires them in (plugins/app/services.ts): vets are core and cannot
 * import records.
 */
export type ReleaseReason = 'out_of_scope' | 'disabled';
export type ReleaseAssignments = (
  tx: DbOrTx,
  actor: Actor,
  vet: VetActor,
  reason: ReleaseReason,
) => Promise<void>;

/** A vet created from the dashboard has a day to choose a password, as with `vet:create`. */
export const VET_SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The product's own vets ("Teammates", SPEC §2). */
const PRODUCT_VET_KINDS: readonly VetKind[] = ['regular', 'head'];

/** `kind` of the list: a vet kind, or the product's name (or `product`) for its own vets. */
export function resolveKindFilter(
  kind: string | undefined,
  productName: string,
): readonly VetKind[] | undefined {
  if (kind === undefined) return undefined;
  const wanted = kind.toLowerCase();
  if (wanted === 'product' || wanted === productName.toLowerCase()) return PRODUCT_VET_KINDS;
  const match = vetKinds.find((k) => k === wanted);
  if (!match) throw vetsErrors.unknownKind();
  return [match];
}

type VetFilterQuery = Pick<VetListQuery, 'userUuids' | 'kind' | 'search'>;

function filterOf(query: VetFilterQuery, productName: string): VetFilter {
  return {
    userUuids: query.userUuids,
    search: query.search,
    kinds: resolveKindFilter(query.kind, productName),
  };
}

export async function listVetsPage(
  deps: { db: Db; config: Pick<Config, 'productName'> },
  query: VetListQuery,
): Promise<VetListResponse> {
  const { page, pageSize, sort, order } = query;
  const filter = filterOf(query, deps.config.productName);
  const { rows, pagination } = await listPage(
    { page, pageSize },
    {
      rows: (window) => listVets(deps.db, filter, { sort, order }, window),
      count: (bound) => countVetsMatching(deps.db, filter, bound),
    },
  );
  return { vets: rows.map(toVetListItemDto), pagination };
}

/** Every vet matching the list's filter, in the list's order, fetched a batch at a time. */
export function exportVets(
  deps: { db: Db; config: Pick<Config, 'productName'> },
  query: VetFilterQuery & VetSort,
): AsyncGenerator<VetRow> {
  // Resolved before streaming starts, so an unknown kind is a 400 rather than a broken download.
  const filter = filterOf(query, deps.config.productName);
  const sort = { sort: query.sort, order: query.order };
  return inBatches((offset, limit) => listVets(deps.db, filter, sort, { offset, limit }));
}

export function vetExportFilename(now: Date): string {
  return `vets-${now.toISOString().slice(0, 10)}.csv`;
}

export async function getVet(deps: { db: Db }, id: string): Promise<VetRow> {
  const vet = await findVetById(deps.db, id);
  if (!vet) throw vetsErrors.notFound();
  return vet;
}

/** B2B vets and partners belong to an existing company; the other kinds to none. */
async function checkCompany(tx: DbOrTx, kind: VetKind, companySku: string | null): Promise<void> {
  if (!vetKindNeedsCompany(kind)) {
    if (companySku !== null) throw vetsErrors.companyNotAllowed();
    return;
  }
  if (companySku === null) throw vetsErrors.companyRequired();
  if (!(await companyExists(tx, companySku))) throw vetsErrors.unknownCompany();
}

export interface NewVetInput {
  email: string;
  firstName: string;
  lastName: string;
  kind: VetKind;
  companySku: string | null;
}

/**
 * A new vet has no password: they choose one through the link they are sent. `inTransaction` runs
 * in the vet's transaction (e.g. to queue that link's e-mail), so both commit or neither does.
 */
export async function createVet(
  deps: { db: Db },
  actor: Actor,
  input: NewVetInput,
  inTransaction?: (tx: Tx, vet: VetRow) => Promise<void>,
): Promise<VetRow> {
  if (!mayCreateVets(actor)) throw vetsErrors.forbidden();
  try {
    return await deps.db.transaction(async (tx) => {
      if (await findVetByEmail(tx, input.email.trim())) throw vetsErrors.emailTaken();
      await checkCompany(tx, input.kind, input.companySku);
      const vet = await insertVet(tx, {
        id: newId(),
        passwordHash: null,
        imageUrl: null,
        ...input,
        email: input.email.trim(),
      });
      await recordAudit(tx, actor, {
        action: 'vets.create',
        entity: 'vet',
        entityId: vet.id,
        changes: {
          email: vet.email,
          firstName: vet.firstName,
          lastName: vet.lastName,
          kind: vet.kind,
          companySku: vet.companySku,
        },
      });
      await inTransaction?.(tx, vet);
      return vet;
    });
  } catch (error) {
    if (isVetEmailConflict(error)) throw vetsErrors.emailTaken();
    throw error;
  }
}

/**
 * Writes the link a new vet opens to choose a password. The auth module provides it (the app wires it
 * in): auth reads vets, so vets cannot import auth back.
 */
export interface PasswordSetupLinks {
  writePasswordSetupLink(
    tx: DbOrTx,
    vet: VetRow,
    options: {
      ttlMs: number;
      meta: RequestMeta | null;
      action: string;
      actor: AuditActor;
      purpose: 'reset' | 'invitation';
    },
  ): Promise<unknown>;
}

/** Creates a vet from the dashboard and e-mails them the link to choose their password. */
export async function inviteVet(
  deps: { db: Db; auth: PasswordSetupLinks },
  actor: Actor,
  input: NewVetInput,
): Promise<VetRow> {
  return createVet(deps, actor, input, async (tx, created) => {
    await deps.auth.writePasswordSetupLink(tx, created, {
      ttlMs: VET_SETUP_LINK_TTL_MS,
      meta: actor.meta,
      action: 'auth.password_setup_link_created',
      actor,
      purpose: 'invitation',
    });
  });
}

const PATCHABLE = ['firstName', 'lastName', 'kind', 'companySku', 'imageUrl', 'disabled'] as const;

async function applyChanges(
  tx: DbOrTx,
  before: VetRow,
  wanted: VetProfileChanges,
  action: string,
  actor: Actor,
): Promise<VetRow> {
  const current = Object.fromEntries(PATCHABLE.map((key) => [key, before[key]])) as VetProfileChanges;
  const diff = auditDiff(current, wanted);
  if (!hasChanges(diff)) return before;
  const after = await updateVetProfile(tx, before.id, diff.changes);
  await recordEvent(tx, {
    type: 'vet.changed',
    entity: 'vet',
    id: before.id,
    companySku: after.companySku ?? before.companySku,
    actor: eventActorOf(actor),
  });
  // Their open sessions carry the vet row (kind, company): read it again on their next request.
  forgetCachedSessions();
  // Vets' audit rows keep each field's before and after together.
  const changes = Object.fromEntries(
    Object.keys(diff.after).map((key) => [key, { before: diff.before[key], after: diff.after[key] }]),
  );
  await recordAudit(tx, actor, { action, entity: 'vet', entityId: before.id, changes });
  return after;
}

/**
 * Names and avatar: the vet themselves or a head vet. Kind, company and the disabled flag: a head vet,
 * on another vet. Disabling ends every session of the vet in the same transaction; enabling again
 * revives none of them (they stay revoked), so the vet logs in afresh, and releases all their open
 * assignments (a re-enabled vet takes work again as anyone would). A new kind or company releases, in
 * the same transaction, the vet's open assignments the new scope no longer covers (issue #47): a
 * partner must not keep a reminder about a pet they can no longer open.
 */
export async function updateVet(
  deps: { db: Db; revokeSessions: RevokeSessions; releaseAssignments: ReleaseAssignments },
  actor: Actor,
  id: string,
  patch: VetPatch,
): Promise<VetRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const before = await findVetById(tx, id);
    if (!before) throw vetsErrors.notFound();
    const changesAccess =
      patch.kind !== undefined || patch.companySku !== undefined || patch.disabled !== undefined;
    if (!mayEditVetProfile(actor, id) || (changesAccess && !mayChangeVetAccess(actor, id))) {
      throw vetsErrors.forbidden();
    }
    const kind = patch.kind ?? before.kind;
    const companySku = patch.companySku !== undefined ? patch.companySku : before.companySku;
    if (patch.kind !== undefined || patch.companySku !== undefined) await checkCompany(tx, kind, companySku);
    const after = await applyChanges(tx, before, patch, 'vets.update', actor);
    if (after.disabled && !before.disabled) {
      await deps.revokeSessions(tx, id, 'vet_disabled');
      // Nobody would do work left with a vet who can no longer log in: it goes back to the team.
      await deps.releaseAssignments(tx, actor, vetActor(after, null), 'disabled');
    } else if (after.kind !== before.kind || after.companySku !== before.companySku) {
      await deps.releaseAssignments(tx, actor, vetActor(after, null), 'out_of_scope');
    }
    return after;
  });
  // Once more after the commit: what re-reads sessions when told (the event streams, a request racing
  // this one) must see the change, which a read made inside the transaction would not.
  forgetCachedSessions();
  return updated;
}

/** Refuses before any work (e.g. reading an upload) when the actor may not edit this vet's profile. */
export function assertMayEditVetProfile(actor: Actor, id: string): void {
  if (!mayEditVetProfile(actor, id)) throw vetsErrors.forbidden();
}

/** Points the vet at an avatar already stored (vets.avatars.service.ts). */
export async function setVetAvatar(
  deps: { db: Db },
  actor: Actor,
  id: string,
  imageUrl: string,
): Promise<VetRow> {
  return deps.db.transaction(async (tx) => {
    const before = await findVetById(tx, id);
    if (!before) throw vetsErrors.notFound();
    if (!mayEditVetProfile(actor, id)) throw vetsErrors.forbidden();
    return applyChanges(tx, before, { imageUrl }, 'vets.avatar', actor);
  });
}

/** The vet who signs in with this e-mail, whatever its case (auth: sign-in and password resets). */
export function findVetAccountByEmail(db: DbOrTx, email: string): Promise<VetRow | undefined> {
  return findVetByEmail(db, email);
}

/** The vet a password link was issued to (auth: their names are words a new password may not lean on). */
export function findVetAccountById(db: DbOrTx, id: string): Promise<VetRow | undefined> {
  return findVetById(db, id);
}

/** Stores a new password hash (auth: after a reset or first setup). */
export function setVetPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  return updateVetPassword(db, id, passwordHash);
}
