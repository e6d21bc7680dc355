import { isoToCalendarDate, type PreventiveStatus, scheduleOf } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../test/people-fixtures.ts';
import { createTestVet, type TestApp, useTestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/rows.ts';
import { PREVENTIVE_PROTOCOLS } from '../modules/records/preventive-care/index.ts';
import { DEMO_SEED } from './generate.ts';
import { seedPreventiveCare } from './generate-preventive-care.ts';
import { LUNA } from './showcase.ts';

const context = useTestApp();
let app: TestApp;
const TODAY = { year: 2026, month: 11, day: 20 };

interface Row {
  id: string;
  pet_id: string;
  item_code: string;
  given_on: string;
}

const seeded = async (): Promise<Row[]> =>
  rowsOf<Row>(
    await app.database.db.execute(
      sql`select id, pet_id, item_code, given_on::text from preventive_doses order by id`,
    ),
  );

const pets: Array<{ id: string; species: 'dog' | 'cat'; birthDate: string }> = [];

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  for (let n = 0; n < 3; n += 1) await createTestVet(app, { kind: 'regular' });
  const { family } = await createFamily(db);
  await createPet(db, { id: LUNA.id, familyId: family.id, name: 'Luna', birthDate: '2018-03-14' });
  for (let n = 0; n < 40; n += 1) {
    const species = n % 3 === 0 ? 'cat' : 'dog';
    // Puppies and kittens born this year, and adults of every age.
    const birthDate =
      n % 5 === 0 ? `2026-0${1 + (n % 8)}-1${n % 10}` : `20${10 + (n % 15)}-0${1 + (n % 9)}-0${1 + (n % 9)}`;
    const pet = await createPet(db, { familyId: family.id, name: `Pet ${n}`, species, birthDate });
    pets.push({ id: pet.id, species, birthDate });
  }
  await createPet(db, { familyId: family.id, name: 'No birthday', birthDate: null });
});

describe('demo preventive-care doses', () => {
  it('follow each pet’s schedule into a realistic mix of done, almost due and overdue, the same on every run', async () => {
    const count = await seedPreventiveCare(app.database.db as never, DEMO_SEED, TODAY, 1);
    const rows = await seeded();
    expect(rows).toHaveLength(count);
    expect(count).toBeGreaterThan(200);
    // Luna's schedule is the browser tests': none of hers.
    expect(rows.filter((row) => row.pet_id === LUNA.id)).toEqual([]);
    // Never a dose after today, nor before the pet was born.
    for (const row of rows) {
      expect(row.given_on <= '2026-11-20').toBe(true);
      const pet = pets.find((candidate) => candidate.id === row.pet_id);
      expect(pet, row.pet_id).toBeDefined();
      expect(row.given_on >= (pet?.birthDate ?? '')).toBe(true);
      expect(PREVENTIVE_PROTOCOLS.find((item) => item.code === row.item_code)?.species).toBe(pet?.species);
    }
    const statuses = new Map<PreventiveStatus, number>();
    for (const pet of pets) {
      const schedule = scheduleOf({
        species: pet.species,
        birthDate: isoToCalendarDate(pet.birthDate),
        protocol: PREVENTIVE_PROTOCOLS,
        doses: rows
          .filter((row) => row.pet_id === pet.id)
          .map((row) => ({ itemCode: row.item_code, givenOn: isoToCalendarDate(row.given_on) })),
        notApplicable: [],
        today: TODAY,
      });
      for (const item of schedule) statuses.set(item.status, (statuses.get(item.status) ?? 0) + 1);
    }
    expect(statuses.get('done')).toBeGreaterThan(40);
    expect(statuses.get('overdue')).toBeGreaterThan(10);
    expect(statuses.get('almost_due')).toBeGreaterThan(3);

    await app.database.db.execute(sql`delete from preventive_doses`);
    expect(await seedPreventiveCare(app.database.db as never, DEMO_SEED, TODAY, 1)).toBe(count);
    expect(await seeded()).toEqual(rows);
  });
});
