import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { findPetWithOwner } from '../modules/core/pets/index.ts';
import { problematicCheckupsAnsweredSince } from '../modules/records/checkups/index.ts';
import { severeJournalEntriesReceivedSince } from '../modules/records/journal/index.ts';
import {
  checkCollarCoverageIn,
  dietOffPlanSignal,
  eventSignalsOf,
  raiseSignals,
  respiratorySignalsSince,
  type Signal,
  weightSignalsSince,
} from '../modules/records/pending-cards/index.ts';
import { dietProgressOfPet } from '../modules/records/trackers/index.ts';
import { type Actor, systemActor } from '../policy/actor.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import { DEMO_SEED } from './generate.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { LUNA } from './showcase.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back the demo's signals are replayed: Luna's card holds her last four weeks. */
const REPLAY_DAYS = 28;

const RESOLUTION_NOTES: Record<string, readonly string[]> = {
  respiratory: [
    'Called the owner: rate back to normal after the walk, no action.',
    'Diuretic dose adjusted; recheck in a week.',
    'Reviewed with the cardiologist: within the expected trend.',
    'Owner filmed the pet asleep: breathing calm, a restless night.',
    'Booked a recheck at the clinic.',
  ],
  weight: [
    'Owner confirmed a scale error; entry corrected.',
    'Daily portion reduced by 10 %; reweigh in two weeks.',
    'Expected after the diet change; owner informed.',
    'Booked a weight check at the clinic.',
    'Growing as expected for the age; nothing to do.',
  ],
  collar_data: ['Collar was charging; data back since.', 'Owner replaced the collar strap.'],
  checkup: ['Checkup reviewed with the owner on the phone.'],
  journal: ['Owner called back: advice given, see the journal entry.'],
};
const SNOOZE_REASONS: Record<string, readonly string[]> = {
  respiratory: ['Owner rechecks tonight and sends a video.', 'Waiting for the echo results.'],
  weight: ['Owner reweighs at the clinic on Friday.', 'Waiting for the thyroid panel.'],
  collar_data: ['Collar replaced, waiting for the first night of data.'],
  checkup: ['Owner is travelling; call booked for tomorrow.'],
  journal: ['Waiting for the owner’s photos.'],
};

/**
 * How long the team takes to deal with a card, by severity (1 high to 3 high-red): most within the
 * working day, the least urgent within a few days.
 */
const RESPONSE_HOURS: Record<number, readonly [number, number]> = { 1: [4, 72], 2: [2, 30], 3: [1, 10] };

interface OpenCard {
  id: string;
  pet_id: string;
  concern: string;
  severity: number;
  opened_at: string | Date;
  last_trigger_at: string | Date;
}

/** What the vets did with the records behind checkup and journal cards: a card follows its record. */
interface RecordWork {
  reviewedBy: string | null;
  reviewedAt: Date | null;
  note: string | null;
  seenBy: string | null;
  seenAt: Date | null;
}

interface Resolution {
  id: string;
  vet: string | null;
  at: Date;
  note: string;
}

/**
 * Pending cards raised by the same rules as live data over the demo's stored readings, weights,
 * answered checkups and journal entries (the seed loads them without the ingestion and events that
 * would have raised them), replayed day by day over the last four weeks with a team of vets working
 * the queue as it fills: most cards resolved within hours or days with a note (a checkup or journal
 * card when its record is reviewed or resolved), so that a new signal later opens a new card; then
 * the collars' coverage over the last day and a half. What is still open is partly claimed and snoozed. Luna's high-red
 * respiratory card stays open and unclaimed, as the issue found it.
 */
export async function seedPendingCards(
  tx: Tx,
  now: Date,
  { holdRepeats = true }: { holdRepeats?: boolean } = {},
): Promise<number> {
  const actor = systemActor('seed');
  const quiet = { announce: false, holdRepeats };
  const since = new Date(now.getTime() - REPLAY_DAYS * DAY_MS);
  const signals: Signal[] = [
    ...(await respiratorySignalsSince(tx, since)),
    ...(await weightSignalsSince(tx, since)),
    ...(await dietOffPlanSignalsSince(tx, actor, since)),
    ...(await eventSignalsOf(tx, {
      problematicCheckups: await problematicCheckupsAnsweredSince(tx, since),
      severeJournalEntries: await severeJournalEntriesReceivedSince(tx, since),
    })),
  ];
  const team = rowsOf<{ id: string; email: string }>(
    await tx.execute(sql`select id, email from vets where kind in ('regular', 'head') order by email`),
  );
  const vets = team.map((row) => row.id);
  const headVet = team.find((row) => row.email === DEMO_HEAD_VET_EMAIL)?.id ?? null;
  const records = await recordWorkSince(tx, since);
  const byDay = new Map<number, Signal[]>();
  for (const signal of signals) {
    const day = Math.max(0, Math.floor((signal.at.getTime() - since.getTime()) / DAY_MS));
    byDay.set(day, [...(byDay.get(day) ?? []), signal]);
  }
  for (let day = 0; day <= REPLAY_DAYS; day += 1) {
    const dayEnd = new Date(Math.min(since.getTime() + (day + 1) * DAY_MS, now.getTime()));
    const todays = byDay.get(day);
    if (todays) await raiseSignals(tx, actor, todays, dayEnd, quiet);
    if (vets.length > 0) await workTheQueue(tx, dayEnd, vets, records);
  }
  // The coverage job runs every hour; its runs of the last day and a half are enough to open each
  // quiet collar's card when its coverage first fell under half, as the job would have.
  for (const hoursAgo of [36, 24, 12, 0])
    await checkCollarCoverageIn(tx, actor, new Date(now.getTime() - hoursAgo * HOUR_MS), { holdRepeats });
  if (vets.length > 0) await claimAndSnooze(tx, now, vets, headVet, records);
  const [total] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from pending_cards`));
  return total?.n ?? 0;
}

/**
 * The diet rule over the weights stored since `since`, as ingestion of each entry would have judged it:
 * the pet's weight diet's progress as it stood just after the entry (the entries up to it, the diet if
 * already published), through the weight module's own progress and the cards' own rule.
 */
async function dietOffPlanSignalsSince(tx: Tx, actor: Actor, since: Date): Promise<Signal[]> {
  const entries = rowsOf<{ id: string; pet_id: string; value_kg: number; measured_at: string | Date }>(
    await tx.execute(sql`
      select w.id, w.pet_id, w.value_kg::float8 as value_kg, w.measured_at from weight_entries w
      where w.measured_at >= ${since.toISOString()}::timestamptz
        and exists (select 1 from diets d where d.pet_id = w.pet_id and d.status = 'published'
                      and d.kind in ('weight_loss', 'weight_gain'))
      order by w.measured_at, w.id`),
  );
  const pets = new Map<string, Awaited<ReturnType<typeof findPetWithOwner>>>();
  const signals: Signal[] = [];
  for (const row of entries) {
    if (!pets.has(row.pet_id)) pets.set(row.pet_id, await findPetWithOwner(tx, actor, row.pet_id));
    const pet = pets.get(row.pet_id);
    if (!pet) continue;
    const measuredAt = new Date(row.measured_at);
    const { dietProgress } = await dietProgressOfPet(
      tx,
      { id: row.pet_id, timezone: pet.timezone, targetWeightKg: pet.targetWeightKg },
      measuredAt,
    );
    signals.push(
      ...dietOffPlanSignal(
        { id: row.id, petId: row.pet_id, valueKg: row.value_kg, measuredAt },
        dietProgress,
      ),
    );
  }
  return signals;
}

/** A number in [0, 1) drawn from the card's pet, concern and opening: the same on every run. */
function draw(card: OpenCard, what: string): ReturnType<typeof createSeededRandom> {
  const opened = new Date(card.opened_at).toISOString();
  return createSeededRandom(deriveSeed(DEMO_SEED, `card:${what}:${card.pet_id}:${card.concern}:${opened}`));
}

async function openCards(tx: Tx): Promise<OpenCard[]> {
  return rowsOf<OpenCard>(
    await tx.execute(sql`
      select id, pet_id, concern::text as concern, severity, opened_at, last_trigger_at
      from pending_cards where status = 'open' order by pet_id, concern`),
  );
}

async function sourcesOf(tx: Tx, cardIds: readonly string[]): Promise<Map<string, string[]>> {
  const sources = new Map<string, string[]>();
  if (cardIds.length === 0) return sources;
  const rows = rowsOf<{ card_id: string; source_id: string }>(
    await tx.execute(sql`
      select card_id, source_id from pending_card_triggers
      where card_id = any(${sql.param([...cardIds])}::uuid[]) and source_id is not null`),
  );
  for (const row of rows) sources.set(row.card_id, [...(sources.get(row.card_id) ?? []), row.source_id]);
  return sources;
}

async function recordWorkSince(tx: Tx, since: Date): Promise<Map<string, RecordWork>> {
  const rows = rowsOf<{
    id: string;
    reviewed_by: string | null;
    reviewed_at: string | Date | null;
    note: string | null;
    seen_by: string | null;
    seen_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select id::text, reviewed_by_vet_id as reviewed_by, reviewed_at, vet_comment as note,
             null::uuid as seen_by, null::timestamptz as seen_at
      from checkups where problematic and answered_at >= ${since.toISOString()}::timestamptz
      union all
      -- A severe entry is dealt with when a vet first replies to the owner or resolves it, whichever came first.
      select e.id::text,
             case when r.replied_at is not null and (e.resolved_at is null or r.replied_at <= e.resolved_at)
                  then r.replied_by_vet_id else e.resolved_by_vet_id end,
             least(r.replied_at, e.resolved_at), r.reply, e.seen_by_vet_id, e.seen_at
      from journal_entries e
      left join journal_entry_replies r on r.entry_id = e.id and r.position = 0
      where e.severity = 3 and e.received_at >= ${since.toISOString()}::timestamptz`),
  );
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        reviewedBy: row.reviewed_by,
        reviewedAt: date(row.reviewed_at),
        note: row.note,
        seenBy: row.seen_by,
        seenAt: date(row.seen_at),
      },
    ]),
  );
}

/** The cards the team had dealt with by `at`, resolved as a vet would: by whom, when, with a note. */
async function workTheQueue(tx: Tx, at: Date, vets: readonly string[], records: Map<string, RecordWork>) {
  const cards = (await openCards(tx)).filter(
    (card) => !(card.pet_id === LUNA.id && card.concern === 'respiratory') && card.concern !== 'collar_data',
  );
  const sources = await sourcesOf(
    tx,
    cards.filter((card) => card.concern === 'checkup' || card.concern === 'journal').map((card) => card.id),
  );
  const resolutions: Resolution[] = [];
  for (const card of cards) {
    const last = new Date(card.last_trigger_at).getTime();
    if (card.concern === 'checkup' || card.concern === 'journal') {
      // The record's own review or resolution closes its card.
      const work = (sources.get(card.id) ?? []).map((id) => records.get(id));
      if (work.length === 0 || work.some((w) => !w?.reviewedAt || w.reviewedAt > at)) continue;
      const latest = work.reduce((a, b) => ((a?.reviewedAt ?? 0) >= (b?.reviewedAt ?? 0) ? a : b));
      const fallback = (RESOLUTION_NOTES[card.concern] ?? [])[0] ?? 'Dealt with.';
      resolutions.push({
        id: card.id,
        vet: latest?.reviewedBy ?? null,
        at: new Date(Math.max(latest?.reviewedAt?.getTime() ?? 0, last)),
        note: latest?.note?.trim() ? latest.note : fallback,
      });
      continue;
    }
    const random = draw(card, 'response');
    const [fastest, slowest] = RESPONSE_HOURS[card.severity] ?? [4, 72];
    const resolveAt = new Date(card.opened_at).getTime() + random.float(fastest, slowest) * HOUR_MS;
    if (resolveAt > at.getTime()) continue;
    const notes = RESOLUTION_NOTES[card.concern] ?? ['Dealt with.'];
    resolutions.push({
      id: card.id,
      vet: random.pick(vets),
      at: new Date(Math.max(resolveAt, last + HOUR_MS / 2)),
      note: random.pick(notes),
    });
  }
  await resolve(tx, resolutions);
}

async function resolve(tx: Tx, resolutions: readonly Resolution[]) {
  if (resolutions.length === 0) return;
  const ids = sql.param(resolutions.map((r) => r.id));
  const vetIds = sql.param(resolutions.map((r) => r.vet));
  const times = sql.param(resolutions.map((r) => r.at.toISOString()));
  const notes = sql.param(resolutions.map((r) => r.note));
  await tx.execute(sql`
    update pending_card_triggers t set resolved_at = greatest(x.at, t.at), resolved_by_vet_id = x.vet, resolution_note = x.note
    from unnest(${ids}::uuid[], ${vetIds}::uuid[], ${times}::timestamptz[], ${notes}::text[]) as x(id, vet, at, note)
    where t.card_id = x.id and t.resolved_at is null`);
  await tx.execute(sql`
    update pending_cards c set status = 'resolved', resolved_by_vet_id = x.vet,
      resolved_at = greatest(x.at, c.last_trigger_at), resolution_note = x.note, open_trigger_count = 0,
      claimed_by_vet_id = coalesce(c.claimed_by_vet_id, x.vet), claimed_at = coalesce(c.claimed_at, greatest(x.at, c.opened_at))
    from unnest(${ids}::uuid[], ${vetIds}::uuid[], ${times}::timestamptz[], ${notes}::text[]) as x(id, vet, at, note)
    where c.id = x.id`);
}

/**
 * The cards still open now: a journal card is its entry's, claimed by the vet who saw it; others
 * older than two hours are snoozed with a reason (one in seven), claimed by the head vet (one in
 * seven) or by another vet (one in two of the rest).
 */
async function claimAndSnooze(
  tx: Tx,
  now: Date,
  vets: readonly string[],
  headVet: string | null,
  records: Map<string, RecordWork>,
) {
  const cards = (await openCards(tx)).filter(
    (card) => !(card.pet_id === LUNA.id && card.concern === 'respiratory'),
  );
  const sources = await sourcesOf(
    tx,
    cards.filter((card) => card.concern === 'journal').map((card) => card.id),
  );
  const claims: Array<[string, string, string]> = [];
  const snoozes: Array<[string, string, string, string]> = [];
  let waiting = 0;
  for (const card of cards) {
    const opened = new Date(card.opened_at).getTime();
    const random = draw(card, 'claim');
    const seen = (sources.get(card.id) ?? []).map((id) => records.get(id)).find((w) => w?.seenBy);
    if (seen?.seenBy && seen.seenAt) {
      claims.push([card.id, seen.seenBy, new Date(Math.max(seen.seenAt.getTime(), opened)).toISOString()]);
      continue;
    }
    if (now.getTime() - opened < 2 * HOUR_MS) continue;
    // In the order of the queue's pets: one card in seven snoozed, then one in two of the rest claimed.
    waiting += 1;
    const vet = random.pick(vets);
    const claimedAt = new Date(Math.min(now.getTime(), opened + random.float(0.2, 6) * HOUR_MS));
    if (waiting % 7 === 3) {
      const reasons = SNOOZE_REASONS[card.concern] ?? ['Waiting for the owner.'];
      snoozes.push([
        card.id,
        vet,
        new Date(now.getTime() + random.float(6, 36) * HOUR_MS).toISOString(),
        random.pick(reasons),
      ]);
    } else if (waiting % 7 === 1 && headVet) {
      // The demo's head vet, whom a demo logs in as, has cards of her own in "My work".
      claims.push([card.id, headVet, claimedAt.toISOString()]);
    } else if (random.chance(0.5)) claims.push([card.id, vet, claimedAt.toISOString()]);
  }
  const column = <T>(rows: T[][], index: number) => rows.map((row) => row[index]);
  if (claims.length > 0)
    await tx.execute(sql`
      update pending_cards c set claimed_by_vet_id = x.vet, claimed_at = greatest(x.at, c.opened_at)
      from unnest(${sql.param(column(claims, 0))}::uuid[], ${sql.param(column(claims, 1))}::uuid[],
                  ${sql.param(column(claims, 2))}::timestamptz[]) as x(id, vet, at)
      where c.id = x.id`);
  if (snoozes.length > 0)
    await tx.execute(sql`
      update pending_cards c set snoozed_by_vet_id = x.vet, snoozed_until = x.until, snooze_reason = x.reason
      from unnest(${sql.param(column(snoozes, 0))}::uuid[], ${sql.param(column(snoozes, 1))}::uuid[],
                  ${sql.param(column(snoozes, 2))}::timestamptz[], ${sql.param(column(snoozes, 3))}::text[])
        as x(id, vet, until, reason)
      where c.id = x.id`);
}
