import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

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
