import { z } from 'zod';
import { listQuerySchemas, paginationSchema, timestampSchema } from './common.ts';
import { userSortFields, userTypes } from './enums.ts';
import { familyKindSchema } from './families.ts';
import { petSummarySchema } from './pets.ts';
import { subscriptionSchema } from './subscriptions.ts';

export const userTypeSchema = z.union([z.literal(userTypes[0]), z.literal(userTypes[1])]);
export type UserType = z.infer<typeof userTypeSchema>;
export const userTypeLabels: Record<UserType, string> = { 1: 'Direct', 2: 'B2B' };

export const userSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  userType: userTypeSchema,
  b2BCode: z.string().nullable(),
  familyUuid: z.uuid().nullable(),
  familyKind: familyKindSchema.nullable(),
  petsCount: z.number().int(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

export const userSortFieldSchema = z.enum(userSortFields);
export type UserSortField = z.infer<typeof userSortFieldSchema>;

/** `user_type` keeps the spelling of SPEC §2's `/users?user_type=` links. */
const userListQueries = listQuerySchemas(
  userSortFields,
  { sort: 'createdAt', order: 'desc' },
  { user_type: z.coerce.number().pipe(userTypeSchema).optional() },
);
export const userFilterQuerySchema = userListQueries.filter;
export const userListQuerySchema = userListQueries.list;
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({
  users: z.array(userSchema),
  pagination: paginationSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userDetailResponseSchema = z.object({
  user: userSchema,
  pets: z.array(petSummarySchema),
  subscription: subscriptionSchema.nullable(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponseSchema>;

/** A member or owner as a family shows them. */
export const userBriefSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  userType: userTypeSchema,
});
export type UserBrief = z.infer<typeof userBriefSchema>;

/** CSV export columns, in order: the same rows as the list, with no paging. */
export const USER_CSV_COLUMNS = [
  'uuid',
  'name',
  'email',
  'phone',
  'userType',
  'familyKind',
  'b2BCode',
  'petsCount',
  'country',
  'createdAt',
] as const;
