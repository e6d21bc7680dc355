import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from './rows.ts';
import type { DbOrTx } from './types.ts';

const dialect = new PgDialect();

export interface PlainStatement<Row> {
  /** `values` fills the statement's `sql.placeholder`s. */
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A hand-written statement (drizzle's `sql`, placeholders allowed) whose rows come back as the driver
 * gives them, on either engine: objects keyed by the statement's column names (so alias each column as
 * the row type's key), numbers for int2 and int4, text for timestamps and dates. It is for the hot reads
 * where drizzle's mapping of a select's rows costs more than the rest of the read: an `is()` walk of the
 * class chain and a decoder call per field, proxies for a subquery's columns, the null-mapping of a left
 * join (~17 % of a users list request's CPU). With `name`, PostgreSQL parses it once per connection
 * (a named prepared statement); without, it is parsed again each time.
 */
export function plainStatement<Row>(db: DbOrTx, statement: SQL, name?: string): PlainStatement<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return { execute: async (values) => rowsOf<Row>(await prepared.execute(values)) };
}
