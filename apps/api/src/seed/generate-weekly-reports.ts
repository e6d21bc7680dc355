import { isoWeekRange, shiftIsoWeek } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { generateWeeklyReports, weekJustEnded } from '../modules/views/weekly-reports/index.ts';
import { systemActor } from '../policy/actor.ts';
import { DEMO_SEED } from './generate.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';

export const DEMO_REPORT_WEEKS = 8;

/** What a vet writes depends on what the week showed: a rising breathing rate, weight, missing nights. */
const COMMENTS = {
  breathing:
    '{{PET_NAME}}’s sleeping breathing rate went up this week. Please count the breaths one night this week and call us if it stays above 30 a minute.',
  weight:
    'Good news: {{PET_NAME}}’s weight is moving towards the target. Keep the portions as in the diet plan.',
  collar:
    'A few nights without data this week: please check that {{PET_NAME}}’s collar is charged before bed.',
  steady: [
    '{{PET_NAME}} had a steady week: sleeping breathing and activity are where we like them. Keep going as you are.',
    'A calm week for {{PET_NAME}}. Thank you for keeping the collar on at night, it makes these figures reliable.',
    '{{PET_NAME}}’s figures are stable. We will look again next week; nothing to change for now.',
  ],
};

/**
 * The weekly reports of the last eight ISO weeks for the collar pets, written by the same generation as
 * the Monday job (so the figures are the rollups'), each as generated on the Monday after its week. The
 * latest week stays in draft for the vets to review; the older ones were reviewed and sent, by turns of
 * the product's vets, with a comment.
 */
export async function seedWeeklyReports(tx: Tx, now: Date, petIds: readonly string[]): Promise<number> {
  const actor = systemActor('seed');
  const latest = weekJustEnded(now);
  const sorted = [...petIds].sort();
  let written = 0;
  for (let back = DEMO_REPORT_WEEKS - 1; back >= 0; back -= 1) {
    const week = shiftIsoWeek(latest, -back);
    const monday = Date.parse(`${isoWeekRange(week).end}T12:00:00Z`) + 86_400_000;
    const generatedAt = new Date(Math.min(monday, now.getTime()));
    const result = await generateWeeklyReports({ db: tx, now: () => generatedAt }, actor, week, {
      petIds: sorted,
      generatedAt,
      idOf: (petId) =>
        createSeededRandom(deriveSeed(DEMO_SEED, `weekly-report:${petId}:${week}`)).uuidV7(generatedAt),
    });
    written += result.generated;
  }
  await tx.execute(sql`
    with v as (
      select array_agg(id order by email) as ids from vets where kind in ('regular', 'head') and not disabled
    ), r as (
      select id, (row_number() over (order by week, pet_id))::int as n from weekly_reports where week <> ${latest}
    )
    update weekly_reports w set
      status = 'sent',
      vet_comment = case
        when exists (select 1 from jsonb_array_elements(w.content->'trackers') t
                     where t->>'kind' = 'respiratory_rate' and (t->>'changePercent')::float8 > 10)
          then ${COMMENTS.breathing}
        when w.content->'weight'->>'trend' = 'towards_target' then ${COMMENTS.weight}
        when exists (select 1 from jsonb_array_elements(w.content->'trackers') t
                     where (t->>'daysWithData')::int between 1 and 5)
          then ${COMMENTS.collar}
        else (${sql.param(COMMENTS.steady)}::text[])[1 + r.n % ${COMMENTS.steady.length}]
      end,
      reviewed_by_vet_id = v.ids[1 + r.n % array_length(v.ids, 1)],
      reviewed_at = w.generated_at + make_interval(hours => 2 + r.n % 20),
      sent_by_vet_id = v.ids[1 + (r.n + 1) % array_length(v.ids, 1)],
      sent_at = w.generated_at + make_interval(hours => 24 + r.n % 20),
      updated_at = w.generated_at + make_interval(hours => 24 + r.n % 20)
    from r, v
    where w.id = r.id and array_length(v.ids, 1) > 0`);
  return written;
}
