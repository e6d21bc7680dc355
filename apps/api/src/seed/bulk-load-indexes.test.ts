import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { newId } from '../lib/ids.ts';
import { withIndexesBuiltAfter } from './bulk-insert.ts';
import { READING_TABLES as TABLES } from './seed.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Every index and key of the tables, as the database defines them. */
async function definitions(): Promise<string[]> {
  const rows = rowsOf<{ line: string }>(
    await database.db.execute(sql`
      select i.indexrelid::regclass::text || ' ' || pg_get_indexdef(i.indexrelid)
        || coalesce(' ' || (select c.conname || ' ' || pg_get_constraintdef(c.oid)
                            from pg_constraint c where c.conindid = i.indexrelid), '') as line
      from pg_index i
      where i.indrelid = any(${sql.param(TABLES)}::regclass[])
      order by 1`),
  );
  return rows.map((row) => row.line);
}

const insertReading = (id: string) => sql`
  insert into tracker_readings (id, pet_id, kind, value, measured_at, source)
  values (${id}, ${newId()}, 'respiratory_rate', 20, now(), 'tracker')`;

describe('a bulk load with the indexes built after', () => {
  it('loads without the readings’ indexes and keys, then has exactly the migrations’ ones again', async () => {
    const before = await definitions();
    expect(before.length).toBeGreaterThanOrEqual(5);
    const id = newId();
    const during = await database.db.transaction((tx) =>
      withIndexesBuiltAfter(tx, TABLES, async () => {
        await tx.execute(insertReading(id));
        return rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from pg_index where indrelid = any(${sql.param(TABLES)}::regclass[])`,
          ),
        )[0]?.n;
      }),
    );
    expect(during).toBe(0);
    expect(await definitions()).toEqual(before);
    // Analysed after the load: the planner has the loaded table's statistics.
    const [stats] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'tracker_readings'`,
      ),
    );
    expect(stats?.n).toBeGreaterThan(0);
    // The primary key holds again.
    await expect(database.db.execute(insertReading(id))).rejects.toThrow();
  });

  it('keeps every index when the load fails', async () => {
    const before = await definitions();
    await expect(
      database.db.transaction((tx) =>
        withIndexesBuiltAfter(tx, TABLES, async () => {
          throw new Error('the load failed');
        }),
      ),
    ).rejects.toThrow('the load failed');
    expect(await definitions()).toEqual(before);
  });
});
