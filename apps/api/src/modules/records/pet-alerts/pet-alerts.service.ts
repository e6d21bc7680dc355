import {
  type PetAlert,
  type PetAlertCreate,
  type PetAlertListResponse,
  toTimestamp,
} from '@vetboard/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { type PersonColumns, personRef } from '../../../lib/person-ref.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { petAlertsErrors } from './pet-alerts.errors.ts';
import { alertLabel } from './pet-alerts.read.service.ts';
import { type PetAlertRow, petAlerts } from './pet-alerts.table.ts';

export interface PetAlertsDeps {
  db: Db;
  now: Now;
}

const setter = vetInRole('setter');

function activeAlerts(db: DbOrTx, petId: string) {
  const query = db
    .select({ alert: petAlerts, setBy: setter.fields })
    .from(petAlerts)
    .where(and(eq(petAlerts.petId, petId), isNull(petAlerts.removedAt)))
    .orderBy(asc(petAlerts.createdAt), asc(petAlerts.id))
    .$dynamic();
  return setter.join(query, petAlerts.createdByVetId);
}

function toDto({ alert, setBy }: { alert: PetAlertRow; setBy: PersonColumns }): PetAlert {
  return {
    uuid: alert.id,
    kind: alert.kind,
    label: alertLabel(alert.kind, alert.text),
    createdBy: personRef(setBy),
    createdAt: toTimestamp(alert.createdAt),
  };
}

async function requirePet(db: DbOrTx, actor: Actor, petId: string, lock = false) {
  const pet = await findPetWithOwner(db, actor, petId, { lock });
  if (!pet) throw petAlertsErrors.petNotFound();
  return pet;
}

/** The pet's alerts, oldest first; out of scope, the pet is as unknown as a missing one. */
export async function listPetAlerts(
  deps: Pick<PetAlertsDeps, 'db'>,
  actor: Actor,
  petId: string,
): Promise<PetAlertListResponse> {
  await requirePet(deps.db, actor, petId);
  return { petAlerts: (await activeAlerts(deps.db, petId)).map(toDto) };
}

export async function setPetAlert(
  deps: PetAlertsDeps,
  actor: VetActor,
  petId: string,
  input: PetAlertCreate,
): Promise<PetAlertListResponse> {
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await requirePet(tx, actor, petId, true);
      const row = {
        id,
        petId,
        kind: input.kind,
        text: input.text ?? null,
        createdByVetId: actor.vetId,
        createdAt: deps.now(),
      };
      await tx.insert(petAlerts).values(row);
      await recordPetEvent(tx, petId, {
        type: 'pet_alert.changed',
        entity: 'pet_alert',
        id,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'pet_alerts.set',
        entity: 'pet_alert',
        entityId: id,
        changes: { after: { petUuid: petId, kind: input.kind, text: input.text ?? null } },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'pet_alerts_one_kind_idx')) throw petAlertsErrors.alreadySet();
    throw error;
  }
  return listPetAlerts(deps, actor, petId);
}

/** Takes an alert off the pet; the row keeps who removed it and when. */
export async function removePetAlert(
  deps: PetAlertsDeps,
  actor: VetActor,
  petId: string,
  alertId: string,
): Promise<PetAlertListResponse> {
  await deps.db.transaction(async (tx) => {
    await requirePet(tx, actor, petId, true);
    const [removed] = await tx
      .update(petAlerts)
      .set({ removedAt: deps.now(), removedByVetId: actor.vetId })
      .where(and(eq(petAlerts.id, alertId), eq(petAlerts.petId, petId), isNull(petAlerts.removedAt)))
      .returning();
    if (!removed) throw petAlertsErrors.notFound();
    await recordPetEvent(tx, petId, {
      type: 'pet_alert.changed',
      entity: 'pet_alert',
      id: alertId,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'pet_alerts.remove',
      entity: 'pet_alert',
      entityId: alertId,
      changes: { before: { petUuid: petId, kind: removed.kind, text: removed.text } },
    });
  });
  return listPetAlerts(deps, actor, petId);
}
