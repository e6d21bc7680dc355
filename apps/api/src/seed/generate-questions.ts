import type { PetQuestionStatus } from '@vetboard/contract';
import type { Tx } from '../db/client.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DAY_MS } from './demo-dates.ts';
import type { DemoData, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

/** Demo pets whose owners asked the vets something, per unit of scale (Luna comes on top). */
export const QUESTION_PETS_PER_SCALE = 100;
export const QUESTION_HISTORY_DAYS = 90;

/** Luna's threads; fixed ids so docs and tests can point at them. */
export const LUNA_QUESTION_IDS = {
  /** Emma's open question about Luna's breathing, asked yesterday, not answered yet. */
  breathingOpen: '0190b3c2-4e5a-7a01-8c11-000000000071',
  /** Answered and sent a month ago. */
  walksAnswered: '0190b3c2-4e5a-7a01-8c11-000000000072',
} as const;

export interface DemoQuestionRow {
  id: string;
  petId: string;
  question: string;
  askedAt: Date;
  receivedAt: Date;
  status: PetQuestionStatus;
  answer: string | null;
  answeredByVetId: string | null;
  answeredAt: Date | null;
  sentByVetId: string | null;
  sentAt: Date | null;
}

/** What owners ask, each with an answer a vet would send. */
const THREADS: ReadonlyArray<readonly [string, string]> = [
  [
    'How much should {name} weigh? The scale at home says a bit more than last month.',
    'A small gain after the holidays is common. Keep to the diet plan’s portions and weigh again in two weeks; we will compare it with the clinic’s scale at the next visit.',
  ],
  [
    'Can {name} have carrots or apples as a treat?',
    'Yes, in small pieces: carrots and apple (without the core and seeds) are good low-calorie treats. Count them in the daily allowance, up to about a tenth of the calories.',
  ],
  [
    'When is {name}’s next vaccination due?',
    'The booster is due next month. We will send a reminder; you can book any weekday morning.',
  ],
  [
    'Is it safe to give {name} the flea treatment the day after a bath?',
    'Wait 48 hours after a bath before a spot-on, and do not bathe for 48 hours after it, so the treatment spreads over the skin.',
  ],
  [
    '{name} drinks a lot more since it got warm. Should I worry?',
    'More drinking in warm weather is expected. If it continues when it is cooler, or {name} also urinates much more, please send a urine sample.',
  ],
  [
    'Can we switch {name} to the grain-free food from the shop?',
    'We would rather you did not without a reason: some grain-free diets have been linked to heart problems in dogs. Stay on the current plan and ask us if you want a change.',
  ],
  [
    'How long should {name}’s walks be after the operation?',
    'Short lead walks of ten minutes, three times a day, for the first two weeks; then longer walks if the wound is healed at the check.',
  ],
  [
    'The collar shows a higher resting rate at night this week. Is that normal?',
    'A few breaths more on a warm night is normal. Keep an eye on the trend in the app; if it stays above the threshold we will contact you.',
  ],
  [
    '{name} keeps scratching one ear. Can I use the old ear drops?',
    'Please do not use old drops before we have looked: if the eardrum is damaged some drops can harm it. Book a short visit this week.',
  ],
  [
    'Should {name} fast before the blood test?',
    'Yes: no food after 10 pm the evening before, water is fine. Bring {name} in the morning.',
  ],
  [
    'Is it fine to give {name} the tablets with food?',
    'Yes, with a small amount of food is best: it helps the stomach. Keep the times of day the same.',
  ],
  [
    'We are travelling abroad in the summer. What does {name} need?',
    'A valid rabies vaccination at least 21 days before travel, a microchip and an animal health certificate from us within ten days of leaving. Book the certificate visit early.',
  ],
];

const at = (end: Date, daysAgo: number) => new Date(end.getTime() - daysAgo * DAY_MS);
const HOUR_MS = 3_600_000;
const withName = (text: string, name: string) => text.replaceAll('{name}', name);

/**
 * Owners' questions over the last three months, ending at `end`: about a hundred pets, product and B2B
 * customers; the older ones answered and sent by various vets, the last days' mostly open, a few with
 * an answer saved but not sent yet.
 */
export function generateQuestions(
  data: DemoData,
  options: { seed: number; scale: number; end: Date },
): DemoQuestionRow[] {
  const { seed, scale, end } = options;
  const random = createSeededRandom(deriveSeed(seed, 'questions'));
  const productVets = data.vets.filter(
    (vet) => (vet.kind === 'regular' || vet.kind === 'head') && vet.companySku === null,
  );
  const companyVets = new Map<string, string[]>();
  for (const vet of data.vets)
    if ((vet.kind === 'b2b' || vet.kind === 'partner') && vet.companySku)
      companyVets.set(vet.companySku, [...(companyVets.get(vet.companySku) ?? []), vet.id]);
  const families = new Map(data.families.map((family) => [family.id, family]));
  const ownerCode = new Map(data.users.map((user) => [user.id, user.b2bCode]));
  const vetFor = (pet: DemoPetRow): string => {
    const family = families.get(pet.familyId);
    const sku = family?.familyKind === 'b2b' ? (ownerCode.get(family.ownerUserId) ?? '') : '';
    const own = companyVets.get(sku) ?? [];
    return own.length > 0 && random.chance(0.6) ? random.pick(own) : random.pick(productVets).id;
  };

  const rows: DemoQuestionRow[] = [];
  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const candidates = data.pets.filter((pet) => !showcase.has(pet.id));
  for (const pet of random.sample(candidates, QUESTION_PETS_PER_SCALE * scale)) {
    const count = random.weighted([
      [1, 5],
      [2, 3],
      [3, 1],
    ] as const);
    for (let n = 0; n < count; n += 1) {
      const [question, answer] = random.pick(THREADS);
      const askedAt = at(end, random.float(0.1, QUESTION_HISTORY_DAYS));
      askedAt.setUTCSeconds(0, 0);
      const receivedAt = new Date(askedAt.getTime() + random.float(0.001, 0.05) * HOUR_MS);
      const waited = (end.getTime() - receivedAt.getTime()) / DAY_MS;
      // Recent questions wait for a vet; older ones have mostly been answered, and none has waited
      // more than two weeks (a team answers within days: a month-old open question is not the demo's).
      const state = random.weighted(
        waited < 3
          ? ([
              ['open', 6],
              ['draft', 2],
              ['sent', 2],
            ] as const)
          : waited < 14
            ? ([
                ['open', 0.4],
                ['draft', 0.3],
                ['sent', 9],
              ] as const)
            : ([['sent', 1]] as const),
      );
      const answeredBy = vetFor(pet);
      const answeredAt = new Date(receivedAt.getTime() + random.float(0.3, 20) * HOUR_MS);
      const sentAt = new Date(answeredAt.getTime() + random.float(0.02, 2) * HOUR_MS);
      const row: DemoQuestionRow = {
        id: random.uuidV7(receivedAt),
        petId: pet.id,
        question: withName(question, pet.name),
        askedAt,
        receivedAt,
        status: 'open',
        answer: null,
        answeredByVetId: null,
        answeredAt: null,
        sentByVetId: null,
        sentAt: null,
      };
      if (state !== 'open' && answeredAt < end)
        Object.assign(row, { answer: withName(answer, pet.name), answeredByVetId: answeredBy, answeredAt });
      if (state === 'sent' && row.answer && sentAt < end)
        Object.assign(row, { status: 'answered', sentByVetId: answeredBy, sentAt });
      rows.push(row);
    }
  }
  rows.push(...lunaQuestions(end, productVets[0]?.id ?? ''));
  return rows;
}

/** Emma asked about Luna's walks a month ago (answered), and about her breathing yesterday (open). */
function lunaQuestions(end: Date, vetId: string): DemoQuestionRow[] {
  const walksAsked = at(end, 30);
  const walksAnswered = new Date(walksAsked.getTime() + 4 * HOUR_MS);
  const breathingAsked = at(end, 1);
  return [
    {
      id: LUNA_QUESTION_IDS.walksAnswered,
      petId: LUNA.id,
      question: 'Since the heart diagnosis, how long can Luna’s walks be?',
      askedAt: walksAsked,
      receivedAt: walksAsked,
      status: 'answered',
      answer:
        'Let Luna set the pace: two or three gentle walks of 20 minutes a day are fine. Stop if she pants hard, coughs or lies down, and avoid the hottest hours.',
      answeredByVetId: vetId,
      answeredAt: walksAnswered,
      sentByVetId: vetId,
      sentAt: walksAnswered,
    },
    {
      id: LUNA_QUESTION_IDS.breathingOpen,
      petId: LUNA.id,
      question:
        'Luna breathes faster when she sleeps, I counted 38 breaths a minute last night, and she coughs when she wakes up. Should I give her the evening tablet earlier or bring her in?',
      askedAt: breathingAsked,
      receivedAt: breathingAsked,
      status: 'open',
      answer: null,
      answeredByVetId: null,
      answeredAt: null,
      sentByVetId: null,
      sentAt: null,
    },
  ];
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export async function insertDemoQuestions(tx: Tx, rows: readonly DemoQuestionRow[]): Promise<void> {
  await bulkInsert(
    tx,
    'pet_questions',
    [
      { name: 'id', type: 'uuid', value: (q) => q.id },
      { name: 'pet_id', type: 'uuid', value: (q) => q.petId },
      { name: 'question', type: 'text', value: (q) => q.question },
      { name: 'asked_at', type: 'timestamptz', value: (q) => q.askedAt.toISOString() },
      { name: 'received_at', type: 'timestamptz', value: (q) => q.receivedAt.toISOString() },
      { name: 'status', type: 'text', select: (v) => `${v}::pet_question_status`, value: (q) => q.status },
      { name: 'answer', type: 'text', value: (q) => q.answer },
      { name: 'answered_by_vet_id', type: 'uuid', value: (q) => q.answeredByVetId },
      { name: 'answered_at', type: 'timestamptz', value: (q) => iso(q.answeredAt) },
      { name: 'sent_by_vet_id', type: 'uuid', value: (q) => q.sentByVetId },
      { name: 'sent_at', type: 'timestamptz', value: (q) => iso(q.sentAt) },
    ],
    rows,
  );
}
