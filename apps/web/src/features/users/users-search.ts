import { type UserListQuery, type UserType, userSortFields, userTypes } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;

/** `/users?user_type=2|1&search=&sort=&order=&page=&pageSize=`; `user_type` keeps SPEC §2's spelling. */
export const usersSearchSchema = z.extend(listSearchSchema(userSortFields, DEFAULT_SORT), {
  user_type: z.catch(z.optional(z.pipe(z.coerce.number(), z.literal(userTypes))), undefined),
});
export type UsersSearch = z.output<typeof usersSearchSchema>;

export const usersSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The filters without the paging: what the CSV export takes. */
export function usersFilterQuery(search: UsersSearch) {
  return { user_type: search.user_type, search: search.search, sort: search.sort, order: search.order };
}

export function usersListQuery(search: UsersSearch): UserListQuery {
  return { page: search.page, pageSize: search.pageSize, ...usersFilterQuery(search) };
}

/** SPEC §2 menu: 'B2B users' (user_type=2) and '{product}' (user_type=1). */
export function usersTitle(userType: UserType | undefined, productName: string): string {
  if (userType === 2) return 'B2B users';
  if (userType === 1) return `${productName} users`;
  return 'Users';
}
