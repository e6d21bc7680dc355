import {
  amountPerDose,
  calendarDateToIso,
  type DrugListResponse,
  mgPerDose,
  type PrescriptionChangeInput,
  type PrescriptionCreateInput,
  type PrescriptionListResponse,
  type PrescriptionResponse,
  type PrescriptionStop,
  toTimestamp,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { todayIn } from '../../../lib/timezone.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { allergiesOfPet, findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { latestWeightOfPet } from '../trackers/index.ts';
import { DRUGS } from './drugs.data.ts';
import { drugOfCode, prescriptionWarnings } from './prescriptions.checks.ts';
import { prescriptionsErrors } from './prescriptions.errors.ts';
import { prescriptionLifecycle } from './prescriptions.lifecycle.ts';
import { statusOf, toPrescriptionDto } from './prescriptions.mapper.ts';
import {
  changedPrescriptionTimelineRows,
  findPrescription,
  insertPrescription,
  listPetPrescriptions,
  lockPrescription,
  runningPrescriptionsOfPet,
  startedPrescriptionTimelineRows,
  stoppedPrescriptionTimelineRows,
  updatePrescription,
} from './prescriptions.repository.ts';
import { prescriptions } from './prescriptions.table.ts';

export interface PrescriptionsDeps {
  db: Db;
  now: Now;
}

const DAY_MS = 86_400_000;

/** Out of the actor's scope, a prescription is as unknown as a missing one. */
const prescriptionScope = (actor: Actor) => petCondition(actor, prescriptions.petId);

/** Today as the UTC day: what "completed" and "still running" are judged against. */
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export function listDrugs(): DrugListResponse {
  return { drugs: [...DRUGS] };
}

/** A pet's prescriptions: the running ones first, then the past ones, each newest first. */
export async function listPrescriptionsOfPet(
  deps: PrescriptionsDeps,
  actor: Actor,
  petId: string,
): Promise<PrescriptionListResponse> {
  if (!(await findPetWithOwner(deps.db, actor, petId))) throw prescriptionsErrors.petNotFound();
  const [rows, weight] = await readTogether(deps.db, [
    () => listPetPrescriptions(deps.db, petId, prescriptionScope(actor)),
    () => latestWeightOfPet(deps.db, petId),
  ] as const);
  const today = isoDay(deps.now());
  const all = rows.map((row) => toPrescriptionDto(row, today));
  return {
    latestWeight: weight ? { valueKg: weight.valueKg, measuredAt: toTimestamp(weight.measuredAt) } : null,
    prescriptions: [
      ...all.filter((prescription) => prescription.status === 'active'),
      ...all.filter((prescription) => prescription.status !== 'active'),
    ],
  };
}

async function prescriptionDto(
  deps: PrescriptionsDeps,
  actor: Actor,
  id: string,
): Promise<PrescriptionResponse> {
  const row = await findPrescription(deps.db, id, prescriptionScope(actor));
  if (!row) throw prescriptionsErrors.notFound();
  return { prescription: toPrescriptionDto(row, isoDay(deps.now())) };
}

function endOnOf(input: PrescriptionCreateInput): string | null {
  if (input.endOn) return calendarDateToIso(input.endOn);
  if (input.durationDays === undefined) return null;
  const start = Date.UTC(input.startOn.year, input.startOn.month - 1, input.startOn.day);
  return isoDay(new Date(start + (input.durationDays - 1) * DAY_MS));
}

/**
 * A prescription for a pet the vet can see, dosed from its latest weight. It is checked (species, dose
 * range, weight age, allergies, NSAID combinations) and refused with every warning the vet did not
 * confirm; the confirmed ones are kept on it with the vet's reason.
 */
export async function createPrescription(
  deps: PrescriptionsDeps,
  actor: Actor,
  petId: string,
  input: PrescriptionCreateInput,
): Promise<PrescriptionResponse> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    // Locked, so two prescriptions written at once for the same pet both see each other's NSAID.
    const pet = await findPetWithOwner(tx, actor, petId, { lock: true });
    if (!pet) throw prescriptionsErrors.petNotFound();
    const drug = drugOfCode(input.drugCode);
    if (!drug) throw prescriptionsErrors.drugNotFound();
    const strength = drug.strengths.find((candidate) => candidate.id === input.strengthId);
    if (!strength) throw prescriptionsErrors.strengthNotFound();
    const weight = await latestWeightOfPet(tx, pet.pet.id);
    if (!weight) throw prescriptionsErrors.noWeight();
    const mg = mgPerDose(input.doseMgPerKg, weight.valueKg);
    const amount = amountPerDose(mg, strength);
    if (!amount) throw prescriptionsErrors.strengthTooStrong();
    const at = deps.now();
    const warnings = prescriptionWarnings({
      drug,
      species: pet.pet.species,
      doseMgPerKg: input.doseMgPerKg,
      weightMeasuredAt: weight.measuredAt,
      now: at,
      allergies: await allergiesOfPet(tx, pet.pet.id),
      running: await runningPrescriptionsOfPet(tx, pet.pet.id, isoDay(at)),
    });
    const confirmed = new Set(input.confirmedWarnings);
    const unconfirmed = warnings.filter((warning) => !confirmed.has(warning.code));
    if (unconfirmed.length > 0) throw prescriptionsErrors.unconfirmedWarnings(unconfirmed);
    const row = {
      id,
      petId: pet.pet.id,
      drugCode: drug.code,
      drugName: drug.name,
      strengthId: strength.id,
      strengthLabel: strength.label,
      strengthUnit: strength.unit,
      mgPerUnit: strength.mgPerUnit,
      doseMgPerKg: input.doseMgPerKg,
      weightKg: weight.valueKg,
      weightMeasuredAt: weight.measuredAt,
      mgPerDose: mg,
      unitsPerDose: amount.units,
      amountText: amount.text,
      frequency: input.frequency,
      route: input.route,
      startOn: calendarDateToIso(input.startOn),
      endOn: endOnOf(input),
      instructions: input.instructions,
      reason: input.reason,
      // Only the warnings that were raised: a confirmation of nothing records nothing.
      confirmedWarnings: warnings,
      confirmationReason: warnings.length > 0 ? (input.confirmationReason ?? null) : null,
      prescribedByVetId: actingVetId(actor),
      createdAt: at,
      updatedAt: at,
    };
    await insertPrescription(tx, row);
    await recordPetEvent(tx, row.petId, {
      type: 'prescription.created',
      entity: 'prescription',
      id,
      actor: eventActorOf(actor),
    });
    const { createdAt: _createdAt, updatedAt: _updatedAt, weightMeasuredAt, ...after } = row;
    await recordAudit(tx, actor, {
      action: 'prescriptions.create',
      entity: 'prescription',
      entityId: id,
      changes: { after: { ...after, weightMeasuredAt: weightMeasuredAt.toISOString() } },
    });
  });
  return prescriptionDto(deps, actor, id);
}

/** Stopped by a vet, with why; a stopped or completed prescription answers 409. */
export async function stopPrescription(
  deps: PrescriptionsDeps,
  actor: Actor,
  id: string,
  input: PrescriptionStop,
): Promise<PrescriptionResponse> {
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    const { row, next: status } = await prescriptionLifecycle.lockFor(
      async () => {
        const locked = await lockPrescription(tx, id, prescriptionScope(actor));
        // Judged on the status it reads as, so one that ran its course cannot be stopped after the fact.
        return locked && { ...locked, status: statusOf(locked, isoDay(at)) };
      },
      prescriptionsErrors.notFound,
      'stop',
    );
    const stoppedByVetId = actingVetId(actor);
    await updatePrescription(tx, id, {
      status,
      stoppedAt: at,
      stoppedByVetId,
      stopReason: input.reason,
      updatedAt: at,
    });
    await recordPetEvent(tx, row.petId, {
      type: 'prescription.stopped',
      entity: 'prescription',
      id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'prescriptions.stop',
      entity: 'prescription',
      entityId: id,
      changes: {
        before: { status: row.status },
        after: { status, stoppedAt: at.toISOString(), stopReason: input.reason },
      },
    });
  });
  return prescriptionDto(deps, actor, id);
}

/**
 * A change of dose or frequency: the prescription becomes `changed` (kept, with who, when and why) and a
 * new version starts today in the pet's zone, with the same drug, strength, end and instructions, dosed
 * from the latest weight and checked like a new prescription (its own running prescriptions aside).
 */
export async function changePrescription(
  deps: PrescriptionsDeps,
  actor: Actor,
  id: string,
  input: PrescriptionChangeInput,
): Promise<PrescriptionResponse> {
  const versionId = newId();
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    const { row: old, next: status } = await prescriptionLifecycle.lockFor(
      async () => {
        const locked = await lockPrescription(tx, id, prescriptionScope(actor));
        return locked && { ...locked, status: statusOf(locked, isoDay(at)) };
      },
      prescriptionsErrors.notFound,
      'change',
    );
    const pet = await findPetWithOwner(tx, actor, old.petId, { lock: true });
    if (!pet) throw prescriptionsErrors.notFound();
    const drug = drugOfCode(old.drugCode);
    if (!drug) throw prescriptionsErrors.drugNotFound();
    const strength = drug.strengths.find((candidate) => candidate.id === old.strengthId);
    if (!strength) throw prescriptionsErrors.strengthNotFound();
    const weight = await latestWeightOfPet(tx, pet.pet.id);
    if (!weight) throw prescriptionsErrors.noWeight();
    const doseMgPerKg = input.doseMgPerKg ?? old.doseMgPerKg;
    const mg = mgPerDose(doseMgPerKg, weight.valueKg);
    const amount = amountPerDose(mg, strength);
    if (!amount) throw prescriptionsErrors.strengthTooStrong();
    const running = (await runningPrescriptionsOfPet(tx, pet.pet.id, isoDay(at))).filter(
      (other) => other.id !== old.id,
    );
    const warnings = prescriptionWarnings({
      drug,
      species: pet.pet.species,
      doseMgPerKg,
      weightMeasuredAt: weight.measuredAt,
      now: at,
      allergies: await allergiesOfPet(tx, pet.pet.id),
      running,
    });
    const confirmed = new Set(input.confirmedWarnings);
    const unconfirmed = warnings.filter((warning) => !confirmed.has(warning.code));
    if (unconfirmed.length > 0) throw prescriptionsErrors.unconfirmedWarnings(unconfirmed);
    const vetId = actingVetId(actor);
    const today = todayIn(pet.timezone, at);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, status: _status, ...kept } = old;
    const row = {
      ...kept,
      ...prescriptionLifecycle.newVersionOf(old),
      status: 'active' as const,
      id: versionId,
      doseMgPerKg,
      weightKg: weight.valueKg,
      weightMeasuredAt: weight.measuredAt,
      mgPerDose: mg,
      unitsPerDose: amount.units,
      amountText: amount.text,
      frequency: input.frequency ?? old.frequency,
      startOn: today,
      confirmedWarnings: warnings,
      confirmationReason: warnings.length > 0 ? (input.confirmationReason ?? null) : null,
      prescribedByVetId: vetId,
      changedAt: null,
      changedByVetId: null,
      changeReason: null,
      createdAt: at,
      updatedAt: at,
    };
    await updatePrescription(tx, old.id, {
      status,
      changedAt: at,
      changedByVetId: vetId,
      changeReason: input.reason,
      updatedAt: at,
    });
    await insertPrescription(tx, row);
    await recordPetEvent(tx, row.petId, {
      type: 'prescription.changed',
      entity: 'prescription',
      id: versionId,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'prescriptions.change',
      entity: 'prescription',
      entityId: old.id,
      changes: {
        before: {
          status: old.status,
          doseMgPerKg: old.doseMgPerKg,
          frequency: old.frequency,
          mgPerDose: old.mgPerDose,
          amountText: old.amountText,
        },
        after: {
          status,
          newVersionId: versionId,
          doseMgPerKg,
          frequency: row.frequency,
          mgPerDose: mg,
          amountText: amount.text,
          startOn: today,
          changeReason: input.reason,
          confirmedWarnings: warnings.map((warning) => warning.code),
        },
      },
    });
  });
  return prescriptionDto(deps, actor, versionId);
}

/** A pet's prescriptions started, changed and stopped, for its timeline (one bounded read per kind). */
export async function listPrescriptionTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const link = `/pets/${read.petId}/medications`;
  const started = read.kinds.has('prescription.started')
    ? (await startedPrescriptionTimelineRows(deps.db, read)).map(
        (row): TimelineEvent => ({
          id: row.id,
          at: row.at,
          kind: 'prescription.started',
          source: 'vet',
          title: `Prescription started: ${row.drugName}, ${row.amountText}`,
          link,
        }),
      )
    : [];
  const stopped = read.kinds.has('prescription.stopped')
    ? (await stoppedPrescriptionTimelineRows(deps.db, read)).map(
        (row): TimelineEvent => ({
          id: row.id,
          at: row.at,
          kind: 'prescription.stopped',
          source: 'vet',
          title: `Prescription stopped: ${row.drugName}${row.stopReason ? ` (${row.stopReason})` : ''}`,
          link,
        }),
      )
    : [];
  const changed = read.kinds.has('prescription.changed')
    ? (await changedPrescriptionTimelineRows(deps.db, read)).map(
        (row): TimelineEvent => ({
          id: row.id,
          at: row.at,
          kind: 'prescription.changed',
          source: 'vet',
          title: `Prescription changed: ${row.drugName}${row.changeReason ? ` (${row.changeReason})` : ''}`,
          link,
        }),
      )
    : [];
  return [...started, ...changed, ...stopped];
}
