import { defaultPublicConfig, isoToCalendarDate, readingKinds } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import type { OnProgress } from '../lib/progress.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../lib/timezone.ts';
import { writeSecondFactorRequirement } from '../modules/core/auth/index.ts';
import { countVets } from '../modules/core/vets/index.ts';
import { recordAudit } from '../modules/platform/audit/index.ts';
import { refreshAllDueItems } from '../modules/records/preventive-care/index.ts';
import { rebuildRollups } from '../modules/records/trackers/index.ts';
import { systemActor } from '../policy/actor.ts';
import { bulkInsert, jsonToTextArray, withIndexesBuiltAfter } from './bulk-insert.ts';
import { DAY_MS } from './demo-dates.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import {
  countsOf,
  DEMO_REFERENCE_DATE,
  DEMO_SEED,
  type DemoCounts,
  type DemoData,
  generateDemoData,
} from './generate.ts';
import { generateB2b, insertDemoB2b } from './generate-b2b.ts';
import { generateCheckups, insertDemoCheckups } from './generate-checkups.ts';
import { generateClinicalDocuments, insertDemoClinicalDocuments } from './generate-clinical-documents.ts';
import { generateDiets, insertDemoDiets, stalledWeightLossDiets } from './generate-diets.ts';
import { generateJournal, insertDemoJournal } from './generate-journal.ts';
import { generateMedicalRecords, insertDemoMedicalRecords } from './generate-medical-records.ts';
import { seedPendingCards } from './generate-pending-cards.ts';
import { seedPrescriptions } from './generate-prescriptions.ts';
import { seedPreventiveCare } from './generate-preventive-care.ts';
import { generateQuestions, insertDemoQuestions } from './generate-questions.ts';
import { seedReminders } from './generate-reminders.ts';
import {
  type DemoWeightEntryRow,
  generateWeightEntries,
  type ReadingBatch,
  readingBatches,
  TRACKER_HISTORY_DAYS,
  type TrackerPet,
  trackerPetsOf,
  trackersEndOf,
} from './generate-trackers.ts';
import { seedWeeklyReports } from './generate-weekly-reports.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

const SHOWCASE_PET_IDS = new Set(SHOWCASE_PETS.map((pet) => pet.id));

export { DEMO_REFERENCE_DATE, DEMO_SEED, type DemoCounts } from './generate.ts';

const iso = (date: Date): string => date.toISOString();

export type SeedCounts = DemoCounts & {
  trackerPets: number;
  trackerReadings: number;
  weightEntries: number;
  checkupPools: number;
  checkups: number;
  journalEntries: number;
  journalPhotos: number;
  petQuestions: number;
  clinicalDocuments: number;
  pendingCards: number;
  reminders: number;
  medicalRecords: number;
  preventiveDoses: number;
  prescriptions: number;
};

export type SeedResult =
  | { seeded: true; counts: SeedCounts; readingsEnd: Date | null }
  | { seeded: false; counts: null };

/**
 * Fills an empty database with deterministic demo data; a database with any vet is left alone.
 * `scale` multiplies owners, families, pets, betas and subscriptions, and the pets with tracker readings
 * (for benchmarks). Readings end at `now` (see `trackersEndOf`); `trackers: false` leaves out the readings
 * and weight history, for tests and benchmarks that do not need a million rows.
 */
export async function seedDemoData(deps: {
  db: Db;
  config: Pick<Config, 'demoPassword' | 'passwordHashCost'>;
  scale?: number;
  now?: Date;
  trackers?: boolean;
  /**
   * Readings for only the tracker pets this keeps: each pet draws from its own stream, so a sample's
   * readings are exactly the full seed's for those pets, and tests need not insert a million rows.
   * The weight history stays as with every tracker pet.
   */
  readingsFor?: (pet: TrackerPet) => boolean;
  /**
   * Readings of the last this many days only, for every tracker pet but the showcase pets (which keep
   * their year). The browser tests' database: its specs chart the showcase pets and their copies, and
   * read the fleet only through what its recent weeks raise (cards, weekly reports, coverage), which
   * stays as in the full seed. The full year is most of the seed's rows.
   */
  fleetReadingDays?: number;
  /** Told what is being seeded and how far along, for `npm start`'s progress line. */
  onProgress?: OnProgress;
}): Promise<SeedResult> {
  const progress: OnProgress = deps.onProgress ?? (() => {});
  const { db, config, scale = 1, trackers = true } = deps;
  if ((await countVets(db)) > 0) return { seeded: false, counts: null };
  const data = generateDemoData({ seed: DEMO_SEED, scale, subscriptionsAsOf: deps.now ?? new Date() });
  const passwordHash = await hashPassword(config.demoPassword, config.passwordHashCost);
  // The demo vets log in with the published password alone (README: how to turn the requirement on).
  await writeSecondFactorRequirement(db, 'none', deps.now ?? new Date());
  const end = trackers ? trackersEndOf(deps.now ?? new Date()) : null;
  const trackerPets = end
    ? trackerPetsOf(data, { seed: DEMO_SEED, scale, reference: DEMO_REFERENCE_DATE })
    : [];
  const diets = generateDiets(data, { seed: DEMO_SEED, scale, reference: DEMO_REFERENCE_DATE });
  const weightEntries = end
    ? generateWeightEntries(data, {
        seed: DEMO_SEED,
        end,
        trackerPetIds: new Set(trackerPets.map((pet) => pet.id)),
        stalledDiets: stalledWeightLossDiets(diets, data, { end, scale }),
      })
    : [];
  // Checkups go to pets with and without collars alike, whether or not this seed writes the readings.
  const collarPetIds = new Set(
    (end ? trackerPets : trackerPetsOf(data, { seed: DEMO_SEED, scale, reference: DEMO_REFERENCE_DATE })).map(
      (pet) => pet.id,
    ),
  );
  const checkups = generateCheckups(data, {
    seed: DEMO_SEED,
    scale,
    end: deps.now ?? new Date(),
    collarPetIds,
  });
  const journal = generateJournal(data, { seed: DEMO_SEED, scale, end: deps.now ?? new Date() });
  const questions = generateQuestions(data, { seed: DEMO_SEED, scale, end: deps.now ?? new Date() });
  const clinicalDocuments = generateClinicalDocuments(data, {
    seed: DEMO_SEED,
    scale,
    end: deps.now ?? new Date(),
  });
  const records = generateMedicalRecords(data, { seed: DEMO_SEED, scale, end: deps.now ?? new Date() });
  const readingPets = deps.readingsFor ? trackerPets.filter(deps.readingsFor) : trackerPets;
  const counts: SeedCounts = {
    ...countsOf(data),
    trackerPets: readingPets.length,
    trackerReadings: 0,
    weightEntries: weightEntries.length,
    checkupPools: checkups.forms.length,
    checkups: checkups.checkups.length,
    journalEntries: journal.entries.length,
    journalPhotos: journal.photos.length,
    petQuestions: questions.length,
    clinicalDocuments: clinicalDocuments.length,
    pendingCards: 0,
    reminders: 0,
    medicalRecords: records.length,
    preventiveDoses: 0,
    prescriptions: 0,
  };
  await db.transaction(async (tx) => {
    progress({ step: 'Seeding vets, owners, families and pets', rows: 0 });
    await insertDemoData(tx, data, passwordHash);
    progress({ step: 'Seeding vets, owners, families and pets', rows: rowsOf(counts), fraction: 1 });
    if (end) {
      progress({ step: 'Seeding weight history', rows: 0 });
      await insertWeightEntries(tx, weightEntries);
      progress({ step: 'Seeding weight history', rows: weightEntries.length, fraction: 1 });
      const historyStart = end.getTime() / 1000 - TRACKER_HISTORY_DAYS * 86_400;
      const historySeconds = end.getTime() / 1000 - historyStart;
      progress({ step: 'Seeding a year of collar readings', rows: 0, fraction: 0 });
      await withIndexesBuiltAfter(tx, READING_TABLES, async () => {
        const fleetFrom =
          deps.fleetReadingDays === undefined ? undefined : end.getTime() - deps.fleetReadingDays * DAY_MS;
        const keepFrom = (pet: TrackerPet) => (SHOWCASE_PET_IDS.has(pet.id) ? undefined : fleetFrom);
        for (const batch of readingBatches(readingPets, { seed: DEMO_SEED, end, keepFrom })) {
          counts.trackerReadings += await insertReadingBatch(tx, batch);
          const reached = batch.measuredAtSeconds.at(-1) ?? historyStart;
          progress({
            step: 'Seeding a year of collar readings',
            rows: counts.trackerReadings,
            fraction: (reached - historyStart) / historySeconds,
          });
        }
        progress({ step: 'Seeding a year of collar readings', rows: counts.trackerReadings, fraction: 1 });
        const rollupStep = 'Summing readings into the chart rollups';
        progress({ step: rollupStep, fraction: 0 });
        // The readings went in raw: one pass over them fills both rollups. Sorted, not hashed: with the
        // primary keys in place hash aggregation handed the million half-hour groups over in random key
        // order, which thrashed PGlite's buffer cache (a minute instead of seconds); with the keys built
        // after, hashing measured no faster (PGlite, 25 s against 22 s).
        await tx.execute(sql`set local enable_hashagg = off`);
        // Three passes over a year of readings, the longest step of a first start (53 s on PGlite): the
        // bar moves with each, so the wait does not read as a hang (issue #40 §5).
        await rebuildRollups(tx, undefined, (done, total) =>
          progress({ step: rollupStep, fraction: done / total }),
        );
      });
      if (readingPets.some((pet) => pet.id === LUNA.id)) await insertLunaThresholds(tx, data, end);
    }
    progress({ step: 'Seeding diets' });
    await insertDemoDiets(tx, diets);
    progress({ step: 'Seeding checkups' });
    await insertDemoCheckups(tx, checkups);
    progress({ step: 'Seeding the symptoms journal' });
    await insertDemoJournal(tx, journal);
    progress({ step: 'Seeding owners’ questions and answers' });
    await insertDemoQuestions(tx, questions);
    progress({ step: 'Seeding clinical assessments and medical reports' });
    await insertDemoClinicalDocuments(tx, clinicalDocuments);
    if (end) {
      progress({ step: 'Raising pending cards from the readings and weights' });
      counts.pendingCards = await seedPendingCards(tx, end);
      // After the cards: Luna's reminder is tied to her respiratory card.
      progress({ step: 'Seeding vet reminders' });
      counts.reminders = await seedReminders(tx, DEMO_SEED, end);
    }
    progress({ step: 'Seeding B2B daily statuses and e-mails' });
    await insertDemoB2b(
      tx,
      generateB2b(data, {
        seed: DEMO_SEED,
        now: deps.now ?? new Date(),
        productName: defaultPublicConfig.productName,
      }),
      todayIn(DEFAULT_TIMEZONE, deps.now ?? new Date()),
    );
    progress({ step: 'Seeding medical records and labels' });
    await insertDemoMedicalRecords(tx, records, DEMO_REFERENCE_DATE);
    progress({ step: 'Seeding preventive-care doses' });
    counts.preventiveDoses = await seedPreventiveCare(
      tx,
      DEMO_SEED,
      isoToCalendarDate(todayIn(DEFAULT_TIMEZONE, deps.now ?? new Date())),
    );
    // What the daily job keeps: every pet's next due days, read by the inbox, the home count and reminders.
    await refreshAllDueItems(tx, deps.now ?? new Date());
    if (end) {
      // After the weights and readings: each is dosed from a weighing, Luna's furosemide dated by her readings.
      progress({ step: 'Seeding prescriptions' });
      counts.prescriptions = await seedPrescriptions(tx, DEMO_SEED, end);
    }
    if (end) {
      // After every module they read: a report is computed from the readings, cards, journal and diets.
      progress({ step: 'Writing eight weeks of weekly reports' });
      await seedWeeklyReports(
        tx,
        end,
        readingPets.map((pet) => pet.id),
      );
    }
    await recordAudit(tx, systemActor('seed'), {
      action: 'seed.demo',
      entity: 'database',
      entityId: null,
      changes: { seed: DEMO_SEED, scale, ...counts, readingsEnd: end?.toISOString() ?? null },
    });
  });
  // A freshly seeded database has no planner statistics: PostgreSQL's autovacuum would gather them a
  // minute or so later, PGlite's never, and until then plans are guesses (users search at scale 10:
  // 36-171 ms before, 1.7-5 ms after ANALYZE, issue #48).
  await db.execute(sql`analyze`);
  return { seeded: true, counts, readingsEnd: end };
}

/** The readings and what is summed from them: loaded with their indexes built after (`withIndexesBuiltAfter`). */
export const READING_TABLES = [
  'tracker_readings',
  'tracker_rollups_30m',
  'tracker_rollups_daily',
  'tracker_coverage_days',
];

/** People, pets and what hangs off them, as one count for the progress line. */
function rowsOf(counts: SeedCounts): number {
  return Object.entries(counts)
    .filter(
      ([key]) =>
        ![
          'trackerPets',
          'trackerReadings',
          'weightEntries',
          'checkupPools',
          'checkups',
          'journalEntries',
          'journalPhotos',
          'petQuestions',
          'clinicalDocuments',
          'pendingCards',
          'reminders',
          'medicalRecords',
          'preventiveDoses',
          'prescriptions',
        ].includes(key),
    )
    .reduce((sum, [, value]) => sum + (typeof value === 'number' ? value : 0), 0);
}

/**
 * A batch of collar and app readings in one statement. Pets and kinds travel as positions in short
 * arrays and instants as epoch seconds: at a million rows, parsing 36-character uuids and ISO
 * timestamps for every row costs PGlite more than the insert itself.
 */
async function insertReadingBatch(tx: Tx, batch: ReadingBatch): Promise<number> {
  await tx.execute(sql`
    insert into tracker_readings (id, pet_id, kind, value, measured_at, source)
    select t.id, (${sql.param(batch.petIds)}::uuid[])[t.pet],
      (${sql.param([...readingKinds])}::text[])[t.kind]::reading_kind, t.value, to_timestamp(t.at),
      (case when t.app then 'app' else 'tracker' end)::reading_source
    from unnest(
      ${sql.param(batch.id)}::uuid[],
      ${sql.param(batch.pet)}::int[],
      ${sql.param(batch.kind)}::int[],
      ${sql.param(batch.value)}::real[],
      ${sql.param(batch.measuredAtSeconds)}::float8[],
      ${sql.param(batch.app)}::boolean[]
    ) as t(id, pet, kind, value, at, app)`);
  return batch.id.length;
}

/**
 * Luna's cardiologist watches her from 24 breaths a minute asleep, not the default 30: her stable
 * rate is about 20, so a rise shows weeks before the default bands would (her high-red stays at 40).
 */
async function insertLunaThresholds(tx: Tx, data: DemoData, end: Date): Promise<void> {
  const headVet = data.vets.find((vet) => vet.email === DEMO_HEAD_VET_EMAIL);
  await tx.execute(sql`
    insert into respiratory_thresholds (pet_id, low, high, high_orange, high_red, updated_at, updated_by_vet_id)
    values (${LUNA.id}, 10, 24, 32, 40, ${iso(new Date(end.getTime() - 120 * 86_400_000))}::timestamptz,
            ${headVet?.id ?? null})`);
}

async function insertWeightEntries(tx: Tx, rows: readonly DemoWeightEntryRow[]): Promise<void> {
  await bulkInsert(
    tx,
    'weight_entries',
    [
      { name: 'id', type: 'uuid', value: (w) => w.id },
      { name: 'pet_id', type: 'uuid', value: (w) => w.petId },
      { name: 'value_kg', type: 'numeric', value: (w) => w.valueKg },
      { name: 'measured_at', type: 'timestamptz', value: (w) => iso(w.measuredAt) },
      { name: 'location', type: 'text', select: (v) => `${v}::weight_location`, value: (w) => w.location },
      { name: 'author', type: 'text', select: (v) => `${v}::weight_author`, value: (w) => w.author },
      { name: 'author_vet_id', type: 'uuid', value: (w) => w.authorVetId },
      { name: 'author_user_id', type: 'uuid', value: (w) => w.authorUserId },
      { name: 'note', type: 'text', value: (w) => w.note },
      { name: 'created_at', type: 'timestamptz', value: (w) => iso(w.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (w) => iso(w.createdAt) },
    ],
    rows,
  );
}

async function insertDemoData(tx: Tx, data: DemoData, passwordHash: string): Promise<void> {
  await bulkInsert(
    tx,
    'companies',
    [
      { name: 'sku', type: 'text', value: (c) => c.sku },
      { name: 'name', type: 'text', value: (c) => c.name },
      { name: 'kind', type: 'text', select: (v) => `${v}::company_kind`, value: (c) => c.kind },
      {
        name: 'daily_status_emails',
        type: 'text',
        select: jsonToTextArray,
        value: (c) => JSON.stringify(c.dailyStatusEmails),
      },
      {
        name: 'urgent_report_emails',
        type: 'text',
        select: jsonToTextArray,
        value: (c) => JSON.stringify(c.urgentReportEmails),
      },
      { name: 'created_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (c) => iso(c.createdAt) },
    ],
    data.companies,
  );
  await bulkInsert(
    tx,
    'vets',
    [
      { name: 'id', type: 'uuid', value: (v) => v.id },
      { name: 'email', type: 'text', value: (v) => v.email },
      { name: 'password_hash', type: 'text', value: () => passwordHash },
      { name: 'first_name', type: 'text', value: (v) => v.firstName },
      { name: 'last_name', type: 'text', value: (v) => v.lastName },
      { name: 'kind', type: 'text', select: (v) => `${v}::vet_kind`, value: (v) => v.kind },
      { name: 'company_sku', type: 'text', value: (v) => v.companySku },
      { name: 'created_at', type: 'timestamptz', value: (v) => iso(v.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (v) => iso(v.createdAt) },
    ],
    data.vets,
  );
  // Families and their owners point at each other: families first, owners filled in once users exist.
  await bulkInsert(
    tx,
    'families',
    [
      { name: 'id', type: 'uuid', value: (f) => f.id },
      { name: 'family_kind', type: 'text', select: (v) => `${v}::family_kind`, value: (f) => f.familyKind },
      { name: 'created_at', type: 'timestamptz', value: (f) => iso(f.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (f) => iso(f.createdAt) },
    ],
    data.families,
  );
  await bulkInsert(
    tx,
    'users',
    [
      { name: 'id', type: 'uuid', value: (u) => u.id },
      { name: 'email', type: 'text', value: (u) => u.email },
      { name: 'first_name', type: 'text', value: (u) => u.firstName },
      { name: 'last_name', type: 'text', value: (u) => u.lastName },
      { name: 'phone', type: 'text', value: (u) => u.phone },
      { name: 'user_type', type: 'smallint', value: (u) => u.userType },
      { name: 'b2b_code', type: 'text', value: (u) => u.b2bCode },
      { name: 'family_id', type: 'uuid', value: (u) => u.familyId },
      { name: 'city', type: 'text', value: (u) => u.city },
      { name: 'country', type: 'text', value: (u) => u.country },
      { name: 'timezone', type: 'text', value: (u) => u.timezone },
      { name: 'created_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (u) => iso(u.createdAt) },
    ],
    data.users,
  );
  await tx.execute(sql`
    update families f set owner_user_id = t.owner_user_id
    from unnest(
      ${sql.param(data.families.map((f) => f.id))}::uuid[],
      ${sql.param(data.families.map((f) => f.ownerUserId))}::uuid[]
    ) as t(id, owner_user_id)
    where f.id = t.id`);
  await bulkInsert(
    tx,
    'pets',
    [
      { name: 'id', type: 'uuid', value: (p) => p.id },
      { name: 'name', type: 'text', value: (p) => p.name },
      { name: 'species', type: 'text', select: (v) => `${v}::species`, value: (p) => p.species },
      { name: 'breed_id', type: 'uuid', value: (p) => p.breedId },
      { name: 'sex', type: 'text', select: (v) => `${v}::pet_sex`, value: (p) => p.sex },
      { name: 'birth_date', type: 'date', value: (p) => p.birthDate },
      { name: 'neutered', type: 'boolean', value: (p) => p.neutered },
      { name: 'microchip', type: 'text', value: (p) => p.microchip },
      { name: 'family_id', type: 'uuid', value: (p) => p.familyId },
      { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
    ],
    data.pets,
  );
  await bulkInsert(
    tx,
    'pet_health_profiles',
    [
      { name: 'pet_id', type: 'uuid', value: (h) => h.petId },
      {
        name: 'conditions',
        type: 'text',
        select: jsonToTextArray,
        value: (h) => JSON.stringify(h.conditions),
      },
      { name: 'allergies', type: 'text', select: jsonToTextArray, value: (h) => JSON.stringify(h.allergies) },
      {
        name: 'medications',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (h) => JSON.stringify(h.medications),
      },
      {
        name: 'activity_level',
        type: 'text',
        select: (v) => `${v}::activity_level`,
        value: (h) => h.activityLevel,
      },
      { name: 'body_condition_score', type: 'smallint', value: (h) => h.bodyConditionScore },
      { name: 'weight_kg', type: 'numeric', value: (h) => h.weightKg },
      { name: 'target_weight_kg', type: 'numeric', value: (h) => h.targetWeightKg },
      { name: 'updated_at', type: 'timestamptz', value: (h) => iso(h.updatedAt) },
      { name: 'updated_by_vet_id', type: 'uuid', value: (h) => h.updatedByVetId },
    ],
    data.healthProfiles,
  );
  await bulkInsert(
    tx,
    'subscriptions',
    [
      { name: 'id', type: 'uuid', value: (s) => s.id },
      { name: 'user_id', type: 'uuid', value: (s) => s.userId },
      { name: 'plan', type: 'text', select: (v) => `${v}::subscription_plan`, value: (s) => s.plan },
      { name: 'status', type: 'text', select: (v) => `${v}::subscription_status`, value: (s) => s.status },
      { name: 'started_on', type: 'date', value: (s) => s.startedOn },
      { name: 'renews_on', type: 'date', value: (s) => s.renewsOn },
      { name: 'created_at', type: 'timestamptz', value: (s) => iso(s.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (s) => iso(s.createdAt) },
    ],
    data.subscriptions,
  );
  await bulkInsert(
    tx,
    'beta_users',
    [
      { name: 'id', type: 'uuid', value: (b) => b.id },
      { name: 'user_id', type: 'uuid', value: (b) => b.userId },
      { name: 'feature', type: 'text', select: (v) => `${v}::beta_feature`, value: (b) => b.feature },
      { name: 'notes', type: 'text', value: (b) => b.notes },
      { name: 'enrolled_at', type: 'timestamptz', value: (b) => iso(b.enrolledAt) },
      { name: 'enrolled_by_vet_id', type: 'uuid', value: (b) => b.enrolledByVetId },
    ],
    data.betas,
  );
}
