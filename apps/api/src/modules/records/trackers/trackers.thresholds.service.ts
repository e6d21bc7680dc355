import type {
  RespiratoryThresholds,
  RespiratoryThresholdsPut,
  RespiratoryThresholdsResponse,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { findPetWithOwner, petsErrors, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { effectiveThresholds, toThresholdsResponseDto } from './trackers.thresholds.mapper.ts';
import { deleteThresholds, findPetThresholds, upsertThresholds } from './trackers.thresholds.repository.ts';

/**
 * The respiratory thresholds `abnormal` is computed with for this pet (its override, else its species'
 * defaults), or null for an unknown pet. Readings are never rewritten: charts call this at read time.
 */
export async function thresholdsForPet(db: DbOrTx, petId: string): Promise<RespiratoryThresholds | null> {
  const row = await findPetThresholds(db, petId);
  return row ? effectiveThresholds(row) : null;
}

async function loadOrThrow(db: DbOrTx, petId: string) {
  const row = await findPetThresholds(db, petId);
  if (!row) throw petsErrors.notFound();
  return row;
}

export async function getThresholds(
  deps: { db: Db },
  actor: Actor,
  petId: string,
): Promise<RespiratoryThresholdsResponse> {
  if (!(await findPetWithOwner(deps.db, actor, petId))) throw petsErrors.notFound();
  return toThresholdsResponseDto(await loadOrThrow(deps.db, petId));
}

const auditState = (thresholds: RespiratoryThresholds, isCustom: boolean) => ({ ...thresholds, isCustom });

/** Sets the pet's override; sending the values already in force as an override changes nothing. */
export async function putThresholds(
  deps: { db: Db; now: Now },
  actor: VetActor,
  petId: string,
  values: RespiratoryThresholdsPut,
): Promise<RespiratoryThresholdsResponse> {
  return deps.db.transaction(async (tx) => {
    if (!(await findPetWithOwner(tx, actor, petId, { lock: true }))) throw petsErrors.notFound();
    const current = await loadOrThrow(tx, petId);
    const before = effectiveThresholds(current);
    const after: RespiratoryThresholds = {
      low: values.low,
      high: values.high,
      highOrange: values.highOrange,
      highRed: values.highRed,
    };
    const unchanged = current.override !== null && JSON.stringify(before) === JSON.stringify(after);
    if (!unchanged) {
      await recordPetEvent(tx, petId, {
        type: 'thresholds.changed',
        entity: 'respiratory_thresholds',
        id: petId,
        actor: eventActorOf(actor),
      });
      await upsertThresholds(tx, petId, after, { vetId: actor.vetId, at: deps.now() });
      await recordAudit(tx, actor, {
        action: 'trackers.thresholds',
        entity: 'pet',
        entityId: petId,
        changes: {
          before: auditState(before, current.override !== null),
          after: auditState(after, true),
        },
      });
    }
    return toThresholdsResponseDto(await loadOrThrow(tx, petId));
  });
}

/** Drops the override, so the species' defaults apply again; without one there is nothing to do. */
export async function resetThresholds(
  deps: { db: Db },
  actor: VetActor,
  petId: string,
): Promise<RespiratoryThresholdsResponse> {
  return deps.db.transaction(async (tx) => {
    if (!(await findPetWithOwner(tx, actor, petId, { lock: true }))) throw petsErrors.notFound();
    const current = await loadOrThrow(tx, petId);
    if (current.override) {
      await deleteThresholds(tx, petId);
      await recordPetEvent(tx, petId, {
        type: 'thresholds.changed',
        entity: 'respiratory_thresholds',
        id: petId,
        actor: eventActorOf(actor),
      });
      const defaults = effectiveThresholds({ ...current, override: null });
      await recordAudit(tx, actor, {
        action: 'trackers.thresholds_reset',
        entity: 'pet',
        entityId: petId,
        changes: {
          before: auditState(effectiveThresholds(current), true),
          after: auditState(defaults, false),
        },
      });
    }
    return toThresholdsResponseDto(await loadOrThrow(tx, petId));
  });
}
