import type { PreventiveInboxQuery } from '@vetboard/contract';
import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { boundedCountOf, type PageWindow } from '../../../lib/list-query.ts';
import {
  ownerB2bCode,
  ownerFields,
  petFields,
  petNameColumn,
  petOrOwnerMatches,
  petSpeciesColumn,
  withPetAndOwner,
} from '../../core/pets/index.ts';
import { preventiveDueItems } from './preventive-care.table.ts';

export type InboxFilter = Omit<PreventiveInboxQuery, 'page' | 'pageSize' | 'sort' | 'order' | 'status'> & {
  scope: SQL | undefined;
  /** The practice's day, `YYYY-MM-DD`. */
  today: string;
};

const due = preventiveDueItems;

function statusOf(today: string) {
  return sql<'overdue' | 'due' | 'almost_due'>`case when ${due.overdueOn} <= ${today}::date then 'overdue'
    when ${due.dueOn} <= ${today}::date then 'due' else 'almost_due' end`;
}

function statusCondition(status: PreventiveInboxQuery['status'], today: string): SQL | undefined {
  const day = sql`${today}::date`;
  if (status === 'overdue') return sql`${due.overdueOn} <= ${day}`;
  if (status === 'due') return sql`${due.dueOn} <= ${day} and ${due.overdueOn} > ${day}`;
  if (status === 'almost_due') return sql`${due.dueOn} > ${day}`;
  return undefined;
}

/** Everything but the status: what the status filter's counts are counted within. */
function filterCondition(filter: InboxFilter): SQL | undefined {
  return and(
    filter.scope,
    lte(due.almostDueOn, filter.today),
    filter.species ? eq(petSpeciesColumn, filter.species) : undefined,
    filter.item ? eq(due.itemCode, filter.item) : undefined,
    filter.companySku ? eq(ownerB2bCode, filter.companySku) : undefined,
    filter.search ? petOrOwnerMatches(filter.search) : undefined,
  );
}

function selectRows(db: DbOrTx, today: string) {
  return withPetAndOwner(
    db
      .select({
        item: due,
        status: statusOf(today),
        pet: petFields,
        species: petSpeciesColumn,
        owner: { firstName: ownerFields.firstName, lastName: ownerFields.lastName, b2bCode: ownerB2bCode },
      })
      .from(due)
      .$dynamic(),
    due.petId,
  );
}

export type InboxRow = Awaited<ReturnType<typeof selectRows>>[number];

function orderOf(sort: Pick<PreventiveInboxQuery, 'sort' | 'order'>): SQL[] {
  const direction = sort.order === 'asc' ? asc : desc;
  const tail = [direction(due.petId), direction(due.itemCode)];
  if (sort.sort === 'pet') return [direction(petNameColumn), direction(due.dueOn), ...tail];
  if (sort.sort === 'item') return [direction(due.itemCode), direction(due.dueOn), ...tail];
  return [direction(due.dueOn), direction(petNameColumn), ...tail];
}

export function listInboxRows(
  db: DbOrTx,
  filter: InboxFilter,
  status: PreventiveInboxQuery['status'],
  sort: Pick<PreventiveInboxQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<InboxRow[]> {
  return selectRows(db, filter.today)
    .where(and(filterCondition(filter), statusCondition(status, filter.today)))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

export function countInboxRows(
  db: DbOrTx,
  filter: InboxFilter,
  status: PreventiveInboxQuery['status'],
  bound: number,
): Promise<number> {
  const rows = withPetAndOwner(db.select({ one: sql`1` }).from(due).$dynamic(), due.petId).where(
    and(filterCondition(filter), statusCondition(status, filter.today)),
  );
  return boundedCountOf(db, rows, bound);
}

/** Rows per status within the other filters, in one pass. */
export async function countInboxByStatus(db: DbOrTx, filter: InboxFilter) {
  const day = sql`${filter.today}::date`;
  const [row] = await withPetAndOwner(
    db
      .select({
        overdue: sql<number>`(count(*) filter (where ${due.overdueOn} <= ${day}))::int`,
        due: sql<number>`(count(*) filter (where ${due.dueOn} <= ${day} and ${due.overdueOn} > ${day}))::int`,
        almostDue: sql<number>`(count(*) filter (where ${due.dueOn} > ${day}))::int`,
      })
      .from(due)
      .$dynamic(),
    due.petId,
  ).where(filterCondition(filter));
  return { overdue: row?.overdue ?? 0, due: row?.due ?? 0, almostDue: row?.almostDue ?? 0 };
}
