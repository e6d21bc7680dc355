import type { HomeResponse } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import type { HomeSource } from '../../manifest.ts';
import { countHome } from './home.repository.ts';

/**
 * The home page's deps carry its sources, each record's counts and lists, handed over from the
 * records' manifests (modules/registry.ts), so this view imports no record.
 */
export interface HomeDeps {
  db: Db;
  now: Now;
  sources: readonly HomeSource[];
}

const DAY_MS = 86_400_000;
/** How many cards and reminders "My work" and "Most severe" show: the rest is a click away. */
const LISTED = 5;

/**
 * The vet's to-do list: a count for every queue and, below, their own work and the worst cards. Each
 * count and list is of what the vet may see (the access policy's pet scope).
 */
export async function getHome(deps: HomeDeps, actor: Actor): Promise<HomeResponse> {
  const now = deps.now();
  const endOfDay = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const listDeps = { db: deps.db, now: deps.now };
  const [counts, ...lists] = await Promise.all([
    countHome(deps.db, deps.sources, {
      scope: (petId) => petCondition(actor, petId),
      vetId: actingVetId(actor),
      now,
      endOfDay,
      today: todayIn(DEFAULT_TIMEZONE, now),
    }),
    ...deps.sources.map((source) => source.lists?.(listDeps, actor, LISTED)),
  ]);
  // Each field comes from one record's source; the response schema checks that none is missing.
  return Object.assign({}, counts, ...lists) as HomeResponse;
}
