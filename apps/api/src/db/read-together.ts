import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './types.ts';

/**
 * Reads that do not depend on one another: all at once on the pool (each on a connection of its own),
 * one after the other inside a transaction. A transaction is one connection, which runs one statement
 * at a time whatever the caller does, and node-postgres deprecates queueing a query on a client that is
 * still busy (an error from pg 9): the seed builds its weekly reports inside its one transaction.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return Promise.all(reads.map((read) => read())) as Promise<unknown> as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
