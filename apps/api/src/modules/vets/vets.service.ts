import {
  paginationOf,
  type VetKind,
  type VetListQuery,
  type VetListResponse,
  type VetPatch,
  vetKindNeedsCompany,
  vetKinds,
} from '@vetboard/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { inBatches } from '../../lib/csv.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf } from '../../lib/list-query.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
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
  updateVetProfile,
  type VetFilter,
  type VetProfileChanges,
  type VetSort,
} from './vets.repository.ts';
import type { VetRow } from './vets.table.ts';

/** A vet created from the dashboard has a day to choose a password, as with `vet:create`. */
export const VET_SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The product's own vets ("Teammates", SPEC §2). */
const PRODUCT_VET_KINDS: readonly VetKind[] = ['regular', 'head'];

export interface Actor {
  vetId: string | null;
  meta: RequestMeta | null;
}

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
  const [rows, total] = await Promise.all([
    listVets(deps.db, filter, { sort, order }, { offset: offsetOf(page, pageSize), limit: pageSize }),
    countVetsMatching(deps.db, filter),
  ]);
  return { vets: rows.map(toVetListItemDto), pagination: paginationOf(page, pageSize, total) };
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
  input: NewVetInput,
  actor: Actor,
  inTransaction?: (tx: Tx, vet: VetRow) => Promise<void>,
): Promise<VetRow> {
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
      await recordAudit(
        tx,
        {
          actorVetId: actor.vetId,
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
        },
        actor.meta,
      );
      await inTransaction?.(tx, vet);
      return vet;
    });
  } catch (error) {
    if (isVetEmailConflict(error)) throw vetsErrors.emailTaken();
    throw error;
  }
}

/** Creates a vet from the dashboard and e-mails them the link to choose their password. */
export async function inviteVet(
  deps: { db: Db; auth: Pick<AuthService, 'writePasswordSetupLink'>; mailer: Pick<Mailer, 'deliver'> },
  input: NewVetInput,
  actor: Actor,
): Promise<VetRow> {
  let emailId: string | undefined;
  const vet = await createVet(deps, input, actor, async (tx, created) => {
    ({ emailId } = await deps.auth.writePasswordSetupLink(tx, created, {
      ttlMs: VET_SETUP_LINK_TTL_MS,
      meta: actor.meta,
      action: 'auth.password_setup_link_created',
      actorVetId: actor.vetId,
    }));
  });
  if (emailId) deps.mailer.deliver(emailId);
  return vet;
}

const PATCHABLE = ['firstName', 'lastName', 'kind', 'companySku', 'imageUrl'] as const;

async function applyChanges(
  tx: DbOrTx,
  before: VetRow,
  wanted: VetProfileChanges,
  action: string,
  actor: Actor,
): Promise<VetRow> {
  const changed: VetProfileChanges = {};
  const audit: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of PATCHABLE) {
    if (wanted[key] === undefined || wanted[key] === before[key]) continue;
    Object.assign(changed, { [key]: wanted[key] });
    audit[key] = { before: before[key], after: wanted[key] };
  }
  if (Object.keys(changed).length === 0) return before;
  const after = await updateVetProfile(tx, before.id, changed);
  await recordAudit(
    tx,
    { actorVetId: actor.vetId, action, entity: 'vet', entityId: before.id, changes: audit },
    actor.meta,
  );
  return after;
}

/** Any logged-in vet may edit any vet (SPEC §6: nothing restricts features per kind). */
export async function updateVet(
  deps: { db: Db },
  id: string,
  patch: VetPatch,
  actor: Actor,
): Promise<VetRow> {
  return deps.db.transaction(async (tx) => {
    const before = await findVetById(tx, id);
    if (!before) throw vetsErrors.notFound();
    const kind = patch.kind ?? before.kind;
    const companySku = patch.companySku !== undefined ? patch.companySku : before.companySku;
    if (patch.kind !== undefined || patch.companySku !== undefined) await checkCompany(tx, kind, companySku);
    return applyChanges(tx, before, patch, 'vets.update', actor);
  });
}

/** Points the vet at an avatar already stored (see avatar-storage.ts). */
export async function setVetAvatar(
  deps: { db: Db },
  id: string,
  imageUrl: string,
  actor: Actor,
): Promise<VetRow> {
  return deps.db.transaction(async (tx) => {
    const before = await findVetById(tx, id);
    if (!before) throw vetsErrors.notFound();
    return applyChanges(tx, before, { imageUrl }, 'vets.avatar', actor);
  });
}
