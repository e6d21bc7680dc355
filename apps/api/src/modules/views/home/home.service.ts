import type { HomeResponse } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../../lib/timezone.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { listPendingCardsPage } from '../../records/pending-cards/index.ts';
import { listOldestOpenQuestions } from '../../records/questions/index.ts';
import { listRemindersPage } from '../../records/reminders/index.ts';
import { countHome } from './home.repository.ts';

export interface HomeDeps {
  db: Db;
  now: Now;
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
  const page = { page: 1, pageSize: LISTED, search: undefined };
  const cardsQuery = { ...page, view: 'open', sort: 'queue', order: 'desc' } as const;
  const [counts, mine, severe, myReminders, waitingQuestions] = await Promise.all([
    countHome(deps.db, {
      scope: (petId) => petCondition(actor, petId),
      vetId: actingVetId(actor),
      now,
      endOfDay,
      today: todayIn(DEFAULT_TIMEZONE, now),
    }),
    listPendingCardsPage(deps, actor, { ...cardsQuery, assignment: 'mine' }),
    listPendingCardsPage(deps, actor, cardsQuery),
    listRemindersPage(deps, actor, {
      ...page,
      status: 'open',
      assignment: 'mine',
      sort: 'inbox',
      order: 'asc',
    }),
    listOldestOpenQuestions(deps, actor, LISTED),
  ]);
  return {
    ...counts,
    myCards: mine.pendingCards,
    severeCards: severe.pendingCards,
    myOpenReminders: myReminders.reminders,
    oldestOpenQuestions: waitingQuestions,
  };
}
