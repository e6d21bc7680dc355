import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from './client.ts';
import { readTogether } from './read-together.ts';
import { rowsOf } from './rows.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('reads that do not depend on one another', () => {
  /** A read that notes when it starts and ends, and gives `value` back through the database. */
  function noted(order: string[], name: string, value: number, db = database.db) {
    return async () => {
      order.push(`${name} starts`);
      const [row] = rowsOf<{ value: number }>(await db.execute(sql`select ${value}::int as value`));
      // A slower first read: at once, the second would end first.
      if (name === 'first') await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`${name} ends`);
      return row?.value;
    };
  }

  it('run at once on the pool, and give their results in order', async () => {
    const order: string[] = [];
    const results = await readTogether(database.db, [noted(order, 'first', 1), noted(order, 'second', 2)]);
    expect(results).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'second starts', 'second ends', 'first ends']);
  });

  it('run one after the other in a transaction, which is one connection', async () => {
    const order: string[] = [];
    const results = await database.db.transaction((tx) =>
      readTogether(tx, [noted(order, 'first', 1, tx), noted(order, 'second', 2, tx)]),
    );
    expect(results).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
  });
});
