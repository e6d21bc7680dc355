import {
  addDays,
  type CalendarDate,
  calendarDateToIso,
  compareDates,
  isoToCalendarDate,
  type ScheduleDose,
  type Species,
  scheduleOf,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { PREVENTIVE_PROTOCOLS } from '../modules/records/preventive-care/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { LUNA } from './showcase.ts';

/** How far back a demo pet's doses go: the clinic's records start then, older ones were elsewhere. */
const HISTORY_DAYS = 540;

const PLACES = ['', '', 'Riverside Veterinary Centre', 'Harbourside Animal Clinic', 'Greenway Vets'];
const PRODUCTS: Record<string, readonly string[]> = {
  dhpp: ['Nobivac DHPPi', 'Vanguard Plus 5', 'Canigen DHPPi'],
  leptospirosis: ['Nobivac L4', 'Versican Plus L4'],
  rabies: ['Nobivac Rabies', 'Rabisin'],
  kennel_cough: ['Nobivac KC', 'Bronchi-Shield'],
  flea_tick: ['NexGard', 'Bravecto Chew', 'Simparica'],
  heartworm: ['Milbemax', 'Heartgard Plus'],
  deworming: ['Drontal Plus', 'Milbemax', 'Panacur'],
  fvrcp: ['Purevax RCP', 'Nobivac Tricat Trio'],
  felv: ['Purevax FeLV', 'Leucogen'],
  flea: ['Bravecto Spot-on', 'Advocate', 'Stronghold Plus'],
};

interface DoseSeedRow {
  id: string;
  petId: string;
  itemCode: string;
  product: string;
  batch: string;
  givenOn: string;
  givenAt: string;
  givenBy: string;
  recordedBy: string | null;
  createdAt: string;
}

/**
 * Preventive-care doses for about half the demo pets with a birth date, deterministic for a given
 * `today`: each item is followed with the contract's own schedule from the clinic's first record (or
 * birth), a dose given a few days either side of its due day, until the pet's owner kept up (done and
 * almost due) or stopped some months ago (overdue). Luna keeps none: her schedule is the browser tests'.
 */
export async function seedPreventiveCare(tx: Tx, seed: number, today: CalendarDate, share = 0.5) {
  const random = createSeededRandom(deriveSeed(seed, 'preventive-care'));
  const vets = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      select id, first_name || ' ' || last_name as name from vets
      where kind in ('regular', 'head') order by email`),
  );
  const pets = rowsOf<{ id: string; species: Species; birth_date: string }>(
    await tx.execute(sql`
      select id, species::text as species, birth_date::text as birth_date from pets
      where birth_date is not null and id <> ${LUNA.id} order by id`),
  );
  const historyStart = addDays(today, -HISTORY_DAYS);
  const rows: DoseSeedRow[] = [];
  for (const pet of pets) {
    if (!random.chance(share)) continue;
    const birthDate = isoToCalendarDate(pet.birth_date);
    // Most owners keep up; the others stopped at some point in the last year.
    const keptUp = random.chance(0.7);
    for (const item of PREVENTIVE_PROTOCOLS.filter((candidate) => candidate.species === pet.species)) {
      if (item.category === 'non_core' && random.chance(0.4)) continue;
      const until = keptUp || random.chance(0.3) ? today : addDays(today, -random.int(20, 360));
      const given: ScheduleDose[] = [];
      const start = compareDates(birthDate, historyStart) > 0 ? birthDate : historyStart;
      const vet = vets.length > 0 ? random.pick(vets) : null;
      const place = random.pick(PLACES);
      for (let guard = 0; guard < 60; guard += 1) {
        const [next] = scheduleOf({
          species: pet.species,
          birthDate,
          protocol: [item],
          doses: given,
          notApplicable: [],
          today: start,
        });
        const due = next?.dueOn && compareDates(next.dueOn, start) > 0 ? next.dueOn : start;
        const givenOn = addDays(due, random.int(-3, 10));
        if (compareDates(givenOn, until) > 0 || compareDates(givenOn, birthDate) < 0) break;
        given.push({ itemCode: item.code, givenOn });
      }
      for (const dose of given) {
        const at = new Date(`${calendarDateToIso(dose.givenOn)}T${10 + random.int(0, 7)}:00:00Z`);
        const product = random.pick(PRODUCTS[item.code.split('.')[1] ?? ''] ?? ['Generic']);
        rows.push({
          id: random.uuidV7(at),
          petId: pet.id,
          itemCode: item.code,
          product,
          batch: `${product.slice(0, 2).toUpperCase()}${random.digits(5)}`,
          givenOn: calendarDateToIso(dose.givenOn),
          givenAt: place,
          givenBy: place ? '' : (vet?.name ?? ''),
          recordedBy: vet?.id ?? null,
          createdAt: at.toISOString(),
        });
      }
    }
  }
  await bulkInsert(
    tx,
    'preventive_doses',
    [
      { name: 'id', type: 'uuid', value: (row) => row.id },
      { name: 'pet_id', type: 'uuid', value: (row) => row.petId },
      { name: 'item_code', type: 'text', value: (row) => row.itemCode },
      { name: 'product', type: 'text', value: (row) => row.product },
      { name: 'batch', type: 'text', value: (row) => row.batch },
      { name: 'given_on', type: 'date', value: (row) => row.givenOn },
      { name: 'given_at', type: 'text', value: (row) => row.givenAt },
      { name: 'given_by', type: 'text', value: (row) => row.givenBy },
      { name: 'recorded_by_vet_id', type: 'uuid', value: (row) => row.recordedBy },
      { name: 'created_at', type: 'timestamptz', value: (row) => row.createdAt },
    ],
    rows,
  );
  return rows.length;
}
