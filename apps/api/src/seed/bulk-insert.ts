import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** Rows per statement: big enough to be fast, small enough to keep one statement's parameters modest. */
const CHUNK_ROWS = 5_000;

export interface BulkColumn<Row> {
  name: string;
  /** The PostgreSQL type of the array the values travel in. */
  type: 'uuid' | 'text' | 'smallint' | 'boolean' | 'date' | 'timestamptz' | 'numeric';
  /**
   * How the unnested value becomes the column's value, e.g. `(v) => `${v}::species``. PGlite cannot
   * bind enum arrays, and no driver binds an array of arrays: those travel as text and are cast here.
   */
  select?: (value: string) => string;
  value: (row: Row) => string | number | boolean | null;
}

/** One `insert … select from unnest(…)` per chunk: a handful of statements for thousands of rows. */
export async function bulkInsert<Row>(
  db: DbOrTx,
  table: string,
  columns: ReadonlyArray<BulkColumn<Row>>,
  rows: readonly Row[],
): Promise<void> {
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  const aliases = columns.map((_, index) => `c${index}`);
  const selects = columns.map((column, index) => column.select?.(`c${index}`) ?? `c${index}`).join(', ');
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const arrays: SQL[] = columns.map(
      (column) => sql`${sql.param(chunk.map(column.value))}::${sql.raw(column.type)}[]`,
    );
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${sql.raw(names)}) select ${sql.raw(selects)} from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(aliases.join(', '))})`,
    );
  }
}

/** A text[] column sent as a JSON array in a text value (see `BulkColumn.select`). */
export const jsonToTextArray = (value: string): string =>
  `array(select jsonb_array_elements_text(${value}::jsonb))`;

/**
 * Runs `load` with the tables' indexes dropped (primary keys and unique constraints too), then builds
 * them again from the definitions the database reported, so the schema after is the migrations' own.
 * An index built once over a million sorted rows costs a fraction of a million insertions into it: the
 * readings' (pet, kind, time) index took rows from every pet at once, in random places. Inside the
 * caller's transaction, so a failed load leaves every index as it was. No constraint may reference
 * these tables (the drop would refuse, loudly). The tables are analysed after the load.
 */
export async function withIndexesBuiltAfter<T>(
  db: DbOrTx,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const constraints = rowsOf<{ table: string; name: string; definition: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      where c.conrelid = any(${sql.param([...tables])}::regclass[]) and c.contype in ('p', 'u')
      order by c.conrelid::regclass::text, c.conname`),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = any(${sql.param([...tables])}::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`),
  );
  for (const c of constraints)
    await db.execute(sql.raw(`alter table ${c.table} drop constraint "${c.name}"`));
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  const result = await load();
  for (const c of constraints)
    await db.execute(sql.raw(`alter table ${c.table} add constraint "${c.name}" ${c.definition}`));
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  // The planner's statistics of the loaded tables, now: a table loaded in bulk otherwise keeps those of
  // before the load (none on a fresh database) until autovacuum comes by, and PGlite has no autovacuum.
  await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
  return result;
}
