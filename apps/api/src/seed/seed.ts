import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { countVets } from '../modules/vets/vets.repository.ts';
import { bulkInsert, jsonToTextArray } from './bulk-insert.ts';
import { countsOf, DEMO_SEED, type DemoCounts, type DemoData, generateDemoData } from './generate.ts';

export { DEMO_REFERENCE_DATE, DEMO_SEED, type DemoCounts } from './generate.ts';

const iso = (date: Date): string => date.toISOString();

export type SeedResult = { seeded: true; counts: DemoCounts } | { seeded: false; counts: null };

/**
 * Fills an empty database with deterministic demo data; a database with any vet is left alone.
 * `scale` multiplies owners, families, pets, betas and subscriptions (for benchmarks).
 */
export async function seedDemoData(deps: {
  db: Db;
  config: Pick<Config, 'demoPassword' | 'passwordHashCost'>;
  scale?: number;
}): Promise<SeedResult> {
  const { db, config, scale = 1 } = deps;
  if ((await countVets(db)) > 0) return { seeded: false, counts: null };
  const data = generateDemoData({ seed: DEMO_SEED, scale });
  const passwordHash = await hashPassword(config.demoPassword, config.passwordHashCost);
  const counts = countsOf(data);
  await db.transaction(async (tx) => {
    await insertDemoData(tx, data, passwordHash);
    await recordAudit(
      tx,
      {
        actorVetId: null,
        action: 'seed.demo',
        entity: 'database',
        entityId: null,
        changes: { seed: DEMO_SEED, scale, ...counts },
      },
      null,
    );
  });
  return { seeded: true, counts };
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
