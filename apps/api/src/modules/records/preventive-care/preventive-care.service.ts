import {
  calendarDateToIso,
  compareDates,
  isoToCalendarDate,
  type PreventiveCareResponse,
  type PreventiveDoseCreateInput,
  type PreventiveNotApplicableCreate,
  type PreventiveProtocolListResponse,
  scheduleOf,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { refreshDueItemsOfPet } from './preventive-care.due.service.ts';
import { preventiveCareErrors } from './preventive-care.errors.ts';
import { toPreventiveDoseDto, toScheduleItemDto } from './preventive-care.mapper.ts';
import {
  insertDose,
  insertNotApplicable,
  listPetDoses,
  listPetNotApplicable,
  listPetOwnerReminders,
  removeStandingNotApplicable,
} from './preventive-care.repository.ts';
import {
  preventiveDoses,
  preventiveNotApplicable,
  preventiveOwnerReminders,
} from './preventive-care.table.ts';
import { PREVENTIVE_PROTOCOLS, protocolItemOfCode } from './protocols.data.ts';

export interface PreventiveCareDeps {
  db: Db;
  now: Now;
}

export function listPreventiveProtocols(): PreventiveProtocolListResponse {
  return { items: [...PREVENTIVE_PROTOCOLS] };
}

type Pet = NonNullable<Awaited<ReturnType<typeof findPetWithOwner>>>;

async function requirePet(db: DbOrTx, actor: Actor, petId: string, lock = false): Promise<Pet> {
  const pet = await findPetWithOwner(db, actor, petId, { lock });
  if (!pet) throw preventiveCareErrors.petNotFound();
  return pet;
}

/** The pet's own today: a dose given this evening in Sydney is not given "tomorrow". */
const todayOf = (pet: Pet, now: Date) => isoToCalendarDate(todayIn(pet.timezone ?? DEFAULT_TIMEZONE, now));

/** An item of the pet's species' protocol, or the 400 naming the field. */
function itemForPet(pet: Pet, code: string) {
  const item = protocolItemOfCode(code);
  if (!item || item.species !== pet.pet.species) throw preventiveCareErrors.unknownItem('itemCode');
  return item;
}

/** The pet's schedule, computed by the contract's `scheduleOf` from its birth date, doses and marks. */
export async function getPreventiveCare(
  deps: PreventiveCareDeps,
  actor: Actor,
  petId: string,
  options: { almostDueDays: number },
): Promise<PreventiveCareResponse> {
  const pet = await requirePet(deps.db, actor, petId);
  return scheduleResponse(deps, actor, pet, options.almostDueDays);
}

async function scheduleResponse(
  deps: PreventiveCareDeps,
  actor: Actor,
  pet: Pet,
  almostDueDays: number,
): Promise<PreventiveCareResponse> {
  const [doseRows, markRows, reminderRows] = await readTogether(deps.db, [
    () => listPetDoses(deps.db, pet.pet.id, petCondition(actor, preventiveDoses.petId)),
    () => listPetNotApplicable(deps.db, pet.pet.id, petCondition(actor, preventiveNotApplicable.petId)),
    () => listPetOwnerReminders(deps.db, pet.pet.id, petCondition(actor, preventiveOwnerReminders.petId)),
  ] as const);
  const today = todayOf(pet, deps.now());
  const birthDate = pet.pet.birthDate ? isoToCalendarDate(pet.pet.birthDate) : null;
  const doses = doseRows.map(toPreventiveDoseDto);
  const computed = scheduleOf({
    species: pet.pet.species,
    birthDate,
    protocol: PREVENTIVE_PROTOCOLS,
    doses,
    notApplicable: markRows.map((row) => row.mark.itemCode),
    today,
    almostDueDays,
  });
  return {
    petUuid: pet.pet.id,
    species: pet.pet.species,
    birthDate,
    today,
    almostDueDays,
    items: computed.map((entry) => {
      const item = protocolItemOfCode(entry.code);
      if (!item) throw new Error(`No protocol item ${entry.code}`);
      return toScheduleItemDto(
        item,
        entry,
        doses.filter((dose) => dose.itemCode === entry.code),
        markRows.find((row) => row.mark.itemCode === entry.code),
        reminderRows.filter((row) => row.itemCode === entry.code),
      );
    }),
  };
}

/** A dose given to a pet the vet can see, here or at another clinic; never on a day still to come. */
export async function recordPreventiveDose(
  deps: PreventiveCareDeps,
  actor: Actor,
  petId: string,
  input: PreventiveDoseCreateInput,
  options: { almostDueDays: number },
): Promise<PreventiveCareResponse> {
  const pet = await deps.db.transaction(async (tx) => {
    const pet = await requirePet(tx, actor, petId);
    const item = itemForPet(pet, input.itemCode);
    if (compareDates(input.givenOn, todayOf(pet, deps.now())) > 0) throw preventiveCareErrors.givenInFuture();
    const at = deps.now();
    const row = {
      id: newId(),
      petId: pet.pet.id,
      itemCode: item.code,
      product: input.product,
      batch: input.batch,
      givenOn: calendarDateToIso(input.givenOn),
      givenAt: input.givenAt,
      givenBy: input.givenBy,
      recordedByVetId: actingVetId(actor),
      createdAt: at,
    };
    await insertDose(tx, row);
    await refreshDueItemsOfPet(tx, pet.pet.id, at);
    await recordPetEvent(tx, pet.pet.id, {
      type: 'preventive_care.changed',
      entity: 'preventive_dose',
      id: row.id,
      actor: eventActorOf(actor),
    });
    const { createdAt: _createdAt, ...after } = row;
    await recordAudit(tx, actor, {
      action: 'preventive_care.record_dose',
      entity: 'preventive_dose',
      entityId: row.id,
      changes: { after },
    });
    return pet;
  });
  return scheduleResponse(deps, actor, pet, options.almostDueDays);
}

/** An item that does not apply to the pet, with why; a second mark for the same item is a 409. */
export async function markNotApplicable(
  deps: PreventiveCareDeps,
  actor: Actor,
  petId: string,
  input: PreventiveNotApplicableCreate,
  options: { almostDueDays: number },
): Promise<PreventiveCareResponse> {
  const pet = await deps.db.transaction(async (tx) => {
    const pet = await requirePet(tx, actor, petId);
    const item = itemForPet(pet, input.itemCode);
    const row = {
      id: newId(),
      petId: pet.pet.id,
      itemCode: item.code,
      reason: input.reason,
      markedByVetId: actingVetId(actor),
      markedAt: deps.now(),
    };
    if (!(await insertNotApplicable(tx, row))) throw preventiveCareErrors.alreadyNotApplicable();
    await refreshDueItemsOfPet(tx, pet.pet.id, row.markedAt);
    await recordPetEvent(tx, pet.pet.id, {
      type: 'preventive_care.changed',
      entity: 'preventive_not_applicable',
      id: row.id,
      actor: eventActorOf(actor),
    });
    const { markedAt: _markedAt, ...after } = row;
    await recordAudit(tx, actor, {
      action: 'preventive_care.mark_not_applicable',
      entity: 'preventive_not_applicable',
      entityId: row.id,
      changes: { after },
    });
    return pet;
  });
  return scheduleResponse(deps, actor, pet, options.almostDueDays);
}

/** The item applies to the pet again: its mark goes (audited with the reason it had). */
export async function removeNotApplicable(
  deps: PreventiveCareDeps,
  actor: Actor,
  petId: string,
  itemCode: string,
  options: { almostDueDays: number },
): Promise<PreventiveCareResponse> {
  const pet = await deps.db.transaction(async (tx) => {
    const pet = await requirePet(tx, actor, petId);
    const removedAt = deps.now();
    const deleted = await removeStandingNotApplicable(tx, pet.pet.id, itemCode, {
      removedAt,
      removedByVetId: actingVetId(actor),
    });
    if (!deleted) throw preventiveCareErrors.notApplicableNotFound();
    await refreshDueItemsOfPet(tx, pet.pet.id, removedAt);
    await recordPetEvent(tx, pet.pet.id, {
      type: 'preventive_care.changed',
      entity: 'preventive_not_applicable',
      id: deleted.id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'preventive_care.remove_not_applicable',
      entity: 'preventive_not_applicable',
      entityId: deleted.id,
      changes: { before: { itemCode: deleted.itemCode, reason: deleted.reason } },
    });
    return pet;
  });
  return scheduleResponse(deps, actor, pet, options.almostDueDays);
}
