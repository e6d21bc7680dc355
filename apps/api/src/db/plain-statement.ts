import { createHash } from 'node:crypto';
import { type Query, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from './rows.ts';
import type { DbOrTx } from './types.ts';

const dialect = new PgDialect();

/**
 * `statement`'s text and parameters, as drizzle's PostgreSQL dialect builds them. A hand-written
 * statement is text, nested `sql` fragments and primitive values, and this walk builds those with
 * `instanceof` and one string: drizzle's builder tests every chunk against a dozen entity kinds
 * (`is()` walks the class chain) and merges an object per chunk. Warm, a statement of 130 parameters
 * takes 190 µs that way and 20 µs this way; a 300-day chart, one at a time, 5.90 → 5.59 ms (#13,
 * bench/README). Anything else (a column, a placeholder, a Date, inlined params) is left to drizzle,
 * whose result this one equals (`plain-statement.test.ts`).
 */
export function sqlToQuery(statement: SQL): Query {
  return fastQuery(statement) ?? dialect.sqlToQuery(statement);
}

function fastQuery(statement: SQL): Query | undefined {
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        text += chunk.value.join('');
      } else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
        if (!walk(chunk.queryChunks)) return false;
      } else if (
        chunk === null ||
        typeof chunk === 'string' ||
        typeof chunk === 'number' ||
        typeof chunk === 'boolean'
      ) {
        params.push(chunk);
        text += `$${params.length}`;
      } else if (chunk !== undefined) {
        return false;
      }
    }
    return true;
  };
  return walk([statement]) ? { sql: text, params } : undefined;
}

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
  const prepared = db._.session.prepareQuery(sqlToQuery(statement), undefined, name, false);
  return { execute: async (values) => rowsOf<Row>(await prepared.execute(values)) };
}

const namesByText = new Map<string, string>();

/**
 * `statement` run as a named prepared statement, named after its text: PostgreSQL parses a text once
 * per connection and, after five executions, plans it once when a generic plan costs no more than a
 * custom one (a chart's statement spent more time planned than executed: 0.5 ms against 0.3). Only
 * for a statement whose text varies with its structure (scope, bucket size, the actor's kind), never
 * with its values, which must be parameters: each text stays prepared on every pooled connection.
 */
export async function executePrepared<Row>(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const query = sqlToQuery(statement);
  let name = namesByText.get(query.sql);
  if (!name) {
    if (namesByText.size >= 1_000) namesByText.clear();
    // The name is the text's digest, so a text keeps its name (and its prepared statement) after a clear.
    name = `h_${createHash('sha256').update(query.sql).digest('base64url').slice(0, 24)}`;
    namesByText.set(query.sql, name);
  }
  return rowsOf<Row>(await db._.session.prepareQuery(query, undefined, name, false).execute());
}

/**
 * Forgets the texts named so far, as the cap on the map does: a text's name is its digest, so nothing
 * changes on the server. For a test that counts the texts one run of requests adds, whichever test file
 * ran before it in the same worker.
 */
export function forgetPreparedTexts(): void {
  namesByText.clear();
}

/** How many distinct statement texts `executePrepared` has named: tests check values never reach a text. */
export function preparedTextCount(): number {
  return namesByText.size;
}
