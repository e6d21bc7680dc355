import {
  type BetaCreate,
  type BetaListQuery,
  type BetaListResponse,
  type BetaUser,
  paginationOf,
} from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { betasErrors } from './betas.errors.ts';
import { toBetaUserDto } from './betas.mapper.ts';
import {
  findBetaUserById,
  insertBetaUser,
  isEnrolled,
  listBetaUsers,
  userExists,
} from './betas.repository.ts';

export interface Actor {
  vetId: string;
  meta: RequestMeta | null;
}

export async function listBetas(deps: { db: Db }, query: BetaListQuery): Promise<BetaListResponse> {
  const { rows, total } = await listBetaUsers(deps.db, query);
  return { betaUsers: rows.map(toBetaUserDto), pagination: paginationOf(query.page, query.pageSize, total) };
}

export async function getBeta(deps: { db: Db }, id: string): Promise<BetaUser> {
  const row = await findBetaUserById(deps.db, id);
  if (!row) throw betasErrors.notFound();
  return toBetaUserDto(row);
}

/** Enrols an existing user in one beta feature, once: enrolling them again is a conflict. */
export async function enrolBetaUser(deps: { db: Db }, input: BetaCreate, actor: Actor): Promise<BetaUser> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await userExists(tx, input.userUuid))) throw betasErrors.userNotFound();
      if (await isEnrolled(tx, input.userUuid, input.feature)) throw betasErrors.alreadyEnrolled();
      const id = newId();
      const notes = input.notes ? input.notes : null;
      await insertBetaUser(tx, {
        id,
        userId: input.userUuid,
        feature: input.feature,
        notes,
        enrolledByVetId: actor.vetId,
      });
      await recordAudit(
        tx,
        {
          actorVetId: actor.vetId,
          action: 'betas.create',
          entity: 'beta_user',
          entityId: id,
          changes: { userUuid: input.userUuid, feature: input.feature, notes },
        },
        actor.meta,
      );
      const created = await findBetaUserById(tx, id);
      if (!created) throw new Error('the beta enrolment just written cannot be read back');
      return toBetaUserDto(created);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'beta_users_user_feature_key')) throw betasErrors.alreadyEnrolled();
    throw error;
  }
}
