import {
  type B2bCompaniesQuery,
  type B2bCompaniesResponse,
  type B2bPetsQuery,
  type B2bPetsResponse,
  calendarDateToIso,
  type DailyStatusCreate,
  type DailyStatusListQuery,
  type DailyStatusListResponse,
  type DailyStatusResponse,
  type DailyStatusUpdate,
  fullName,
  isoToCalendarDate,
  paginationOf,
} from '@vetboard/contract';
import type { AnyColumn } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage, offsetOf } from '../../../lib/list-query.ts';
import { quotedInTitle, type TimelineEvent, type TimelineRead } from '../../../lib/timeline.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { companyCondition, petCondition } from '../../../policy/scope.ts';
import { companiesErrors } from '../../core/companies/index.ts';
import { findPetWithOwner } from '../../core/pets/index.ts';
import { vetNames } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { alertBadgesOfPets } from '../pet-alerts/index.ts';
import { b2bErrors } from './b2b.errors.ts';
import { toCompanyEmailDto, toDailyStatusDto } from './b2b.mapper.ts';
import {
  countCompanyPets,
  countStatuses,
  countWritten,
  type DailyStatusDetailsRow,
  dailyStatusTimelineRows,
  findCompany,
  findCompanyEmails,
  findLiveStatus,
  findPetCompany,
  findStatus,
  findStatusesByIds,
  insertDailyStatus,
  listCompanyPets,
  listCompanySummaries,
  listStatuses,
  lockLiveStatus,
  updateDailyStatus,
} from './b2b.repository.ts';
import { dailyStatuses } from './b2b.table.ts';

export interface B2bDeps {
  db: Db;
  now: Now;
}

export interface B2bMailDeps extends B2bDeps {
  mailer: Mailer;
}

/** A company vet's days are the product's: statuses are written for the calendar day the vet picks. */
const today = (deps: B2bDeps) => todayIn(DEFAULT_TIMEZONE, deps.now());

const statusScope = (actor: Actor) => petCondition(actor, dailyStatuses.petId);

export async function requireCompany(db: DbOrTx, actor: Actor, sku: string) {
  const company = await findCompany(db, sku, (column) => companyCondition(actor, column));
  if (!company) throw companiesErrors.notFound();
  return company;
}

async function toDtos(db: DbOrTx, rows: DailyStatusDetailsRow[]) {
  const ids = [
    ...new Set(rows.flatMap((row) => row.status.edits.flatMap((edit) => (edit.vetId ? [edit.vetId] : [])))),
  ];
  const names = new Map((await vetNames(db, ids)).map((vet) => [vet.id, fullName(vet)]));
  return rows.map((row) => toDailyStatusDto(row, names));
}

async function statusResponse(db: DbOrTx, id: string): Promise<DailyStatusResponse> {
  const row = await findStatus(db, id);
  if (!row) throw b2bErrors.statusNotFound();
  const [dto] = await toDtos(db, [row]);
  if (!dto) throw b2bErrors.statusNotFound();
  return { dailyStatus: dto };
}

export async function listB2bCompanies(
  deps: B2bDeps,
  actor: Actor,
  query: B2bCompaniesQuery,
): Promise<B2bCompaniesResponse> {
  const date = query.date ?? today(deps);
  const rows = await listCompanySummaries(
    deps.db,
    date,
    (column) => companyCondition(actor, column),
    query.search,
  );
  const emails = new Map(
    (
      await findCompanyEmails(
        deps.db,
        rows.flatMap((row) => (row.lastEmailId ? [row.lastEmailId] : [])),
      )
    ).map((row) => [row.link.emailId, toCompanyEmailDto(row)]),
  );
  return {
    date: isoToCalendarDate(date),
    companies: rows.map((row) => {
      const email = row.lastEmailId ? emails.get(row.lastEmailId) : undefined;
      return {
        sku: row.sku,
        name: row.name,
        kind: row.kind,
        petsCount: row.petsCount,
        writtenCount: row.writtenCount,
        lastDailyEmail: email
          ? { at: email.createdAt, by: email.sentBy, status: email.status, date: email.date }
          : null,
      };
    }),
  };
}

export async function listB2bPets(
  deps: B2bDeps,
  actor: Actor,
  query: B2bPetsQuery,
): Promise<B2bPetsResponse> {
  await requireCompany(deps.db, actor, query.sku);
  const date = query.date ?? today(deps);
  const filter = {
    sku: query.sku,
    date,
    status: query.status,
    search: query.search,
    scope: (column: AnyColumn) => petCondition(actor, column),
  };
  const [{ rows, pagination }, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listCompanyPets(deps.db, filter, window),
      count: (bound) => countCompanyPets(deps.db, filter, bound),
    }),
    countWritten(deps.db, filter),
  ]);
  const statusIds = rows.flatMap((row) => (row.statusId ? [row.statusId] : []));
  const [statusDtos, alerts] = await Promise.all([
    toDtos(deps.db, await findStatusesByIds(deps.db, statusIds)),
    alertBadgesOfPets(
      deps.db,
      rows.map((row) => row.id),
    ),
  ]);
  const statuses = new Map(statusDtos.map((s) => [s.uuid, s]));
  return {
    date: isoToCalendarDate(date),
    pets: rows.map((row) => ({
      uuid: row.id,
      name: row.name,
      species: row.species,
      breed: row.breed,
      ownerName: fullName({ firstName: row.ownerFirstName, lastName: row.ownerLastName }) || null,
      alerts: alerts.get(row.id) ?? [],
      dailyStatus: row.statusId ? (statuses.get(row.statusId) ?? null) : null,
    })),
    pagination,
    counts: { pets: counts.pets, written: counts.written, missing: counts.pets - counts.written },
  };
}

export async function listDailyStatuses(
  deps: B2bDeps,
  actor: Actor,
  query: DailyStatusListQuery,
): Promise<DailyStatusListResponse> {
  const filter = {
    sku: query.sku,
    petId: query.petUuid,
    from: query.from,
    to: query.to,
    scope: statusScope(actor),
  };
  const window = { offset: offsetOf(query.page, query.pageSize), limit: query.pageSize };
  const [rows, total] = await Promise.all([
    listStatuses(deps.db, filter, window),
    countStatuses(deps.db, filter, 100_001),
  ]);
  return {
    dailyStatuses: await toDtos(deps.db, rows),
    pagination: paginationOf(query.page, query.pageSize, total),
  };
}

/** One live status per pet and day: a second one is refused, naming the first, to be edited instead. */
export async function createDailyStatus(
  deps: B2bDeps,
  actor: VetActor,
  input: DailyStatusCreate,
): Promise<DailyStatusResponse> {
  const id = newId();
  const date = calendarDateToIso(input.date);
  await deps.db.transaction(async (tx) => {
    // Locking the pet makes two vets writing the same pet's day at once take turns.
    const pet = await findPetWithOwner(tx, actor, input.petUuid, { lock: true });
    if (!pet) throw b2bErrors.petNotFound();
    const company = await findPetCompany(tx, input.petUuid);
    if (!company) throw b2bErrors.notACompanyPet();
    const existing = await findLiveStatus(tx, input.petUuid, date);
    if (existing) throw b2bErrors.statusExists(existing.id, date);
    await insertDailyStatus(tx, {
      id,
      companySku: company.sku,
      petId: input.petUuid,
      date,
      dailyStatus: input.dailyStatus,
      createdByVetId: actor.vetId,
      createdAt: deps.now(),
    });
    await statusEvent(tx, 'daily_status.written', id, input.petUuid, company.sku, actor);
    await recordAudit(tx, actor, {
      action: 'b2b.daily_status.create',
      entity: 'daily_status',
      entityId: id,
      changes: {
        after: { petUuid: input.petUuid, companySku: company.sku, date, dailyStatus: input.dailyStatus },
      },
    });
  });
  return statusResponse(deps.db, id);
}

function statusEvent(
  tx: DbOrTx,
  type: 'daily_status.written' | 'daily_status.edited' | 'daily_status.deleted',
  id: string,
  petUuid: string,
  companySku: string,
  actor: Actor,
) {
  return recordEvent(tx, {
    type,
    entity: 'daily_status',
    id,
    petUuid,
    companySku,
    actor: eventActorOf(actor),
  });
}

/** An edit keeps the text it replaces, with who had written it and when. */
export async function editDailyStatus(
  deps: B2bDeps,
  actor: VetActor,
  id: string,
  input: DailyStatusUpdate,
): Promise<DailyStatusResponse> {
  await deps.db.transaction(async (tx) => {
    const row = await lockLiveStatus(tx, id, statusScope(actor));
    if (!row) throw b2bErrors.statusNotFound();
    if (row.dailyStatus === input.dailyStatus) return;
    const at = deps.now();
    const previous = {
      dailyStatus: row.dailyStatus,
      vetId: row.updatedByVetId ?? row.createdByVetId,
      at: (row.updatedAt ?? row.createdAt).toISOString(),
    };
    await updateDailyStatus(tx, id, {
      dailyStatus: input.dailyStatus,
      updatedByVetId: actor.vetId,
      updatedAt: at,
      edits: [...row.edits, previous],
    });
    await statusEvent(tx, 'daily_status.edited', id, row.petId, row.companySku, actor);
    await recordAudit(tx, actor, {
      action: 'b2b.daily_status.edit',
      entity: 'daily_status',
      entityId: id,
      changes: { before: { dailyStatus: row.dailyStatus }, after: { dailyStatus: input.dailyStatus } },
    });
  });
  return statusResponse(deps.db, id);
}

/** Soft delete: gone from lists and e-mails, kept with who deleted it and when. */
export async function deleteDailyStatus(deps: B2bDeps, actor: VetActor, id: string): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    const row = await lockLiveStatus(tx, id, statusScope(actor));
    if (!row) throw b2bErrors.statusNotFound();
    await updateDailyStatus(tx, id, { deletedAt: deps.now(), deletedByVetId: actor.vetId });
    await statusEvent(tx, 'daily_status.deleted', id, row.petId, row.companySku, actor);
    await recordAudit(tx, actor, {
      action: 'b2b.daily_status.delete',
      entity: 'daily_status',
      entityId: id,
      changes: { before: { dailyStatus: row.dailyStatus, date: row.date, deletedAt: null } },
    });
  });
  return { ok: true };
}

/** A B2B pet's daily statuses, for its timeline (one bounded read). */
export async function listDailyStatusTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  if (!read.kinds.has('daily_status.written')) return [];
  const rows = await dailyStatusTimelineRows(deps.db, read);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: 'daily_status.written',
    source: 'vet',
    title: `Daily status for ${row.date}: ${quotedInTitle(row.dailyStatus)}`,
    link: `/b2b/${row.companySku}/${read.petId}`,
  }));
}
