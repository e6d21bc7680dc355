import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import {
  checkCollarCoverageIn,
  raiseRespiratoryCardsSince,
  raiseWeightCardsSince,
} from '../modules/pending-cards/pending-cards.service.ts';
import { systemActor } from '../policy/actor.ts';
import { LUNA } from './showcase.ts';

const DAY_MS = 86_400_000;

const RESOLUTION_NOTES = [
  'Called the owner: rate back to normal after the walk, no action.',
  'Diuretic dose adjusted; recheck in a week.',
  'Owner confirmed a scale error; entry corrected.',
  'Collar was charging; data back since.',
  'Booked a recheck at the clinic.',
  'Reviewed with the cardiologist: within the expected trend.',
];
const SNOOZE_REASONS = [
  'Owner rechecks tonight and sends a video.',
  'Waiting for the lab results.',
  'Collar replaced, waiting for the first night of data.',
];

/**
 * Pending cards raised by the same rules over the demo's stored readings and weights (the seed loads
 * them without the ingestion that would have raised them): the last four weeks of respiratory half
 * hours, the last month of weight entries and the collars' coverage now. Then a team's work on them:
 * some claimed, some snoozed, some resolved with a note, by the product's vets. Luna's high-red card
 * stays open and unclaimed, as the issue found it.
 */
export async function seedPendingCards(tx: Tx, now: Date): Promise<number> {
  const actor = systemActor('seed');
  const quiet = { announce: false };
  await raiseRespiratoryCardsSince(tx, new Date(now.getTime() - 28 * DAY_MS), actor, now, quiet);
  await raiseWeightCardsSince(tx, new Date(now.getTime() - 30 * DAY_MS), actor, now, quiet);
  await checkCollarCoverageIn(tx, actor, now);

  const vets = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from vets where kind in ('regular', 'head') order by email`),
  ).map((row) => row.id);
  const cards = rowsOf<{ id: string; pet_id: string }>(
    await tx.execute(sql`
      select id, pet_id from pending_cards where status = 'open' order by pet_id, concern`),
  );
  if (vets.length === 0) return cards.length;
  const claims: Array<[string, string, string]> = [];
  const snoozes: Array<[string, string, string, string]> = [];
  const resolutions: Array<[string, string, string, string]> = [];
  cards.forEach((card, i) => {
    if (card.pet_id === LUNA.id) return;
    const vet = vets[i % vets.length] as string;
    const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    if (i % 4 === 3)
      resolutions.push([
        card.id,
        vet,
        at(2 + (i % 30)),
        RESOLUTION_NOTES[i % RESOLUTION_NOTES.length] as string,
      ]);
    else if (i % 7 === 2)
      snoozes.push([
        card.id,
        vet,
        new Date(now.getTime() + (6 + (i % 30)) * 3_600_000).toISOString(),
        SNOOZE_REASONS[i % SNOOZE_REASONS.length] as string,
      ]);
    else if (i % 3 === 1) claims.push([card.id, vet, at(1 + (i % 6))]);
  });
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
  if (resolutions.length > 0) {
    const ids = sql.param(column(resolutions, 0));
    const vetIds = sql.param(column(resolutions, 1));
    const times = sql.param(column(resolutions, 2));
    const notes = sql.param(column(resolutions, 3));
    await tx.execute(sql`
      update pending_card_triggers t set resolved_at = greatest(x.at, t.at), resolved_by_vet_id = x.vet, resolution_note = x.note
      from unnest(${ids}::uuid[], ${vetIds}::uuid[], ${times}::timestamptz[], ${notes}::text[]) as x(id, vet, at, note)
      where t.card_id = x.id and t.resolved_at is null`);
    await tx.execute(sql`
      update pending_cards c set status = 'resolved', resolved_by_vet_id = x.vet,
        resolved_at = greatest(x.at, c.last_trigger_at), resolution_note = x.note, open_trigger_count = 0
      from unnest(${ids}::uuid[], ${vetIds}::uuid[], ${times}::timestamptz[], ${notes}::text[]) as x(id, vet, at, note)
      where c.id = x.id`);
  }
  return cards.length;
}
