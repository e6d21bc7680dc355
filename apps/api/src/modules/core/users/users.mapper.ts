import { fullName, toTimestamp, USER_CSV_COLUMNS, type User } from '@vetboard/contract';
import type { UserListRow } from './users.repository.ts';

export function toUserDto(row: UserListRow): User {
  return {
    uuid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName(row),
    phone: row.phone,
    userType: row.userType,
    b2BCode: row.b2bCode,
    familyUuid: row.familyId,
    familyKind: row.familyKind,
    petsCount: row.petsCount,
    city: row.city,
    country: row.country,
    timezone: row.timezone,
    createdAt: toTimestamp(row.createdAt),
  };
}

/** One CSV line's values, in the contract's column order; dates as ISO 8601 for spreadsheets. */
export function toUserCsvValues(row: UserListRow): unknown[] {
  const values: Record<(typeof USER_CSV_COLUMNS)[number], unknown> = {
    uuid: row.id,
    name: fullName(row),
    email: row.email,
    phone: row.phone,
    userType: row.userType,
    familyKind: row.familyKind,
    b2BCode: row.b2bCode,
    petsCount: row.petsCount,
    country: row.country,
    createdAt: row.createdAt,
  };
  return USER_CSV_COLUMNS.map((column) => values[column]);
}
