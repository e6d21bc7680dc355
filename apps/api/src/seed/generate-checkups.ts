import { type CheckupStatus, type FormQuestionGroup, optionSku } from '@vetboard/contract';
import type { Tx } from '../db/client.ts';
import { bulkInsert } from './bulk-insert.ts';
import {
  CARDIAC_QUESTIONS,
  DEMO_POOLS,
  type DemoPool,
  type DemoQuestion,
  REVIEW_COMMENTS,
} from './demo-checkup-pools.ts';
import { addDays, DAY_MS, YEAR_DAYS } from './demo-dates.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import type { DemoData, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { BISCUIT, LUNA, SHOWCASE_PETS } from './showcase.ts';

export { DEMO_POOL_IDS } from './demo-checkup-pools.ts';

/** Demo pets with checkups per unit of scale (the showcase pets come on top). */
export const CHECKUP_PETS_PER_SCALE = 320;
/** How far back the demo checkups go. */
export const CHECKUP_HISTORY_DAYS = 90;

/** Luna's checkups have fixed ids, so docs and browser tests can point at them. */
export const LUNA_CHECKUP_IDS = {
  /** Problematic, answered two days ago, awaiting review. */
  cardiacAwaiting: '0190b3c2-4e5a-7a01-8c11-000000000041',
  cardiacReviewed: '0190b3c2-4e5a-7a01-8c11-000000000042',
  cardiacAmended: '0190b3c2-4e5a-7a01-8c11-000000000043',
  /** Sent yesterday, not answered yet. */
  monthlySent: '0190b3c2-4e5a-7a01-8c11-000000000044',
} as const;
export const BISCUIT_CHECKUP_ID = '0190b3c2-4e5a-7a01-8c11-000000000045';

export interface DemoFormRow {
  id: string;
  title: string;
  sku: string;
  version: number;
  createdByVetId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoFormVersionRow {
  formId: string;
  version: number;
  questionGroups: FormQuestionGroup[];
  createdByVetId: string;
  createdAt: Date;
}

export interface DemoCheckupRow {
  id: string;
  petId: string;
  formId: string;
  formVersion: number;
  status: CheckupStatus;
  problematicCount: number;
  answers: Array<{ questionUuid: string; optionSku: string }> | null;
  sentAt: Date;
  sentByVetId: string;
  answeredAt: Date | null;
  filledByVetId: string | null;
  reviewedByVetId: string | null;
  reviewedAt: Date | null;
  vetComment: string | null;
  commentHistory: Array<{ comment: string; vetId: string | null; at: string }>;
}

export interface DemoCheckups {
  forms: DemoFormRow[];
  versions: DemoFormVersionRow[];
  checkups: DemoCheckupRow[];
}

const HOUR_MS = 60 * 60 * 1000;
const at = (end: Date, daysAgo: number): Date => new Date(end.getTime() - daysAgo * DAY_MS);

/** The pool's questions as stored for one version: the shape the forms API writes (SPEC §5 skus). */
function versionOf(pool: DemoPool, version: number, random: SeededRandom): FormQuestionGroup[] {
  return pool.groups.map((group, g) => {
    const questions: DemoQuestion[] = [...group.questions];
    if (version >= 2 && pool.addedInVersion2?.group === g) questions.push(pool.addedInVersion2.question);
    return {
      uuid: random.uuid(),
      title: group.title,
      questions: questions.map((question) => ({
        uuid: random.uuid(),
        title: question.title,
        options: question.options.map(([title, problematic]) => ({
          uuid: random.uuid(),
          title,
          sku: optionSku(title),
          problematic,
        })),
      })),
    };
  });
}

interface PoolVersions {
  pool: DemoPool;
  /** Versions in order; `since` is when each was saved. */
  versions: Array<{ version: number; since: Date; groups: FormQuestionGroup[] }>;
}

function drawPools(random: SeededRandom, end: Date, headVetId: string) {
  const forms: DemoFormRow[] = [];
  const versions: DemoFormVersionRow[] = [];
  const byKey = new Map<DemoPool['key'], PoolVersions>();
  DEMO_POOLS.forEach((pool, index) => {
    const createdAt = addDays(end, -(CHECKUP_HISTORY_DAYS + 60 + index * 7));
    // Version 1's question uuids carry over to version 2, as the builder keeps them.
    const first = versionOf(pool, 1, random);
    const entries: PoolVersions['versions'] = [{ version: 1, since: createdAt, groups: first }];
    if (pool.addedInVersion2) {
      const second = versionOf(pool, 2, random).map((group, g) => {
        const kept = first[g];
        if (!kept) return group;
        return { ...kept, questions: [...kept.questions, ...group.questions.slice(kept.questions.length)] };
      });
      entries.push({ version: 2, since: addDays(end, -45), groups: second });
    }
    for (const entry of entries)
      versions.push({
        formId: pool.id,
        version: entry.version,
        questionGroups: entry.groups,
        createdByVetId: headVetId,
        createdAt: entry.since,
      });
    const last = entries[entries.length - 1];
    forms.push({
      id: pool.id,
      title: pool.title,
      sku: pool.sku,
      version: last?.version ?? 1,
      createdByVetId: headVetId,
      createdAt,
      updatedAt: last?.since ?? createdAt,
    });
    byKey.set(pool.key, { pool, versions: entries });
  });
  return { forms, versions, byKey };
}

/** The version a checkup sent at `sentAt` was sent with. */
function versionAt(pool: PoolVersions, sentAt: Date) {
  let current = pool.versions[0];
  for (const entry of pool.versions) if (entry.since <= sentAt) current = entry;
  if (!current) throw new Error(`pool ${pool.pool.sku} has no version`);
  return current;
}

/** Answers drawn for a pet: mostly reassuring, with a problematic option now and then (`worry` of the time). */
/** A checkup as it is when sent; answering and reviewing fill in the rest. */
function sentCheckupRow(
  id: string,
  petId: string,
  pool: PoolVersions,
  formVersion: number,
  sentAt: Date,
  sentBy: string,
): DemoCheckupRow {
  return {
    id,
    petId,
    formId: pool.pool.id,
    formVersion,
    status: 'sent',
    problematicCount: 0,
    answers: null,
    sentAt,
    sentByVetId: sentBy,
    answeredAt: null,
    filledByVetId: null,
    reviewedByVetId: null,
    reviewedAt: null,
    vetComment: null,
    commentHistory: [],
  };
}

function drawAnswers(groups: FormQuestionGroup[], worry: number, random: SeededRandom) {
  let problematicCount = 0;
  const answers = groups.flatMap((group) =>
    group.questions.map((question) => {
      const worrying = question.options.filter((option) => option.problematic);
      const fine = question.options.filter((option) => !option.problematic);
      const choice =
        worrying.length > 0 && random.chance(worry)
          ? random.pick(worrying)
          : random.weighted(fine.map((option, index) => [option, fine.length - index] as const));
      if (choice.problematic) problematicCount += 1;
      return { questionUuid: question.uuid, optionSku: choice.sku };
    }),
  );
  return { answers, problematicCount };
}

/** Answers picked by question title and option title, for the showcase pets' fixed stories. */
function chosenAnswers(groups: FormQuestionGroup[], picks: Record<string, string>) {
  let problematicCount = 0;
  const answers = groups.flatMap((group) =>
    group.questions.map((question) => {
      const title = picks[question.title];
      const option = question.options.find((candidate) => candidate.title === title) ?? question.options[0];
      if (!option) throw new Error(`"${question.title}" has no options`);
      if (option.problematic) problematicCount += 1;
      return { questionUuid: question.uuid, optionSku: option.sku };
    }),
  );
  return { answers, problematicCount };
}

function ageYears(pet: DemoPetRow, end: Date): number {
  return pet.birthDate ? (end.getTime() - Date.parse(pet.birthDate)) / (YEAR_DAYS * DAY_MS) : 5;
}

/**
 * Checkups over the last three months, ending at `end` (the seeding moment, so that "answered two days
 * ago" stays true): several hundred pets, with and without collars, product and B2B customers, in every
 * status; reviewed by the vets who may see them (product vets, or the company's own), some comments amended.
 */
export function generateCheckups(
  data: DemoData,
  options: { seed: number; scale: number; end: Date; collarPetIds?: ReadonlySet<string> },
): DemoCheckups {
  const { seed, scale, end } = options;
  const random = createSeededRandom(deriveSeed(seed, 'checkups'));
  const headVet = data.vets.find((vet) => vet.email === DEMO_HEAD_VET_EMAIL);
  if (!headVet) throw new Error('the demo head vet is missing');
  const { forms, versions, byKey } = drawPools(random, end, headVet.id);
  const pool = (key: DemoPool['key']) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`no demo pool ${key}`);
    return found;
  };

  const productVets = data.vets.filter(
    (vet) => (vet.kind === 'regular' || vet.kind === 'head') && vet.companySku === null,
  );
  const companyVets = new Map<string, string[]>();
  for (const vet of data.vets)
    if ((vet.kind === 'b2b' || vet.kind === 'partner') && vet.companySku)
      companyVets.set(vet.companySku, [...(companyVets.get(vet.companySku) ?? []), vet.id]);
  const familyKind = new Map(data.families.map((family) => [family.id, family]));
  const ownerCode = new Map(data.users.map((user) => [user.id, user.b2bCode]));
  const companyOf = (pet: DemoPetRow): string | null => {
    const family = familyKind.get(pet.familyId);
    return family?.familyKind === 'b2b' ? (ownerCode.get(family.ownerUserId) ?? null) : null;
  };
  const health = new Map(data.healthProfiles.map((profile) => [profile.petId, profile]));
  const reviewerFor = (pet: DemoPetRow): string => {
    const own = companyVets.get(companyOf(pet) ?? '') ?? [];
    return own.length > 0 && random.chance(0.6) ? random.pick(own) : random.pick(productVets).id;
  };

  const checkups: DemoCheckupRow[] = [];
  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const candidates = data.pets.filter((pet) => !showcase.has(pet.id));
  const collar = options.collarPetIds ?? new Set<string>();
  // Collar pets, B2B pets and the rest, so every kind of customer has checkups.
  const withCollar = candidates.filter((pet) => collar.has(pet.id));
  const b2b = candidates.filter((pet) => !collar.has(pet.id) && companyOf(pet) !== null);
  const others = candidates.filter((pet) => !collar.has(pet.id) && companyOf(pet) === null);
  const total = CHECKUP_PETS_PER_SCALE * scale;
  const chosen = [
    ...random.sample(withCollar, Math.round(total * 0.3)),
    ...random.sample(b2b, Math.round(total * 0.2)),
  ];
  chosen.push(...random.sample(others, total - chosen.length));

  for (const pet of chosen) {
    const profile = health.get(pet.id);
    const conditions = (profile?.conditions ?? []).join(' ').toLowerCase();
    const age = ageYears(pet, end);
    const pools: Array<readonly [DemoPool['key'], number]> = [
      ['monthly', 6],
      ['cardiac', /heart|cardi|mitral|murmur/.test(conditions) ? 12 : 0.5],
      [
        'skin',
        /skin|derm|itch|atopy|allerg/.test(conditions) || (profile?.allergies.length ?? 0) > 0 ? 8 : 1,
      ],
      ['senior', age >= 9 ? 8 : 0],
      ['weight', (profile?.bodyConditionScore ?? 5) >= 7 || /obes/.test(conditions) ? 8 : 0.5],
      ['postOp', 1],
    ];
    // Some pets worry their owners (and their vets) more than others.
    const worry = random.weighted([
      [0.03, 6],
      [0.12, 3],
      [0.3, 1],
    ] as const);
    const count = random.weighted([
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
    ] as const);
    for (let n = 0; n < count; n += 1) {
      const chosenPool = pool(random.weighted(pools));
      const sentAt = new Date(at(end, random.float(0.05, CHECKUP_HISTORY_DAYS)).getTime());
      sentAt.setUTCSeconds(0, 0);
      const version = versionAt(chosenPool, sentAt);
      const sentBy = reviewerFor(pet);
      const filled = random.chance(0.06);
      const answerDelay = filled ? 0 : random.float(0.05, 3) * DAY_MS;
      const answeredAt = random.chance(filled ? 1 : 0.82) ? new Date(sentAt.getTime() + answerDelay) : null;
      const row = sentCheckupRow(random.uuidV7(sentAt), pet.id, chosenPool, version.version, sentAt, sentBy);
      if (answeredAt && answeredAt < end) {
        const drawn = drawAnswers(version.groups, worry, random);
        Object.assign(row, {
          status: 'answered',
          answeredAt,
          answers: drawn.answers,
          problematicCount: drawn.problematicCount,
          filledByVetId: filled ? sentBy : null,
        });
        const waited = (end.getTime() - answeredAt.getTime()) / DAY_MS;
        // Older answers have mostly been reviewed; the last few days' are the inbox's work.
        const reviewChance =
          waited > 14 ? 0.99 : waited > 7 ? 0.9 : waited > 2 ? (drawn.problematicCount > 0 ? 0.8 : 0.5) : 0.2;
        const reviewedAt = new Date(answeredAt.getTime() + random.float(0.5, 30) * HOUR_MS);
        if (random.chance(reviewChance) && reviewedAt < end) {
          const comments = REVIEW_COMMENTS[chosenPool.pool.key];
          const comment = random.pick(drawn.problematicCount > 0 ? comments.problematic : comments.fine);
          const reviewer = reviewerFor(pet);
          const amendedAt = new Date(reviewedAt.getTime() + random.float(2, 48) * HOUR_MS);
          if (random.chance(0.08) && amendedAt < end) {
            Object.assign(row, {
              status: 'reviewed',
              reviewedByVetId: reviewerFor(pet),
              reviewedAt: amendedAt,
              vetComment: `${comment} Update: owner called back, recheck went well.`,
              commentHistory: [{ comment, vetId: reviewer, at: reviewedAt.toISOString() }],
            });
          } else {
            Object.assign(row, {
              status: 'reviewed',
              reviewedByVetId: reviewer,
              reviewedAt,
              vetComment: comment,
            });
          }
        }
      }
      checkups.push(row);
    }
  }

  checkups.push(...showcaseCheckups(end, pool, headVet.id, data));
  checkups.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || a.id.localeCompare(b.id));
  return { forms, versions, checkups };
}

/** Luna's cardiac story and Biscuit's skin checkup (a B2B pet), with fixed ids. */
function showcaseCheckups(
  end: Date,
  pool: (key: DemoPool['key']) => PoolVersions,
  headVetId: string,
  data: DemoData,
): DemoCheckupRow[] {
  const vetByEmail = (email: string) => data.vets.find((vet) => vet.email === email)?.id ?? headVetId;
  const regular = vetByEmail('regular.vet@example.com');
  const b2bVet = vetByEmail('b2b.vet@example.com');
  const cardiac = pool('cardiac');
  const calm = {
    [CARDIAC_QUESTIONS.breathingAsleep]: 'No, the same as usual',
    [CARDIAC_QUESTIONS.sleepingRate]: 'Under 30',
    [CARDIAC_QUESTIONS.cough]: 'No',
    [CARDIAC_QUESTIONS.collapse]: 'No',
    [CARDIAC_QUESTIONS.walks]: 'As usual',
    [CARDIAC_QUESTIONS.appetite]: 'Normal',
    [CARDIAC_QUESTIONS.medication]: 'Yes, every dose',
  };
  const base = (id: string, petId: string, p: PoolVersions, sentAt: Date, sentBy: string) => {
    const version = versionAt(p, sentAt);
    return {
      row: sentCheckupRow(id, petId, p, version.version, sentAt, sentBy),
      groups: version.groups,
    };
  };

  const awaiting = base(LUNA_CHECKUP_IDS.cardiacAwaiting, LUNA.id, cardiac, at(end, 3), headVetId);
  const worrying = chosenAnswers(awaiting.groups, {
    ...calm,
    [CARDIAC_QUESTIONS.breathingAsleep]: 'A little faster',
    [CARDIAC_QUESTIONS.sleepingRate]: '30 to 40',
    [CARDIAC_QUESTIONS.cough]: 'At night or when lying down',
    [CARDIAC_QUESTIONS.walks]: 'Tires a little sooner',
  });
  const reviewed = base(LUNA_CHECKUP_IDS.cardiacReviewed, LUNA.id, cardiac, at(end, 31), headVetId);
  const reviewedAnswers = chosenAnswers(reviewed.groups, calm);
  const amended = base(LUNA_CHECKUP_IDS.cardiacAmended, LUNA.id, cardiac, at(end, 62), headVetId);
  const amendedAnswers = chosenAnswers(amended.groups, {
    ...calm,
    [CARDIAC_QUESTIONS.cough]: 'Only when excited or pulling on the lead',
    [CARDIAC_QUESTIONS.medication]: 'Missed one or two doses',
  });
  const monthly = base(LUNA_CHECKUP_IDS.monthlySent, LUNA.id, pool('monthly'), at(end, 1), regular);
  const skin = base(BISCUIT_CHECKUP_ID, BISCUIT.id, pool('skin'), at(end, 20), b2bVet);
  const skinAnswers = chosenAnswers(skin.groups, {
    'How much is your pet scratching, licking or chewing?': 'Constantly, even waking up to scratch',
    'Where is the itch worst?': 'Paws',
    'Is the itch better since the last treatment?': 'About the same',
    'Any redness, spots or scabs?': 'A few, not spreading',
  });
  return [
    { ...awaiting.row, status: 'answered', answeredAt: at(end, 2), ...worrying },
    {
      ...reviewed.row,
      status: 'reviewed',
      answeredAt: at(end, 30.6),
      ...reviewedAnswers,
      reviewedByVetId: headVetId,
      reviewedAt: at(end, 30.2),
      vetComment:
        'Sleeping breathing 22 a minute and no cough: stable on pimobendan. Keep counting twice a week.',
    },
    {
      ...amended.row,
      status: 'reviewed',
      answeredAt: at(end, 61.5),
      ...amendedAnswers,
      reviewedByVetId: headVetId,
      reviewedAt: at(end, 60),
      vetComment:
        'Missed doses explained by a lost prescription: repeat issued. The cough when pulling is tracheal, not cardiac; a harness instead of a collar.',
      commentHistory: [
        {
          comment: 'Missed pimobendan doses: owner to restart at once. Cough on the lead: watch.',
          vetId: regular,
          at: at(end, 61).toISOString(),
        },
      ],
    },
    monthly.row,
    {
      ...skin.row,
      status: 'reviewed',
      answeredAt: at(end, 19.5),
      ...skinAnswers,
      reviewedByVetId: b2bVet,
      reviewedAt: at(end, 19),
      vetComment:
        'Paw licking flare in the pollen season: started oclacitinib for two weeks, recheck booked.',
    },
  ];
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export async function insertDemoCheckups(tx: Tx, data: DemoCheckups): Promise<void> {
  await bulkInsert(
    tx,
    'forms',
    [
      { name: 'id', type: 'uuid', value: (f) => f.id },
      { name: 'title', type: 'text', value: (f) => f.title },
      { name: 'sku', type: 'text', value: (f) => f.sku },
      { name: 'is_pool', type: 'boolean', value: () => true },
      { name: 'manually_sendable', type: 'boolean', value: () => true },
      { name: 'version', type: 'smallint', value: (f) => f.version },
      { name: 'created_by_vet_id', type: 'uuid', value: (f) => f.createdByVetId },
      { name: 'updated_by_vet_id', type: 'uuid', value: (f) => f.createdByVetId },
      { name: 'created_at', type: 'timestamptz', value: (f) => f.createdAt.toISOString() },
      { name: 'updated_at', type: 'timestamptz', value: (f) => f.updatedAt.toISOString() },
    ],
    data.forms,
  );
  await bulkInsert(
    tx,
    'form_versions',
    [
      { name: 'form_id', type: 'uuid', value: (v) => v.formId },
      { name: 'version', type: 'smallint', value: (v) => v.version },
      {
        name: 'question_groups',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (v) => JSON.stringify(v.questionGroups),
      },
      { name: 'created_by_vet_id', type: 'uuid', value: (v) => v.createdByVetId },
      { name: 'created_at', type: 'timestamptz', value: (v) => v.createdAt.toISOString() },
    ],
    data.versions,
  );
  await bulkInsert(
    tx,
    'checkups',
    [
      { name: 'id', type: 'uuid', value: (c) => c.id },
      { name: 'pet_id', type: 'uuid', value: (c) => c.petId },
      { name: 'form_id', type: 'uuid', value: (c) => c.formId },
      { name: 'form_version', type: 'smallint', value: (c) => c.formVersion },
      { name: 'status', type: 'text', select: (v) => `${v}::checkup_status`, value: (c) => c.status },
      { name: 'problematic', type: 'boolean', value: (c) => c.problematicCount > 0 },
      { name: 'problematic_count', type: 'smallint', value: (c) => c.problematicCount },
      {
        name: 'answers',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (c) => (c.answers ? JSON.stringify(c.answers) : null),
      },
      { name: 'sent_at', type: 'timestamptz', value: (c) => c.sentAt.toISOString() },
      { name: 'sent_by_vet_id', type: 'uuid', value: (c) => c.sentByVetId },
      { name: 'answered_at', type: 'timestamptz', value: (c) => iso(c.answeredAt) },
      { name: 'filled_by_vet_id', type: 'uuid', value: (c) => c.filledByVetId },
      { name: 'reviewed_by_vet_id', type: 'uuid', value: (c) => c.reviewedByVetId },
      { name: 'reviewed_at', type: 'timestamptz', value: (c) => iso(c.reviewedAt) },
      { name: 'vet_comment', type: 'text', value: (c) => c.vetComment },
      {
        name: 'comment_history',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (c) => JSON.stringify(c.commentHistory),
      },
    ],
    data.checkups,
  );
}
