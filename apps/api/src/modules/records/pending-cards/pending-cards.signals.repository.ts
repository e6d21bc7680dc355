import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { PendingCardRow } from './pending-cards.table.ts';

/** A signal a rule raised: the card it belongs to (pet and concern) and the trigger it becomes. */
export interface Signal {
  petId: string;
  concern: PendingCardRow['concern'];
  severity: number;
  kind: string;
  value: number | null;
  threshold: number | null;
  unit: string | null;
  detail: string | null;
  sourceEntity: string | null;
  sourceId: string | null;
  at: Date;
  dedupeKey: string;
}

export interface TouchedCard {
  id: string;
  petId: string;
  concern: string;
  severity: number;
  opened: boolean;
  previousSeverity: number | null;
  /** Triggers on the card before and after these signals (before: null for a card they opened). */
  previousTriggerCount: number | null;
  triggerCount: number;
}

/**
 * When a signal after a resolution is a repeat: how long after a card is resolved a signal of its concern
 * that is no worse is held back (ms, by concern), and by how much farther from its threshold than the
 * card's trigger of the same kind a signal must be to count as worse (in the signal's unit).
 */
export interface RepeatRule {
  quietMs: Readonly<Record<string, number>>;
  margin: (signal: Signal) => number;
}

/**
 * Joins each signal to the open card of its pet and concern, opening one where there is none, and adds
 * (or refreshes) its trigger: three statements for any number of signals. The card's severity only
 * ever rises. Safe under concurrency: a second opener meets the partial unique index and joins.
 * With `repeats`, a pet and concern with no open card whose last card was resolved less than its quiet
 * period ago, and whose signals are all no worse than that card's triggers, opens nothing: its signals
 * are held back on the resolved card (see `holdBack`).
 */
export async function upsertSignals(
  tx: DbOrTx,
  raised: readonly Signal[],
  ids: { card: () => string; trigger: () => string },
  now: Date,
  repeats: RepeatRule | null = null,
): Promise<TouchedCard[]> {
  if (raised.length === 0) return [];
  const worst = worstOfEach(raised);
  const held = repeats ? await holdBack(tx, worst, repeats, ids.trigger, now) : new Set<Signal>();
  const signals = worst.filter((signal) => !held.has(signal));
  if (signals.length === 0) return [];
  const groups = new Map<
    string,
    { petId: string; concern: string; severity: number; firstAt: Date; lastAt: Date }
  >();
  for (const signal of signals) {
    const key = `${signal.petId}|${signal.concern}`;
    const group = groups.get(key);
    if (!group)
      groups.set(key, {
        petId: signal.petId,
        concern: signal.concern,
        severity: signal.severity,
        firstAt: signal.at,
        lastAt: signal.at,
      });
    else {
      group.severity = Math.max(group.severity, signal.severity);
      if (signal.at > group.lastAt) group.lastAt = signal.at;
      if (signal.at < group.firstAt) group.firstAt = signal.at;
    }
  }
  const cards = [...groups.values()].sort((a, b) =>
    a.petId === b.petId ? a.concern.localeCompare(b.concern) : a.petId.localeCompare(b.petId),
  );
  const before = rowsOf<{ pet_id: string; concern: string; severity: number; trigger_count: number }>(
    await tx.execute(sql`
      select c.pet_id, c.concern::text as concern, c.severity, c.trigger_count
      from pending_cards c
      join unnest(${sql.param(cards.map((c) => c.petId))}::uuid[], ${sql.param(cards.map((c) => c.concern))}::text[])
        as i(pet_id, concern) on c.pet_id = i.pet_id and c.concern::text = i.concern
      where c.status = 'open'`),
  );
  const previous = new Map(before.map((row) => [`${row.pet_id}|${row.concern}`, row]));
  const touched = rowsOf<{ id: string; pet_id: string; concern: string; severity: number; opened: boolean }>(
    await tx.execute(sql`
      insert into pending_cards as c (id, pet_id, concern, severity, status, opened_at, last_trigger_at)
      select i.id, i.pet_id, i.concern::pending_card_concern, i.severity, 'open',
             least(${now.toISOString()}::timestamptz, i.first_at), i.last_at
      from unnest(
        ${sql.param(cards.map(() => ids.card()))}::uuid[],
        ${sql.param(cards.map((c) => c.petId))}::uuid[],
        ${sql.param(cards.map((c) => c.concern))}::text[],
        ${sql.param(cards.map((c) => c.severity))}::int[],
        ${sql.param(cards.map((c) => c.firstAt.toISOString()))}::timestamptz[],
        ${sql.param(cards.map((c) => c.lastAt.toISOString()))}::timestamptz[]
      ) as i(id, pet_id, concern, severity, first_at, last_at)
      on conflict (pet_id, concern) where status = 'open' do update set
        severity = greatest(c.severity, excluded.severity),
        last_trigger_at = greatest(c.last_trigger_at, excluded.last_trigger_at)
      returning c.id, c.pet_id, c.concern::text as concern, c.severity, (xmax = 0) as opened`),
  );
  const cardIdOf = new Map(touched.map((row) => [`${row.pet_id}|${row.concern}`, row.id]));
  await tx.execute(sql`
    insert into pending_card_triggers as t
      (id, card_id, kind, severity, value, threshold, unit, detail, source_entity, source_id, at, dedupe_key)
    select * from unnest(
      ${sql.param(signals.map(() => ids.trigger()))}::uuid[],
      ${sql.param(signals.map((s) => cardIdOf.get(`${s.petId}|${s.concern}`)))}::uuid[],
      ${sql.param(signals.map((s) => s.kind))}::text[],
      ${sql.param(signals.map((s) => s.severity))}::smallint[],
      ${sql.param(signals.map((s) => s.value))}::real[],
      ${sql.param(signals.map((s) => s.threshold))}::real[],
      ${sql.param(signals.map((s) => s.unit))}::text[],
      ${sql.param(signals.map((s) => s.detail))}::text[],
      ${sql.param(signals.map((s) => s.sourceEntity))}::text[],
      ${sql.param(signals.map((s) => s.sourceId))}::text[],
      ${sql.param(signals.map((s) => s.at.toISOString()))}::timestamptz[],
      ${sql.param(signals.map((s) => s.dedupeKey))}::text[]
    )
    on conflict (card_id, dedupe_key) where resolved_at is null do update set
      kind = excluded.kind, severity = excluded.severity, value = excluded.value,
      threshold = excluded.threshold, unit = excluded.unit, detail = excluded.detail, at = excluded.at
    -- The same signal seen again keeps its worst: the higher severity, then the farther from its threshold.
    where excluded.severity > t.severity
       or (excluded.severity = t.severity
           and abs(coalesce(excluded.value, 0) - coalesce(excluded.threshold, 0))
               >= abs(coalesce(t.value, 0) - coalesce(t.threshold, 0)))`);
  const counts = await refreshTriggerCounts(
    tx,
    touched.map((row) => row.id),
  );
  return touched.map((row) => {
    const was = previous.get(`${row.pet_id}|${row.concern}`);
    return {
      id: row.id,
      petId: row.pet_id,
      concern: row.concern,
      severity: row.severity,
      opened: row.opened,
      previousSeverity: was?.severity ?? null,
      previousTriggerCount: was ? Number(was.trigger_count) : null,
      triggerCount: counts.get(row.id) ?? 0,
    };
  });
}

interface ResolvedCard {
  id: string;
  key: string;
  severity: number;
  resolvedAt: Date;
  /** The farthest from its threshold each kind of trigger was when the card was resolved. */
  worst: Map<string, number>;
}

/**
 * The signals of pets and concerns with no open card that do not reopen the question their last,
 * resolved card answered: within the concern's quiet period after it was resolved and no worse than
 * it, i.e. of no higher severity than the card and not farther from its threshold, by the rule's margin,
 * than the card's triggers of the same kind were. A pet and concern with one worse signal is a new card with all of
 * them. Those held back are added to the resolved card as resolved triggers marked `held_back` (one per
 * dedupe key, keeping its worst); answers them.
 */
async function holdBack(
  tx: DbOrTx,
  signals: readonly Signal[],
  { quietMs, margin }: RepeatRule,
  newTriggerId: () => string,
  now: Date,
): Promise<Set<Signal>> {
  const candidates = signals.filter((signal) => (quietMs[signal.concern] ?? 0) > 0);
  if (candidates.length === 0) return new Set();
  const keys = [...new Set(candidates.map((s) => `${s.petId}|${s.concern}`))].sort();
  const pairs = keys.map((key) => key.split('|') as [string, string]);
  const cards = rowsOf<{
    id: string;
    pet_id: string;
    concern: string;
    severity: number;
    resolved_at: string | Date;
  }>(
    await tx.execute(sql`
      select distinct on (c.pet_id, c.concern) c.id, c.pet_id, c.concern::text as concern, c.severity, c.resolved_at
      from pending_cards c
      join unnest(${sql.param(pairs.map((p) => p[0]))}::uuid[], ${sql.param(pairs.map((p) => p[1]))}::text[])
        as i(pet_id, concern) on c.pet_id = i.pet_id and c.concern::text = i.concern
      where not exists (select 1 from pending_cards o
                        where o.pet_id = c.pet_id and o.concern = c.concern and o.status = 'open')
      order by c.pet_id, c.concern, c.opened_at desc`),
  ).filter((row) => row.resolved_at !== null);
  if (cards.length === 0) return new Set();
  const worstRows = rowsOf<{ card_id: string; kind: string; d: number }>(
    await tx.execute(sql`
      select card_id, kind, max(abs(coalesce(value, 0) - coalesce(threshold, 0)))::float8 as d
      from pending_card_triggers
      where card_id = any(${sql.param(cards.map((c) => c.id))}::uuid[]) and not held_back
      group by card_id, kind`),
  );
  const resolved = new Map<string, ResolvedCard>();
  for (const row of cards) {
    const key = `${row.pet_id}|${row.concern}`;
    resolved.set(key, {
      id: row.id,
      key,
      severity: row.severity,
      resolvedAt: new Date(row.resolved_at),
      worst: new Map(worstRows.filter((w) => w.card_id === row.id).map((w) => [w.kind, Number(w.d)])),
    });
  }
  const isHeld = (signal: Signal, card: ResolvedCard) => {
    if (signal.at.getTime() >= card.resolvedAt.getTime() + (quietMs[signal.concern] ?? 0)) return false;
    if (signal.severity > card.severity) return false;
    const was = card.worst.get(signal.kind);
    // Farther by less than the margin is the same finding measured again (a scale's or a night's noise).
    return was === undefined || signal.severity < card.severity || distance(signal) < was + margin(signal);
  };
  const held = new Set<Signal>();
  const onCard = new Map<Signal, string>();
  for (const key of keys) {
    const card = resolved.get(key);
    if (!card) continue;
    const group = candidates.filter((s) => `${s.petId}|${s.concern}` === key);
    if (!group.every((signal) => isHeld(signal, card))) continue;
    for (const signal of group) {
      held.add(signal);
      onCard.set(signal, card.id);
    }
  }
  const rows = [...held];
  if (rows.length === 0) return held;
  await tx.execute(sql`
    insert into pending_card_triggers as t
      (id, card_id, kind, severity, value, threshold, unit, detail, source_entity, source_id, at, dedupe_key,
       resolved_at, held_back)
    select i.*, ${now.toISOString()}::timestamptz, true from unnest(
      ${sql.param(rows.map(() => newTriggerId()))}::uuid[],
      ${sql.param(rows.map((s) => onCard.get(s)))}::uuid[],
      ${sql.param(rows.map((s) => s.kind))}::text[],
      ${sql.param(rows.map((s) => s.severity))}::smallint[],
      ${sql.param(rows.map((s) => s.value))}::real[],
      ${sql.param(rows.map((s) => s.threshold))}::real[],
      ${sql.param(rows.map((s) => s.unit))}::text[],
      ${sql.param(rows.map((s) => s.detail))}::text[],
      ${sql.param(rows.map((s) => s.sourceEntity))}::text[],
      ${sql.param(rows.map((s) => s.sourceId))}::text[],
      ${sql.param(rows.map((s) => s.at.toISOString()))}::timestamptz[],
      ${sql.param(rows.map((s) => s.dedupeKey))}::text[]
    ) as i
    on conflict (card_id, dedupe_key) where held_back do update set
      kind = excluded.kind, severity = excluded.severity, value = excluded.value,
      threshold = excluded.threshold, unit = excluded.unit, detail = excluded.detail, at = excluded.at,
      resolved_at = excluded.resolved_at
    where excluded.severity > t.severity
       or (excluded.severity = t.severity
           and abs(coalesce(excluded.value, 0) - coalesce(excluded.threshold, 0))
               >= abs(coalesce(t.value, 0) - coalesce(t.threshold, 0)))`);
  return held;
}

const distance = (signal: Signal) => Math.abs((signal.value ?? 0) - (signal.threshold ?? 0));

/**
 * One signal per trigger (pet, concern, dedupe key), the worst: one statement may not touch a row
 * twice, and a batch often holds several abnormal half hours of one day.
 */
function worstOfEach(signals: readonly Signal[]): Signal[] {
  const worst = new Map<string, Signal>();
  for (const signal of signals) {
    const key = `${signal.petId}|${signal.concern}|${signal.dedupeKey}`;
    const kept = worst.get(key);
    if (
      !kept ||
      signal.severity > kept.severity ||
      (signal.severity === kept.severity && distance(signal) >= distance(kept))
    )
      worst.set(key, signal);
  }
  return [...worst.values()];
}

/** Recounts the cards' triggers; answers each card's trigger count. */
export async function refreshTriggerCounts(
  tx: DbOrTx,
  cardIds: readonly string[],
): Promise<Map<string, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; trigger_count: number }>(
    await tx.execute(sql`
    update pending_cards c set trigger_count = x.n, open_trigger_count = x.open
    from (
      select card_id, (count(*) filter (where not held_back))::int as n,
             (count(*) filter (where resolved_at is null))::int as open
      from pending_card_triggers where card_id = any(${sql.param([...cardIds])}::uuid[])
      group by card_id
    ) x
    where c.id = x.card_id
    returning c.id, c.trigger_count`),
  );
  return new Map(rows.map((row) => [row.id, Number(row.trigger_count)]));
}
