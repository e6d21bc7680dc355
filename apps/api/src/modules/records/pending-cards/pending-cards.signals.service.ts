import {
  countOf,
  type PendingCardConcern,
  type PendingCardTriggerKind,
  pendingCardTriggerKindInfo,
  severityOfRank,
  severityRank,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import type { Actor } from '../../../policy/actor.ts';
import { recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, listEventsOfTypesAfter } from '../../platform/events/index.ts';
import { checkupProblematicCount } from '../checkups/index.ts';
import { lockCard, openCollarTriggers, resolveTriggers } from './pending-cards.actions.repository.ts';
import { applyCardChange, resolveOpenCard } from './pending-cards.actions.service.ts';
import {
  consumedEventSeqs,
  markEventConsumed,
  type UnconsumedEvent,
} from './pending-cards.events.repository.ts';
import type { PendingCardsDeps } from './pending-cards.inbox.service.ts';
import { collarCoverage } from './pending-cards.inputs.repository.ts';
import {
  type RepeatRule,
  refreshTriggerCounts,
  type Signal,
  upsertSignals,
} from './pending-cards.signals.repository.ts';

export type { Signal } from './pending-cards.signals.repository.ts';

/**
 * `announce: false`: no live event or audit entry per card (the demo seed audits its load once).
 * `holdRepeats: false`: every signal of a concern with no open card opens one, as before issue #39 (the
 * cards-per-pet-month bench's "before").
 */
interface Quiet {
  announce?: boolean;
  holdRepeats?: boolean;
}

const DAY = 86_400_000;

/**
 * How long after a card is resolved a signal of its concern that is no worse is held back on it instead
 * of opening a repeat (docs/architecture/records.md says why each). Checkups and journal entries are
 * never held back: each is a new item from the owner, closed by handling it.
 */
export const QUIET_PERIODS: Readonly<Record<PendingCardConcern, number>> = {
  respiratory: 3 * DAY,
  weight: 30 * DAY,
  collar_data: 1 * DAY,
  checkup: 0,
  journal: 0,
};

/**
 * How much farther from its threshold than the resolved card's trigger of its kind a signal must be to be
 * worse, in its unit (docs/architecture/records.md says why each): less is the same finding measured again.
 */
const WORSE_MARGIN: Partial<Record<PendingCardTriggerKind, (signal: Signal) => number>> = {
  respiratory_high: () => 2,
  respiratory_high_orange: () => 2,
  respiratory_high_red: () => 2,
  respiratory_low: () => 2,
  weight_change: () => 1,
  weight_target: () => 1,
  // Kilograms behind the plan's line: 5 % of the weight the plan allowed, so a cat and a mastiff alike.
  weight_off_plan: (signal) => 0.05 * Math.abs(signal.threshold ?? 0),
  collar_data_gap: () => COVERAGE_SPREAD_HOURS,
};

export const REPEAT_RULE: RepeatRule = {
  quietMs: QUIET_PERIODS,
  margin: (signal) => WORSE_MARGIN[signal.kind as PendingCardTriggerKind]?.(signal) ?? 0,
};

// --- raising cards -------------------------------------------------------------------------------

export function signalOf(
  kind: PendingCardTriggerKind,
  fields: Omit<Signal, 'concern' | 'severity' | 'kind'>,
): Signal {
  const info = pendingCardTriggerKindInfo[kind];
  return { ...fields, kind, concern: info.concern, severity: severityRank(info.severity) };
}

/**
 * Joins signals to their pets' open cards (opening cards where needed) inside the caller's
 * transaction. A card opened, made more severe or given a new trigger is audited (by the system or
 * integration that raised it, with the severity and trigger count before and after) and announced
 * live, so an open queue and the home page refresh; a trigger only refreshed (the same half hour
 * day or coverage gap seen again) is neither, or a collar would log one entry per batch.
 */
export async function raiseSignals(
  tx: DbOrTx,
  actor: Actor,
  signals: readonly Signal[],
  now: Date,
  options: Quiet = {},
): Promise<void> {
  const repeats = options.holdRepeats === false ? null : REPEAT_RULE;
  const touched = await upsertSignals(tx, signals, { card: newId, trigger: newId }, now, repeats);
  // The demo seed raises hundreds of cards at once: it records one audit entry for all it loads.
  if (options.announce === false) return;
  for (const card of touched) {
    const escalated = card.previousSeverity !== null && card.severity > card.previousSeverity;
    const joined = card.previousTriggerCount !== null && card.triggerCount > card.previousTriggerCount;
    if (!card.opened && !escalated && !joined) continue;
    await recordPetEvent(tx, card.petId, {
      type: card.opened ? 'pending_card.opened' : 'pending_card.changed',
      entity: 'pending_card',
      id: card.id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: card.opened
        ? 'pending_cards.open'
        : escalated
          ? 'pending_cards.escalate'
          : 'pending_cards.join_trigger',
      entity: 'pending_card',
      entityId: card.id,
      changes: {
        by: eventActorOf(actor),
        before: card.opened
          ? null
          : {
              severity: severityOfRank(card.previousSeverity ?? 1),
              triggerCount: card.previousTriggerCount,
            },
        after: {
          petUuid: card.petId,
          concern: card.concern,
          severity: severityOfRank(card.severity),
          triggerCount: card.triggerCount,
        },
      },
    });
  }
}

/**
 * The domain events that raise cards, by type, and the trigger each becomes. Another module's signal
 * is one entry here: it records its event (in its own transaction, as checkups record
 * `checkup.problematic`) and the consumer below turns each into a trigger exactly once.
 */
const EVENT_SIGNALS: Record<
  string,
  (tx: DbOrTx, event: UnconsumedEvent & { petId: string }) => Promise<Signal>
> = {
  'checkup.problematic': async (tx, event) => {
    const count = await checkupProblematicCount(tx, event.entityId);
    return signalOf('checkup_problematic', {
      petId: event.petId,
      value: count,
      threshold: null,
      unit: 'answers',
      detail:
        count === null ? null : countOf(count, { one: 'problematic answer', other: 'problematic answers' }),
      sourceEntity: 'checkup',
      sourceId: event.entityId,
      at: event.at,
      dedupeKey: `checkup:${event.entityId}`,
    });
  },
  // Published by the clinical record for a severity-3 journal entry.
  'journal.severe': async (_tx, event) =>
    signalOf('journal_severe', {
      petId: event.petId,
      value: 3,
      threshold: null,
      unit: 'severity',
      detail: 'Severity 3 journal entry',
      sourceEntity: event.entity,
      sourceId: event.entityId,
      at: event.at,
      dedupeKey: `${event.entity}:${event.entityId}`,
    }),
};

export const CONSUMED_EVENT_TYPES = Object.keys(EVENT_SIGNALS);

/**
 * The records that publish signal events, as their modules read them (the seed hands them in: the
 * journal reaches pending cards through trackers, so pending cards may not import it).
 */
export interface SignalRecords {
  problematicCheckups: ReadonlyArray<{ id: string; petId: string; answeredAt: Date }>;
  severeJournalEntries: ReadonlyArray<{ id: string; petId: string; receivedAt: Date }>;
}

/**
 * The signal events the records would have published, as the consumer reads them: a problematic
 * answered checkup (when answered) and a severity-3 journal entry (when received), oldest first.
 */
function signalEventsOfRecords({
  problematicCheckups: checkups,
  severeJournalEntries: journal,
}: SignalRecords): Array<UnconsumedEvent & { petId: string }> {
  return [
    ...checkups.map((checkup) => ({
      seq: 0,
      type: 'checkup.problematic',
      entity: 'checkup',
      entityId: checkup.id,
      petId: checkup.petId,
      at: checkup.answeredAt,
    })),
    ...journal.map((entry) => ({
      seq: 0,
      type: 'journal.severe',
      entity: 'journal_entry',
      entityId: entry.id,
      petId: entry.petId,
      at: entry.receivedAt,
    })),
  ].sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() || (a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : 0),
  );
}

/**
 * The signals the consumer would have made of the signal events of `records`, read from what
 * recorded them (problematic answered checkups, severity-3 journal entries): data loaded without
 * its events, the demo data, becomes the same triggers.
 */
export async function eventSignalsOf(tx: DbOrTx, records: SignalRecords): Promise<Signal[]> {
  const signals: Signal[] = [];
  for (const event of signalEventsOfRecords(records)) {
    const build = EVENT_SIGNALS[event.type];
    if (build) signals.push(await build(tx, event));
  }
  return signals;
}

/** Events are kept a day (events.service.ts); what is older was consumed or lost with them. */
const CONSUME_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * Turns the unconsumed signal events into triggers, each in its own transaction that first marks it
 * consumed: two instances (or a job and its retry) never act on one event twice.
 */
export async function consumeSignalEvents(deps: PendingCardsDeps, actor: Actor): Promise<number> {
  let consumed = 0;
  let afterSeq = 0;
  for (;;) {
    const now = deps.now();
    const events = await listEventsOfTypesAfter(deps.db, CONSUMED_EVENT_TYPES, afterSeq, {
      since: new Date(now.getTime() - CONSUME_LOOK_BACK_MS),
      limit: 100,
    });
    const claimed = await consumedEventSeqs(
      deps.db,
      events.map((event) => event.seq),
    );
    for (const event of events) {
      if (claimed.has(event.seq)) continue;
      await deps.db.transaction(async (tx) => {
        if (!(await markEventConsumed(tx, event.seq))) return;
        const build = EVENT_SIGNALS[event.type];
        if (!build || !event.petId) return;
        await raiseSignals(tx, actor, [await build(tx, { ...event, petId: event.petId })], deps.now());
        consumed += 1;
      });
    }
    const last = events.at(-1);
    if (!last || events.length < 100) return consumed;
    afterSeq = last.seq;
  }
}

export const COVERAGE_WINDOW_HOURS = 48;
/** The slowest collars (v1) measure every four hours: one reading stands for that long. */
export const COVERAGE_SPREAD_HOURS = 4;

/**
 * The collar-data rule, run by a scheduled job: a collar pet whose readings cover less than half of
 * the last 48 hours gets (or refreshes) a collar_data trigger; once data is back, the open trigger is
 * resolved by the job, and so is its card when nothing else is open on it.
 */
export async function checkCollarCoverage(deps: PendingCardsDeps, actor: Actor) {
  const now = deps.now();
  return deps.db.transaction((tx) => checkCollarCoverageIn(tx, actor, now));
}

/** The collar-data rule inside the caller's transaction, as of `now`. */
export async function checkCollarCoverageIn(
  tx: DbOrTx,
  actor: Actor,
  now: Date,
  options: Pick<Quiet, 'holdRepeats'> = {},
) {
  const coverage = await collarCoverage(tx, now, COVERAGE_WINDOW_HOURS, COVERAGE_SPREAD_HOURS);
  const gaps = coverage.filter((pet) => pet.hoursWithData < COVERAGE_WINDOW_HOURS / 2);
  const covered = new Set(
    coverage.filter((pet) => pet.hoursWithData >= COVERAGE_WINDOW_HOURS / 2).map((p) => p.petId),
  );
  await raiseSignals(
    tx,
    actor,
    gaps.map((pet) =>
      signalOf('collar_data_gap', {
        petId: pet.petId,
        value: pet.hoursWithData,
        threshold: COVERAGE_WINDOW_HOURS / 2,
        unit: 'hours',
        detail: `${pet.petName}'s collar sent data for ${pet.hoursWithData} of the last ${COVERAGE_WINDOW_HOURS} hours`,
        sourceEntity: null,
        sourceId: null,
        at: now,
        dedupeKey: 'collar_data_gap',
      }),
    ),
    now,
    options,
  );
  const back = (await openCollarTriggers(tx)).filter((trigger) => covered.has(trigger.petId));
  for (const trigger of back) {
    const card = await lockCard(tx, trigger.cardId, undefined);
    if (card?.status !== 'open') continue;
    const by = { vetId: null, at: now, note: 'Collar data came back' };
    await resolveTriggers(tx, { cardId: card.id, triggerId: trigger.triggerId }, by);
    await refreshTriggerCounts(tx, [card.id]);
    const open = card.openTriggerCount - 1;
    const changes = open > 0 ? { openTriggerCount: open } : await resolveOpenCard(tx, card, by);
    await applyCardChange(
      tx,
      actor,
      card,
      open > 0 ? 'pending_cards.resolve_trigger' : 'pending_cards.resolve',
      changes,
    );
  }
  return { gaps: gaps.length, recovered: covered.size };
}
