import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { LUNA } from './showcase.ts';

const HOUR_MS = 3_600_000;

/** What vets remind themselves of, with `{pet}` for the pet's name. */
const TITLES: ReadonlyArray<readonly [string, string]> = [
  ['Check {pet}’s sleeping respiratory rate', 'Compare with last week’s average.'],
  ['Call the owner about {pet}’s appetite', ''],
  ['Review {pet}’s bloods when the lab sends them', 'Kidney values were borderline last time.'],
  ['Weigh-in follow-up for {pet}', 'Target weight agreed with the owner.'],
  ['Recheck {pet}’s diet plan', 'Owner reports leftovers most evenings.'],
  ['Ask for a video of {pet} coughing', ''],
  ['Book {pet}’s dental check', ''],
  ['Follow up on {pet}’s skin itch', 'Started the hypoallergenic diet two weeks ago.'],
  ['Confirm {pet}’s collar is charging', 'No night data for two days.'],
  ['Send {pet}’s owner the updated feeding guide', ''],
];

interface ReminderSeedRow {
  id: string;
  petId: string;
  title: string;
  notes: string;
  dueAt: string;
  assignee: string | null;
  status: 'open' | 'done';
  cardId: string | null;
  createdBy: string;
  createdAt: string;
  doneBy: string | null;
  doneAt: string | null;
}

/**
 * A few hundred vet reminders about the demo pets, deterministic for a given `now` (dues are hours from
 * it): open ones overdue, due today and later, done ones, assigned across the product's vets or to
 * nobody. Luna has one open reminder, tied to her open respiratory card and the demo head vet's, due
 * later today.
 */
export async function seedReminders(tx: Tx, seed: number, now: Date, count = 320): Promise<number> {
  const random = createSeededRandom(deriveSeed(seed, 'reminders'));
  const vets = rowsOf<{ id: string; email: string }>(
    await tx.execute(sql`select id, email from vets where kind in ('regular', 'head') order by email`),
  );
  if (vets.length === 0) return 0;
  const pets = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`select id, name from pets where id <> ${LUNA.id} order by id`),
  );
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const rows: ReminderSeedRow[] = [];
  for (const pet of random.sample(pets, count)) {
    const [title, notes] = random.pick(TITLES);
    // From ten days ago to two weeks ahead, more of them around today.
    const offset = random.weighted([
      [random.int(-240, -25), 3],
      [random.int(-24, -1), 2],
      [random.int(1, 14), 2],
      [random.int(15, 336), 4],
    ] as const);
    const dueAt = new Date(hour + offset * HOUR_MS);
    const createdAt = new Date(Math.min(dueAt.getTime(), hour) - random.int(2, 240) * HOUR_MS);
    const creator = random.pick(vets).id;
    const assignee = random.chance(0.15) ? null : random.pick(vets).id;
    const done = offset < 0 ? random.chance(0.55) : random.chance(0.08);
    const doneAt = done
      ? new Date(
          Math.min(
            hour,
            Math.max(createdAt.getTime() + HOUR_MS, dueAt.getTime() + random.int(-12, 12) * HOUR_MS),
          ),
        )
      : null;
    rows.push({
      id: random.uuidV7(createdAt),
      petId: pet.id,
      title: title.replace('{pet}', pet.name),
      notes,
      dueAt: dueAt.toISOString(),
      assignee,
      status: done ? 'done' : 'open',
      cardId: null,
      createdBy: creator,
      createdAt: createdAt.toISOString(),
      doneBy: done ? (assignee ?? creator) : null,
      doneAt: doneAt?.toISOString() ?? null,
    });
  }

  const [lunaCard] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from pending_cards where pet_id = ${LUNA.id} and concern = 'respiratory' and status = 'open'`),
  );
  const headVet = vets.find((vet) => vet.email === DEMO_HEAD_VET_EMAIL) ?? vets[0];
  if (headVet) {
    const createdAt = new Date(hour - 20 * HOUR_MS);
    // Late afternoon today (UTC), or in a few hours when the seed runs late in the day.
    const endOfDay = Math.floor(now.getTime() / 86_400_000) * 86_400_000 + 86_400_000;
    const dueAt = new Date(Math.max(hour + HOUR_MS, Math.min(hour + 6 * HOUR_MS, endOfDay - HOUR_MS)));
    rows.push({
      id: random.uuidV7(createdAt),
      petId: LUNA.id,
      title: `Check ${LUNA.name}’s sleeping respiratory rate tonight`,
      notes: 'Coughing for three weeks: compare the owner’s count with the collar’s half-hour averages.',
      dueAt: dueAt.toISOString(),
      assignee: headVet.id,
      status: 'open',
      cardId: lunaCard?.id ?? null,
      createdBy: headVet.id,
      createdAt: createdAt.toISOString(),
      doneBy: null,
      doneAt: null,
    });
  }

  await bulkInsert(
    tx,
    'reminders',
    [
      { name: 'id', type: 'uuid', value: (row) => row.id },
      { name: 'pet_id', type: 'uuid', value: (row) => row.petId },
      { name: 'title', type: 'text', value: (row) => row.title },
      { name: 'notes', type: 'text', value: (row) => row.notes },
      { name: 'due_at', type: 'timestamptz', value: (row) => row.dueAt },
      { name: 'assignee_vet_id', type: 'uuid', value: (row) => row.assignee },
      {
        name: 'status',
        type: 'text',
        select: (value) => `${value}::reminder_status`,
        value: (row) => row.status,
      },
      { name: 'pending_card_id', type: 'uuid', value: (row) => row.cardId },
      { name: 'created_by_vet_id', type: 'uuid', value: (row) => row.createdBy },
      { name: 'created_at', type: 'timestamptz', value: (row) => row.createdAt },
      { name: 'updated_at', type: 'timestamptz', value: (row) => row.doneAt ?? row.createdAt },
      { name: 'done_by_vet_id', type: 'uuid', value: (row) => row.doneBy },
      { name: 'done_at', type: 'timestamptz', value: (row) => row.doneAt },
    ],
    rows,
  );
  return rows.length;
}
