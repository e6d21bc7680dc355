import { calendarDateToIso, isoToCalendarDate, scheduleOf, statusDaysOf } from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import { petsForSchedules } from '../../core/pets/index.ts';
import {
  listDosesOfPets,
  listMarksOfPets,
  lockDueItems,
  replaceDueItems,
} from './preventive-care.due.repository.ts';
import type { NewPreventiveDueItemRow } from './preventive-care.table.ts';
import { PREVENTIVE_PROTOCOLS, protocolItemOfCode } from './protocols.data.ts';

type SchedulePet = Awaited<ReturnType<typeof petsForSchedules>>[number];

/**
 * Rewrites the stored due days of these pets from their birth dates, doses and standing marks, set-wise:
 * one read each of pets, doses and marks, then one delete and one insert. Judged on the practice's day,
 * as the inbox, the home count and the reminders are.
 */
async function refreshPets(tx: DbOrTx, pets: readonly SchedulePet[], now: Date): Promise<number> {
  if (pets.length === 0) return 0;
  await lockDueItems(tx);
  const ids = pets.map((pet) => pet.id);
  const [doses, marks] = await readTogether(tx, [
    () => listDosesOfPets(tx, ids),
    () => listMarksOfPets(tx, ids),
  ] as const);
  const today = isoToCalendarDate(todayIn(DEFAULT_TIMEZONE, now));
  const rows: NewPreventiveDueItemRow[] = [];
  for (const pet of pets) {
    const birthDate = pet.birthDate ? isoToCalendarDate(pet.birthDate) : null;
    const schedule = scheduleOf({
      species: pet.species,
      birthDate,
      protocol: PREVENTIVE_PROTOCOLS,
      doses: doses
        .filter((dose) => dose.petId === pet.id)
        .map((dose) => ({ itemCode: dose.itemCode, givenOn: isoToCalendarDate(dose.givenOn) })),
      notApplicable: marks.filter((mark) => mark.petId === pet.id).map((mark) => mark.itemCode),
      today,
    });
    for (const entry of schedule) {
      const item = protocolItemOfCode(entry.code);
      if (!item || entry.status === 'not_applicable' || entry.dueOn === null) continue;
      const days = statusDaysOf(item, entry.dueOn, entry.lastGivenOn ?? birthDate);
      rows.push({
        petId: pet.id,
        itemCode: entry.code,
        dueOn: calendarDateToIso(entry.dueOn),
        almostDueOn: calendarDateToIso(days.almostDueOn),
        overdueOn: calendarDateToIso(days.overdueOn),
        lastGivenOn: entry.lastGivenOn ? calendarDateToIso(entry.lastGivenOn) : null,
        refreshedAt: now,
      });
    }
  }
  await replaceDueItems(tx, ids, rows);
  return rows.length;
}

/** In the transaction of a dose or a mark: the pet's stored due days follow at once. */
export async function refreshDueItemsOfPet(tx: DbOrTx, petId: string, now: Date): Promise<void> {
  await refreshPets(tx, await petsForSchedules(tx, { ids: [petId] }), now);
}

const BATCH = 500;

/**
 * Every pet's stored due days, in batches of 500 pets (a transaction each): the daily job's part, which
 * catches what no dose or mark announces (a birth date edited, a new pet, a young animal's course window
 * closing). Answers how many pets it went through.
 */
export async function refreshAllDueItems(db: DbOrTx, now: Date): Promise<number> {
  let afterId: string | null = null;
  let seen = 0;
  for (;;) {
    const batch = await petsForSchedules(db, { afterId, limit: BATCH });
    if (batch.length === 0) return seen;
    await db.transaction((tx) => refreshPets(tx, batch, now));
    seen += batch.length;
    afterId = batch[batch.length - 1]?.id ?? null;
    if (batch.length < BATCH) return seen;
  }
}
