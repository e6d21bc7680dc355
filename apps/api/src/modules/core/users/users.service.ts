import {
  type UserDetailResponse,
  type UserListQuery,
  type UserListResponse,
  userTypeLabels,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import { inBatches } from '../../../lib/csv.ts';
import { listPageWithTotal } from '../../../lib/list-query.ts';
import type { Actor } from '../../../policy/actor.ts';
import { userCodeCondition } from '../../../policy/scope.ts';
import { listFamilyPetSummaries } from '../pets/index.ts';
import { getLatestSubscriptionOfUser } from '../subscriptions/index.ts';
import { usersErrors } from './users.errors.ts';
import { toUserDto } from './users.mapper.ts';
import {
  countUsers,
  findUserListRowById,
  listUsers,
  listUsersWithTotal,
  totalIsExact,
  type UserFilter,
  type UserListRow,
  type UserSort,
} from './users.repository.ts';
import { users } from './users.table.ts';

export async function listUsersPage(
  deps: { db: Db },
  actor: Actor,
  query: UserListQuery,
): Promise<UserListResponse> {
  const { page, pageSize, sort, order, ...rest } = query;
  const filter: UserFilter = { ...rest, scope: userCodeCondition(actor, users.b2bCode) };
  const { rows, pagination } = await listPageWithTotal(
    { page, pageSize, exactTotal: totalIsExact(filter) },
    {
      rows: (window, bound) => listUsersWithTotal(deps.db, filter, { sort, order }, window, bound),
      count: (bound) => countUsers(deps.db, filter, bound),
    },
  );
  return { users: rows.map(toUserDto), pagination };
}

/** Every user matching the list's filter, in the list's order, fetched a batch at a time. */
export function exportUsers(
  deps: { db: Db },
  actor: Actor,
  query: UserFilter & UserSort,
): AsyncGenerator<UserListRow> {
  const { sort, order, ...rest } = query;
  const filter: UserFilter = { ...rest, scope: userCodeCondition(actor, users.b2bCode) };
  return inBatches((offset, limit) => listUsers(deps.db, filter, { sort, order }, { offset, limit }));
}

/** `users-b2b-2026-11-21.csv`: what was exported and when, so downloads do not overwrite each other. */
export function userExportFilename(filter: UserFilter, now: Date): string {
  const type = filter.user_type ? `-${userTypeLabels[filter.user_type].toLowerCase()}` : '';
  return `users${type}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function getUserDetail(deps: { db: Db }, actor: Actor, id: string): Promise<UserDetailResponse> {
  const row = await findUserListRowById(deps.db, id, userCodeCondition(actor, users.b2bCode));
  if (!row) throw usersErrors.notFound();
  const [pets, subscription] = await Promise.all([
    row.familyId ? listFamilyPetSummaries(deps, actor, row.familyId) : [],
    getLatestSubscriptionOfUser(deps, row.id),
  ]);
  return {
    user: toUserDto(row),
    pets,
    subscription,
  };
}
