import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_CONFIG } from '../../test/seeded-database.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { getTreatmentResponses } from '../modules/records/prescriptions/prescriptions.responses.service.ts';
import { systemActor } from '../policy/actor.ts';
import { type SeedResult, seedDemoData } from './seed.ts';
import { LUNA } from './showcase.ts';

const NOW = new Date('2026-11-20T10:30:00Z');
let database: Database;
let result: SeedResult;

beforeAll(async () => {
  database = await createTestDatabase();
  // Only Luna's readings: hers are the story, and the other pets' prescriptions need only their weights.
  result = await seedDemoData({
    db: database.db,
    config: SEED_CONFIG,
    now: NOW,
    readingsFor: (pet) => pet.id === LUNA.id,
  });
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe('the demo prescriptions', () => {
  it('puts Luna on pimobendan since last year and on furosemide from the night her earlier episode turns', async () => {
    const luna = rowsOf<{ drug_code: string; start_on: string; amount_text: string; status: string }>(
      await database.db.execute(sql`
        select drug_code, start_on::text as start_on, amount_text, status::text as status
        from prescriptions where pet_id = ${LUNA.id} order by start_on`),
    );
    expect(luna).toEqual([
      // Her health profile's "Pimobendan 2.5 mg twice daily".
      {
        drug_code: 'pimobendan',
        start_on: '2025-09-26',
        amount_text: '1 tablet of 2.5 mg',
        status: 'active',
      },
      // 75 days before the readings end (20 November, London).
      { drug_code: 'furosemide', start_on: '2026-09-06', amount_text: expect.any(String), status: 'active' },
    ]);
    const { responses } = await getTreatmentResponses(
      { db: database.db, now: () => NOW },
      systemActor('test'),
      LUNA.id,
      { vital: 'respiratoryRate', days: 7 },
    );
    const furosemide = responses.find((response) => response.drugName === 'Furosemide');
    expect(furosemide?.enough).toBe(true);
    // Her rate came down: at least eight breaths a minute fewer in the week after the first dose.
    expect((furosemide?.before.average ?? 0) - (furosemide?.after.average ?? 0)).toBeGreaterThan(8);
    // Seen once: 'Furosemide started 06/09: sleeping RR 37 → 25 (7 nights each side, 100 % coverage)'.
    expect(furosemide?.summary).toMatch(
      /^Furosemide started 06\/09: sleeping RR \d+ → \d+ \(7 nights each side, \d+ % coverage\)$/,
    );
  });

  it('gives about 15 % of the other pets a current or past prescription, each dosed from a weighing', async () => {
    const [share] = rowsOf<{ prescribed: number; pets: number; stopped: number; ended: number }>(
      await database.db.execute(sql`
        select (select count(distinct pet_id)::int from prescriptions where pet_id <> ${LUNA.id}) as prescribed,
               (select count(*)::int from pets where id <> ${LUNA.id}
                  and exists (select 1 from weight_entries w where w.pet_id = pets.id)) as pets,
               (select count(*)::int from prescriptions where status = 'stopped') as stopped,
               (select count(*)::int from prescriptions where end_on < ${NOW.toISOString().slice(0, 10)}::date) as ended`),
    );
    expect(result.seeded).toBe(true);
    expect(share?.prescribed).toBeGreaterThan(0);
    const ratio = (share?.prescribed ?? 0) / (share?.pets ?? 1);
    expect(ratio).toBeGreaterThan(0.1);
    expect(ratio).toBeLessThan(0.2);
    expect(share?.stopped).toBeGreaterThan(0);
    expect(share?.ended).toBeGreaterThan(0);
  });
});
