import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase } from '../../test/seeded-database.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

// A fresh database plans like a lived-in one (issue #48): the seed leaves the planner's statistics
// behind it, on PGlite (no autovacuum) as on PostgreSQL (autovacuum only a minute or so later). The
// shared seeded database is a copy of a seed's, statistics included (they live in the catalogs copied).
let database: Database;

beforeAll(async () => {
  database = await createSeededTestDatabase();
}, 300_000);

afterAll(async () => {
  await database?.close();
});

const TABLES = ['users', 'families', 'pets', 'vets', 'checkups', 'journal_entries', 'daily_statuses'];

describe('a freshly seeded database', () => {
  it('has the planner’s statistics of every table the seed filled', async () => {
    const rows = rowsOf<{ table: string; tuples: number; columns: number }>(
      await database.db.execute(sql`
        select c.relname as "table", c.reltuples::float8 as tuples,
          (select count(*)::int from pg_stats s where s.schemaname = 'public' and s.tablename = c.relname) as columns
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relname = any(${sql.param(TABLES)}::text[])
        order by c.relname`),
    );
    expect(rows.map((row) => row.table)).toEqual([...TABLES].sort());
    for (const row of rows) {
      expect(row.tuples, row.table).toBeGreaterThan(0);
      expect(row.columns, row.table).toBeGreaterThan(0);
    }
  });
});
