import type { HomeResponse } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { HomeCountContext, HomeSource } from '../../manifest.ts';

/**
 * Every count of the home page in one statement: each record's scalar subqueries on its own indexes
 * (the queue's, the inboxes' status indexes, the reminders' open-by-assignee index), each within the
 * actor's scope, selected together so the page costs one round trip.
 */
export async function countHome(
  db: DbOrTx,
  sources: readonly HomeSource[],
  context: HomeCountContext,
): Promise<Partial<HomeResponse>> {
  const counted = sources.flatMap((source) => (source.counts ? [source.counts] : []));
  const selection = Object.assign({}, ...counted.map((counts) => counts.select(db, context)));
  const [row] = await db.select(selection).from(sql`(select 1) as one`);
  return Object.assign({}, ...counted.map((counts) => counts.read(row ?? {})));
}
