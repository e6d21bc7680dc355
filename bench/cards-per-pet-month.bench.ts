/**
 * How many pending cards the demo raises per pet-month, and how many of them a vet resolved with no
 * action (issue #39 §1, "Fewer repeats"), before and after holding back repeats, in one run on one
 * database: the demo seed (readings of the last BENCH_READING_DAYS, 35, days for the fleet, which is
 * all the cards' 28-day replay reads), then the seed's card replay twice from no cards at all, first
 * with `holdRepeats: false` (every signal of a concern with no open card opens one, the rules as on main
 * at bb11e96), then with the quiet periods. The replay's vets work the queue the same way each time
 * (their response times are drawn from each card's pet, concern and opening), so the difference is the
 * rule's.
 *
 *   npm run bench:cards
 *   BENCH_SHOW_REPEATS=1 npm run bench:cards
 *
 * "Resolved with no action": resolved by a vet, none of its triggers from an item the vet had to handle
 * (a checkup, a journal entry, an owner's question: those close with the item's review, reply or
 * answer), and never claimed before the moment it was resolved (no time "on it": the card was read and
 * dismissed). A "repeat": a card opened for a pet and concern less than the concern's quiet period after
 * that pet's previous card of the concern was resolved. A throwaway database bench_cards_<pid> on
 * BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseConfig } from '../apps/api/src/config.ts';
import { type Database, openPostgres } from '../apps/api/src/db/client.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import { QUIET_PERIODS } from '../apps/api/src/modules/records/pending-cards/pending-cards.signals.service.ts';
import { migrateDatabase } from '../apps/api/src/modules/registry.ts';
import { seedPendingCards } from '../apps/api/src/seed/generate-pending-cards.ts';
import { trackersEndOf } from '../apps/api/src/seed/generate-trackers.ts';
import { seedDemoData } from '../apps/api/src/seed/seed.ts';

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const READING_DAYS = Number(process.env.BENCH_READING_DAYS ?? 35);
const REPLAY_DAYS = 28;
const PET_MONTHS_PER_PET = REPLAY_DAYS / (365.25 / 12);

const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  DEMO_PASSWORD: 'bench-password-123',
  WEB_DIST_DIR: '/none',
  WORKERS: 'false',
});

interface Figures {
  pets: number;
  cards: number;
  byConcern: Record<string, number>;
  noAction: number;
  repeats: number;
  heldBack: number;
  mostWeightCards: string;
  rusty: number;
}

async function figures(db: Database['db']): Promise<Figures> {
  const quiet = Object.entries(QUIET_PERIODS);
  const [totals] = rowsOf<{ pets: number; cards: number; no_action: number; repeats: number; held: number }>(
    await db.execute(sql`
      with periods(concern, ms) as (
        select * from unnest(${sql.param(quiet.map(([c]) => c))}::text[], ${sql.param(quiet.map(([, ms]) => ms))}::bigint[])
      )
      select
        (select count(*)::int from pets) as pets,
        (select count(*)::int from pending_cards) as cards,
        (select count(*)::int from pending_cards c
          where c.status = 'resolved' and c.resolved_by_vet_id is not null
            and (c.claimed_at is null or c.claimed_at >= c.resolved_at - interval '1 minute')
            and not exists (select 1 from pending_card_triggers t where t.card_id = c.id
                              and t.source_entity in ('checkup', 'journal_entry', 'pet_question'))) as no_action,
        (select count(*)::int from pending_cards c join periods p on p.concern = c.concern::text
          where p.ms > 0 and exists (
            select 1 from pending_cards e where e.pet_id = c.pet_id and e.concern = c.concern and e.id <> c.id
              and e.resolved_at <= c.opened_at
              and c.opened_at < e.resolved_at + p.ms * interval '1 millisecond')) as repeats,
        (select count(*)::int from pending_card_triggers where held_back) as held`),
  );
  const concerns = rowsOf<{ concern: string; n: number }>(
    await db.execute(
      sql`select concern::text as concern, count(*)::int as n from pending_cards group by 1 order by 1`,
    ),
  );
  const [most] = rowsOf<{ name: string; n: number }>(
    await db.execute(sql`
      select p.name, count(*)::int as n from pending_cards c join pets p on p.id = c.pet_id
      where c.concern = 'weight' group by p.id, p.name order by n desc, p.name limit 1`),
  );
  // The example: the demo's Rusty whose weight card came back four times in three weeks.
  const [rusty] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select coalesce(max(n), 0)::int as n from (
        select count(*) as n from pending_cards c join pets p on p.id = c.pet_id
        where p.name = 'Rusty' and c.concern = 'weight' group by p.id) x`),
  );
  return {
    rusty: rusty?.n ?? 0,
    pets: totals?.pets ?? 0,
    cards: totals?.cards ?? 0,
    byConcern: Object.fromEntries(concerns.map((row) => [row.concern, row.n])),
    noAction: totals?.no_action ?? 0,
    repeats: totals?.repeats ?? 0,
    heldBack: totals?.held ?? 0,
    mostWeightCards: most ? `${most.name} ${most.n}` : '–',
  };
}

/** Each repeat left after the rule (BENCH_SHOW_REPEATS=1): the earlier card's triggers and the new one's. */
async function showRepeats(db: Database['db']) {
  const rows = rowsOf<{
    pet: string;
    concern: string;
    resolved: string;
    opened: string;
    was: string;
    now: string;
  }>(
    await db.execute(sql`
      select p.name as pet, c.concern::text as concern, e.resolved_at::text as resolved, c.opened_at::text as opened,
        (select string_agg(t.kind || ' ' || t.severity || ' ' || t.value || '/' || t.threshold, ', ')
           from pending_card_triggers t where t.card_id = e.id and not t.held_back) as was,
        (select string_agg(t.kind || ' ' || t.severity || ' ' || t.value || '/' || t.threshold, ', ')
           from pending_card_triggers t where t.card_id = c.id) as now
      from pending_cards c join pets p on p.id = c.pet_id
      join lateral (select * from pending_cards e where e.pet_id = c.pet_id and e.concern = c.concern
                      and e.id <> c.id and e.resolved_at <= c.opened_at order by e.resolved_at desc limit 1) e on true
      where c.opened_at < e.resolved_at + case c.concern when 'weight' then interval '30 days'
                                              when 'respiratory' then interval '3 days' else interval '1 day' end
      order by 1, 2, 4`),
  );
  for (const row of rows)
    console.log(
      `${row.pet} ${row.concern} resolved ${row.resolved} opened ${row.opened}\n  was ${row.was}\n  now ${row.now}`,
    );
}

async function replay(database: Database, end: Date, holdRepeats: boolean): Promise<Figures> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`update reminders set pending_card_id = null where pending_card_id is not null`);
    await tx.execute(sql`delete from pending_card_triggers`);
    await tx.execute(sql`delete from pending_cards`);
    await seedPendingCards(tx, end, { holdRepeats });
  });
  return figures(database.db);
}

const name = `bench_cards_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
let database: Database | null = null;
try {
  await admin.query(`create database ${name}`);
  database = await openPostgres(url.toString());
  await migrateDatabase(database);
  const now = new Date();
  const started = performance.now();
  await seedDemoData({ db: database.db, config, now, fleetReadingDays: READING_DAYS });
  console.log(`demo seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const end = trackersEndOf(now);
  const before = await replay(database, end, false);
  const after = await replay(database, end, true);
  if (process.env.BENCH_SHOW_REPEATS === '1') await showRepeats(database.db);
  const perPetMonth = (f: Figures) => (f.cards / (f.pets * PET_MONTHS_PER_PET)).toFixed(3);
  const share = (f: Figures) => `${f.noAction} (${((100 * f.noAction) / Math.max(1, f.cards)).toFixed(0)} %)`;
  const rows: Array<[string, (f: Figures) => string]> = [
    ['pets', (f) => String(f.pets)],
    [`cards raised in ${REPLAY_DAYS} days`, (f) => String(f.cards)],
    ['cards per pet-month', perPetMonth],
    [
      '  by concern',
      (f) =>
        Object.entries(f.byConcern)
          .map(([c, n]) => `${c} ${n}`)
          .join(', '),
    ],
    ['resolved with no action', share],
    ['repeats (within the quiet period)', (f) => String(f.repeats)],
    ['signals held back', (f) => String(f.heldBack)],
    ['most weight cards (pet)', (f) => f.mostWeightCards],
    ['weight cards of the busiest Rusty', (f) => String(f.rusty)],
  ];
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`${''.padEnd(36)}${'before'.padEnd(60)}after`);
  for (const [label, value] of rows)
    console.log(`${label.padEnd(36)}${value(before).padEnd(60)}${value(after)}`);
} finally {
  await database?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
