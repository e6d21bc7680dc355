import { type BetaUser, toTimestamp } from '@vetboard/contract';
import type { BetaUserDetailsRow } from './betas.repository.ts';

export function toBetaUserDto(row: BetaUserDetailsRow): BetaUser {
  return {
    uuid: row.beta.id,
    user: {
      uuid: row.user.id,
      name: `${row.user.firstName} ${row.user.lastName}`,
      email: row.user.email,
      userType: row.user.userType,
      familyUuid: row.user.familyId,
    },
    feature: row.beta.feature,
    enrolledAt: toTimestamp(row.beta.enrolledAt),
    enrolledBy: row.enrolledBy
      ? { uuid: row.enrolledBy.id, name: `${row.enrolledBy.firstName} ${row.enrolledBy.lastName}` }
      : null,
    notes: row.beta.notes,
  };
}
