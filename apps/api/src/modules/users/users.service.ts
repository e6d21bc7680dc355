import {
  paginationOf,
  type UserDetailResponse,
  type UserListQuery,
  type UserListResponse,
  userTypeLabels,
} from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { inBatches } from '../../lib/csv.ts';
import { offsetOf } from '../../lib/list-query.ts';
import { toPetSummary } from '../pets/pets.mapper.ts';
import { listFamilyPets } from '../pets/pets.repository.ts';
import { toSubscriptionDto } from '../subscriptions/subscriptions.mapper.ts';
import { findLatestSubscriptionOfUser } from '../subscriptions/subscriptions.repository.ts';
import { usersErrors } from './users.errors.ts';
import { toUserDto } from './users.mapper.ts';
import {
  countUsers,
  findUserListRowById,
  listUsers,
  type UserFilter,
  type UserListRow,
  type UserSort,
} from './users.repository.ts';

export async function listUsersPage(deps: { db: Db }, query: UserListQuery): Promise<UserListResponse> {
  const { page, pageSize, sort, order, ...filter } = query;
  const [rows, total] = await Promise.all([
    listUsers(deps.db, filter, { sort, order }, { offset: offsetOf(page, pageSize), limit: pageSize }),
    countUsers(deps.db, filter),
  ]);
  return { users: rows.map(toUserDto), pagination: paginationOf(page, pageSize, total) };
}

/** Every user matching the list's filter, in the list's order, fetched a batch at a time. */
export function exportUsers(deps: { db: Db }, query: UserFilter & UserSort): AsyncGenerator<UserListRow> {
  const { sort, order, ...filter } = query;
  return inBatches((offset, limit) => listUsers(deps.db, filter, { sort, order }, { offset, limit }));
}

/** `users-b2b-2026-11-21.csv`: what was exported and when, so downloads do not overwrite each other. */
export function userExportFilename(filter: UserFilter, now: Date): string {
  const type = filter.user_type ? `-${userTypeLabels[filter.user_type].toLowerCase()}` : '';
  return `users${type}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function getUserDetail(deps: { db: Db }, id: string): Promise<UserDetailResponse> {
  const row = await findUserListRowById(deps.db, id);
  if (!row) throw usersErrors.notFound();
  const [pets, subscription] = await Promise.all([
    row.familyId ? listFamilyPets(deps.db, row.familyId) : [],
    findLatestSubscriptionOfUser(deps.db, row.id),
  ]);
  return {
    user: toUserDto(row),
    pets: pets.map(toPetSummary),
    subscription: subscription ? toSubscriptionDto(subscription) : null,
  };
}
