import {
  fullName,
  isoToCalendarDate,
  type PreventiveInboxQuery,
  type PreventiveInboxResponse,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import type { Actor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import {
  countInboxByStatus,
  countInboxRows,
  type InboxFilter,
  type InboxRow,
  listInboxRows,
} from './preventive-care.inbox.repository.ts';
import { preventiveDueItems } from './preventive-care.table.ts';
import { protocolItemOfCode } from './protocols.data.ts';

function toInboxRowDto(row: InboxRow): PreventiveInboxResponse['items'][number] {
  const item = protocolItemOfCode(row.item.itemCode);
  return {
    pet: { uuid: row.pet.id, name: row.pet.name },
    species: row.species,
    ownerName: row.owner ? fullName(row.owner) : null,
    companySku: row.owner?.b2bCode ?? null,
    itemCode: row.item.itemCode,
    itemName: item?.name ?? row.item.itemCode,
    kind: item?.kind ?? 'vaccine',
    status: row.status,
    dueOn: isoToCalendarDate(row.item.dueOn),
    lastGivenOn: row.item.lastGivenOn ? isoToCalendarDate(row.item.lastGivenOn) : null,
  };
}

/**
 * Items overdue, due or almost due across the pets the vet may see, from the stored due days (judged on
 * the practice's day): one page, its total and the status filter's counts.
 */
export async function listPreventiveInbox(
  deps: { db: Db; now: Now },
  actor: Actor,
  query: PreventiveInboxQuery,
): Promise<PreventiveInboxResponse> {
  const today = todayIn(DEFAULT_TIMEZONE, deps.now());
  const filter: InboxFilter = {
    scope: petCondition(actor, preventiveDueItems.petId),
    today,
    search: query.search,
    species: query.species,
    item: query.item,
    companySku: query.companySku,
  };
  const [page, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listInboxRows(deps.db, filter, query.status, query, window),
      count: (bound) => countInboxRows(deps.db, filter, query.status, bound),
    }),
    countInboxByStatus(deps.db, filter),
  ]);
  return {
    items: page.rows.map(toInboxRowDto),
    pagination: page.pagination,
    counts,
    today: isoToCalendarDate(today),
  };
}
