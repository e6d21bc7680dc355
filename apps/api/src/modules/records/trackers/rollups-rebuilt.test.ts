import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { systemActor } from '../../../policy/actor.ts';
import { createIntegration } from '../../platform/integrations/integrations.service.ts';
import { rebuildRollups } from './trackers.writes.ts';

const context = useTestApp();
let app: TestApp;
let petId: string;

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  const { token } = await createIntegration({ db }, systemActor('test'), { name: 'Rollup collars' });
  const family = await createFamily(db, { owner: { timezone: 'Asia/Kolkata', city: 'Pune', country: 'IN' } });
  petId = (await createPet(db, { familyId: family.family.id })).id;
  // Two local days in India, across UTC midnight, two kinds.
  const start = Date.parse('2026-03-09T16:00:00Z') / 1000;
  const readings = Array.from({ length: 40 }, (_, i) => ({
    id: newId(),
    petUuid: petId,
    kind: i % 2 === 0 ? 'respiratory_rate' : 'heart_rate',
    value: i % 2 === 0 ? 18 + (i % 7) : 80 + (i % 11),
    measuredAt: { seconds: start + i * 1700 },
  }));
  const response = await app.inject({
    method: 'POST',
    url: '/v1/trackers/readings',
    headers: { authorization: `Bearer ${token}` },
    payload: { readings },
  });
  expect(response.statusCode).toBe(200);
});

/** The pet's rows of the three tables the ingestion keeps and the rebuild makes again. */
async function rollupsOf(id: string) {
  const read = async (statement: ReturnType<typeof sql>) => rowsOf(await app.database.db.execute(statement));
  return {
    halfHours: await read(
      sql`select kind, bucket_start, count, sum, min, max from tracker_rollups_30m where pet_id = ${id} order by 1, 2`,
    ),
    days: await read(
      sql`select kind, local_date, count, sum, min, max from tracker_rollups_daily where pet_id = ${id} order by 1, 2`,
    ),
    coverage: await read(
      sql`select day, half_hours from tracker_coverage_days where pet_id = ${id} order by 1`,
    ),
  };
}

describe('rebuilding the chart rollups from the raw readings (the seed, a zone change)', () => {
  it('gives what ingestion kept, and says when each of its three passes is done', async () => {
    const kept = await rollupsOf(petId);
    expect(kept.halfHours.length).toBeGreaterThan(10);
    expect(kept.days.length).toBe(4);
    const passes: [number, number][] = [];
    await rebuildRollups(app.database.db, [petId], (done, total) => passes.push([done, total]));
    expect(passes).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(await rollupsOf(petId)).toEqual(kept);
  });
});
