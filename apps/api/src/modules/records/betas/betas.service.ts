import type { BetaCreate, BetaListQuery, BetaListResponse, BetaUser } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { userCondition } from '../../../policy/scope.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import { betasErrors } from './betas.errors.ts';
import { toBetaUserDto } from './betas.mapper.ts';
import {
  countBetaUsers,
  findBetaUserById,
  insertBetaUser,
  isEnrolled,
  listBetaUsers,
  userExists,
} from './betas.repository.ts';
import { betaUsers } from './betas.table.ts';

export async function listBetas(
  deps: { db: Db },
  actor: Actor,
  query: BetaListQuery,
): Promise<BetaListResponse> {
  const { page, pageSize, sort, order, ...rest } = query;
  const filter = { ...rest, scope: userCondition(actor, betaUsers.userId) };
  const { rows, pagination } = await listPage(
    { page, pageSize },
    {
      rows: (window) => listBetaUsers(deps.db, filter, { sort, order }, window),
      count: (bound) => countBetaUsers(deps.db, filter, bound),
    },
  );
  return { betaUsers: rows.map(toBetaUserDto), pagination };
}

export async function getBeta(deps: { db: Db }, actor: Actor, id: string): Promise<BetaUser> {
  const row = await findBetaUserById(deps.db, id, userCondition(actor, betaUsers.userId));
  if (!row) throw betasErrors.notFound();
  return toBetaUserDto(row);
}

/** Enrols an existing user in one beta feature, once: enrolling them again is a conflict. */
export async function enrolBetaUser(deps: { db: Db }, actor: VetActor, input: BetaCreate): Promise<BetaUser> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await userExists(tx, input.userUuid, userCondition(actor, sql`${input.userUuid}::uuid`)))) {
        throw betasErrors.userNotFound();
      }
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
      // No company tag: B2B vets do not hear of enrolments (the betas list is the product's own).
      await recordEvent(tx, {
        type: 'beta.enrolled',
        entity: 'beta_user',
        id,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'betas.create',
        entity: 'beta_user',
        entityId: id,
        changes: { userUuid: input.userUuid, feature: input.feature, notes },
      });
      const created = await findBetaUserById(tx, id, undefined);
      if (!created) throw new Error('the beta enrolment just written cannot be read back');
      return toBetaUserDto(created);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'beta_users_user_feature_key')) throw betasErrors.alreadyEnrolled();
    throw error;
  }
}
