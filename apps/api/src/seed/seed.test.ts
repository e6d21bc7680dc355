import { createHash } from 'node:crypto';
import {
  betaFeatures,
  clinicalDocumentContentSchema,
  companyKinds,
  familyKinds,
  subscriptionPlans,
  subscriptionStatuses,
  vetKinds,
} from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as e2eDemo from '../../../../e2e/support/demo.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import type { ProgressUpdate } from '../lib/progress.ts';
import { breedId } from '../modules/core/breeds/breeds.sync.ts';
import { clinicalDocumentSha256 } from '../modules/records/clinical-documents/clinical-documents.service.ts';
import { clinicalDocuments } from '../modules/records/clinical-documents/clinical-documents.table.ts';
import { demoVets } from './demo-vets.ts';
import { DEMO_REFERENCE_DATE, type DemoData, generateDemoData } from './generate.ts';
import { LUNA_CLINICAL_DOCUMENT_IDS } from './generate-clinical-documents.ts';
import { type SeedResult, seedDemoData } from './seed.ts';
import { BISCUIT, EMMA_CLARKE, LUNA, MILO, PEPPER, SHOWCASE_IDS, TOM_BECKER } from './showcase.ts';

const config = { demoPassword: 'demo-password-123', passwordHashCost: 'low' as const };

let database: Database;
let result: SeedResult;

async function rows<T>(query: SQL): Promise<T[]> {
  const answer = await database.db.execute(query);
  return (answer as unknown as { rows: T[] }).rows;
}

async function countBy(table: string, column: string): Promise<Record<string, number>> {
  const found = await rows<{ key: string; count: number }>(
    sql`select ${sql.raw(column)}::text as key, count(*)::int as count from ${sql.raw(table)} group by 1`,
  );
  return Object.fromEntries(found.map((row) => [row.key, row.count]));
}

const sha = (lines: string[]): string => createHash('sha256').update(lines.join('\n')).digest('hex');

/** What identifies the data set: ids, names and the fields the showcase relies on, in id order. */
function fingerprintOf(data: DemoData): Record<string, string> {
  const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    vets: sha(byId(data.vets).map((v) => `${v.id}|${v.email}|${v.kind}`)),
    users: sha(byId(data.users).map((u) => `${u.id}|${u.email}|${u.firstName} ${u.lastName}|${u.familyId}`)),
    families: sha(byId(data.families).map((f) => `${f.id}|${f.familyKind}|${f.ownerUserId}`)),
    pets: sha(byId(data.pets).map((p) => `${p.id}|${p.name}|${p.microchip}|${p.birthDate}`)),
    subscriptions: sha(byId(data.subscriptions).map((s) => `${s.id}|${s.plan}|${s.status}|${s.startedOn}`)),
    betas: sha(byId(data.betas).map((b) => `${b.id}|${b.userId}|${b.feature}`)),
  };
}

async function fingerprintOfDatabase(): Promise<Record<string, string>> {
  const lines = async (query: SQL) => sha((await rows<{ line: string }>(query)).map((row) => row.line));
  return {
    vets: await lines(sql`select concat_ws('|', id, email, kind) as line from vets order by id`),
    users: await lines(
      sql`select concat_ws('|', id, email, first_name || ' ' || last_name, coalesce(family_id::text, 'null')) as line from users order by id`,
    ),
    families: await lines(
      sql`select concat_ws('|', id, family_kind, owner_user_id) as line from families order by id`,
    ),
    pets: await lines(
      sql`select concat_ws('|', id, name, coalesce(microchip, 'null'), coalesce(birth_date::text, 'null')) as line from pets order by id`,
    ),
    subscriptions: await lines(
      sql`select concat_ws('|', id, plan, status, started_on::text) as line from subscriptions order by id`,
    ),
    betas: await lines(sql`select concat_ws('|', id, user_id, feature) as line from beta_users order by id`),
  };
}

const progressSteps: ProgressUpdate[] = [];

/** Seeded seven weeks after the demo's reference date, as a demo set up some time after a release is. */
const SEEDED_AT = new Date('2026-12-20T08:00:00Z');

// The tracker readings (a million rows) have their own file, seed-trackers.test.ts: here they would only
// slow down the checks of people and pets.
beforeAll(async () => {
  database = await createTestDatabase();
  result = await seedDemoData({
    db: database.db,
    config,
    trackers: false,
    now: SEEDED_AT,
    onProgress: (update) => progressSteps.push(update),
  });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the demo data of an empty database', () => {
  it('has volumes big enough to page, search and export, with every kind, type and status', async () => {
    expect(result.seeded).toBe(true);
    const [totals] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from companies) as companies,
      (select count(*)::int from vets) as vets,
      (select count(*)::int from users) as users,
      (select count(*)::int from families) as families,
      (select count(*)::int from pets) as pets,
      (select count(*)::int from beta_users) as betas,
      (select count(*)::int from subscriptions) as subscriptions`);
    expect(totals).toMatchObject({
      companies: expect.any(Number),
      vets: expect.any(Number),
    });
    expect(totals?.companies).toBeGreaterThanOrEqual(10);
    expect(totals?.vets).toBeGreaterThanOrEqual(30);
    expect(totals?.users).toBeGreaterThanOrEqual(2_000);
    expect(totals?.families).toBeGreaterThanOrEqual(1_500);
    expect(totals?.pets).toBeGreaterThanOrEqual(3_000);
    expect(totals?.betas).toBeGreaterThanOrEqual(100);
    expect(result.counts).toMatchObject(totals ?? {});

    const atLeast = (counts: Record<string, number>, keys: readonly (string | number)[], minimum: number) => {
      for (const key of keys) expect(counts[String(key)] ?? 0, `${key}`).toBeGreaterThanOrEqual(minimum);
    };
    atLeast(await countBy('companies', 'kind'), companyKinds, 1);
    atLeast(await countBy('vets', 'kind'), vetKinds, 2);
    atLeast(await countBy('users', 'user_type'), [1, 2], 300);
    atLeast(await countBy('families', 'family_kind'), familyKinds, 30);
    atLeast(await countBy('pets', 'species'), ['dog', 'cat'], 1_000);
    atLeast(await countBy('pets', 'sex'), ['male', 'female'], 1_000);
    atLeast(await countBy('subscriptions', 'status'), subscriptionStatuses, 20);
    atLeast(await countBy('subscriptions', 'plan'), subscriptionPlans, 100);
    atLeast(await countBy('beta_users', 'feature'), betaFeatures, 10);
  });

  it('gives pets real breeds of their species, plausible ages and weights, and unique microchips', async () => {
    const [pets] = await rows<Record<string, number>>(sql`select
      count(*)::int as total,
      count(*) filter (where b.species <> p.species or b.id is null)::int as wrong_breed,
      count(*) filter (where p.birth_date > ${DEMO_REFERENCE_DATE.toISOString()}::date
        or p.birth_date < ${DEMO_REFERENCE_DATE.toISOString()}::date - interval '18 years 1 day')::int as implausible_age,
      count(distinct p.breed_id)::int as breeds,
      count(p.microchip)::int as chipped,
      count(distinct p.microchip)::int as distinct_chips,
      count(*) filter (where p.microchip !~ '^[0-9]{15}$')::int as malformed_chips,
      count(*) filter (where p.neutered is null)::int as neutered_unknown,
      count(*) filter (where p.birth_date < ${DEMO_REFERENCE_DATE.toISOString()}::date - interval '8 years')::int as seniors
      from pets p left join breeds b on b.id = p.breed_id`);
    expect(pets?.wrong_breed).toBe(0);
    expect(pets?.implausible_age).toBe(0);
    expect(pets?.breeds).toBeGreaterThanOrEqual(60);
    expect(pets?.chipped).toBe(pets?.distinct_chips);
    expect(pets?.chipped).toBeGreaterThan((pets?.total ?? 0) * 0.7);
    expect(pets?.malformed_chips).toBe(0);
    expect(pets?.neutered_unknown).toBeGreaterThan(0);
    expect(pets?.seniors).toBeGreaterThan(300);

    const [health] = await rows<Record<string, number>>(sql`select
      count(*)::int as profiles,
      count(*) filter (where cardinality(conditions) > 0)::int as with_conditions,
      count(*) filter (where cardinality(allergies) > 0)::int as with_allergies,
      count(*) filter (where jsonb_array_length(medications) > 0)::int as with_medications,
      count(*) filter (where body_condition_score not between 1 and 9)::int as bad_scores,
      count(*) filter (where weight_kg <= 0 or weight_kg > 110)::int as bad_weights
      from pet_health_profiles`);
    const profiles = health?.profiles ?? 0;
    for (const minority of [health?.with_conditions, health?.with_allergies, health?.with_medications]) {
      expect(minority).toBeGreaterThan(profiles * 0.05);
      expect(minority).toBeLessThan(profiles * 0.5);
    }
    expect(health?.bad_scores).toBe(0);
    expect(health?.bad_weights).toBe(0);

    // A Chihuahua never weighs what a Great Dane does.
    const [sizes] = await rows<{ chihuahua: string; great_dane: string }>(sql`select
      (select max(h.weight_kg) from pets p join pet_health_profiles h on h.pet_id = p.id
        where p.breed_id = ${breedId('dog', 'Chihuahua')}) as chihuahua,
      (select min(h.weight_kg) from pets p join pet_health_profiles h on h.pet_id = p.id
        where p.breed_id = ${breedId('dog', 'Great Dane')} and p.birth_date < ${DEMO_REFERENCE_DATE.toISOString()}::date - interval '1 year') as great_dane`);
    expect(Number(sizes?.chihuahua)).toBeLessThan(6);
    expect(Number(sizes?.great_dane)).toBeGreaterThan(35);
  });

  it('keeps B2B data consistent: B2B users, families, vets and companies belong together', async () => {
    const [checks] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from users where (user_type = 2) <> (b2b_code is not null)) as type_code_mismatch,
      (select count(*)::int from users u left join companies c on c.sku = u.b2b_code
        where u.b2b_code is not null and c.sku is null) as unknown_company,
      (select count(*)::int from families f join users o on o.id = f.owner_user_id
        where (f.family_kind = 'b2b') <> (o.user_type = 2)) as b2b_owner_mismatch,
      (select count(*)::int from families f left join users o on o.id = f.owner_user_id
        where o.id is null or o.family_id is distinct from f.id) as owner_not_member,
      (select count(*)::int from users m join families f on f.id = m.family_id join users o on o.id = f.owner_user_id
        where m.b2b_code is distinct from o.b2b_code) as member_code_mismatch,
      (select count(*)::int from vets where kind in ('b2b', 'partner') and company_sku is null) as company_vet_without_company,
      (select count(*)::int from vets where kind in ('regular', 'head') and company_sku is not null) as own_vet_with_company,
      (select count(*)::int from subscriptions s join users u on u.id = s.user_id
        where (s.plan = 'b2b') <> (u.user_type = 2)) as plan_mismatch,
      (select count(distinct family_id)::int from users where family_id is not null and id not in
        (select owner_user_id from families)) as families_with_members,
      (select count(*)::int from (select user_id, feature from beta_users group by 1, 2 having count(*) > 1) d) as duplicate_betas`);
    expect(checks).toMatchObject({
      type_code_mismatch: 0,
      unknown_company: 0,
      b2b_owner_mismatch: 0,
      owner_not_member: 0,
      member_code_mismatch: 0,
      company_vet_without_company: 0,
      own_vet_with_company: 0,
      plan_mismatch: 0,
      duplicate_betas: 0,
    });
    expect(checks?.families_with_members).toBeGreaterThan(100);

    const companies = await rows<{
      sku: string;
      name: string;
      kind: string;
      users: number;
      daily: string[];
    }>(sql`
      select c.sku, c.name, c.kind, c.daily_status_emails as daily,
        (select count(*)::int from users u where u.b2b_code = c.sku) as users
      from companies c order by c.sku`);
    for (const company of companies) {
      expect(company.users, company.sku).toBeGreaterThan(0);
      expect(company.daily.length, company.sku).toBeGreaterThan(0);
    }
    expect(companies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sku: 'PAWSURE', name: 'Pawsure Insurance', kind: 'insurer' }),
        expect.objectContaining({ sku: 'HAPPYTAILS', name: 'Happy Tails Kennels', kind: 'kennel' }),
      ]),
    );

    const vets = await rows<{ email: string; kind: string; company_sku: string | null }>(
      sql`select email, kind, company_sku from vets`,
    );
    for (const demo of demoVets) {
      expect(vets).toContainEqual({ email: demo.email, kind: demo.kind, company_sku: demo.companySku });
    }
  });

  it('has Luna, her family and Biscuit exactly as the showcase describes them', async () => {
    const pets = await rows<Record<string, unknown>>(sql`
      select p.id, p.name, p.species::text, b.name as breed, p.sex::text, p.birth_date::text, p.neutered,
        p.microchip, p.family_id, h.conditions, h.allergies, h.medications, h.activity_level::text,
        h.body_condition_score, h.weight_kg::float8 as weight_kg, h.target_weight_kg::float8 as target_weight_kg
      from pets p join breeds b on b.id = p.breed_id left join pet_health_profiles h on h.pet_id = p.id
      where p.name in ('Luna', 'Milo', 'Pepper', 'Biscuit') order by p.name`);
    expect(pets.map((pet) => pet.name)).toEqual(['Biscuit', 'Luna', 'Milo', 'Pepper']);
    const [biscuit, luna, milo, pepper] = pets;
    expect(luna).toEqual({
      id: SHOWCASE_IDS.luna,
      name: 'Luna',
      species: 'dog',
      breed: 'Cavalier King Charles Spaniel',
      sex: 'female',
      birth_date: '2018-03-14',
      neutered: true,
      microchip: '985112004567890',
      family_id: SHOWCASE_IDS.emmaFamily,
      conditions: ['Myxomatous mitral valve disease (ACVIM stage B2)'],
      allergies: ['Chicken'],
      medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
      activity_level: 'moderate',
      body_condition_score: 5,
      weight_kg: 8.6,
      target_weight_kg: 8.5,
    });
    expect(milo).toMatchObject({ id: SHOWCASE_IDS.milo, species: 'cat', family_id: SHOWCASE_IDS.emmaFamily });
    expect(pepper).toMatchObject({
      id: SHOWCASE_IDS.pepper,
      species: 'dog',
      family_id: SHOWCASE_IDS.emmaFamily,
    });
    expect(biscuit).toMatchObject({
      id: SHOWCASE_IDS.biscuit,
      species: 'dog',
      breed: 'Beagle',
      family_id: SHOWCASE_IDS.tomFamily,
    });

    const owners = await rows<Record<string, unknown>>(sql`
      select u.id, u.first_name || ' ' || u.last_name as name, u.email, u.user_type, u.b2b_code, u.city, u.country,
        u.timezone, f.family_kind::text, (select count(*)::int from pets p where p.family_id = f.id) as pets
      from families f join users u on u.id = f.owner_user_id
      where f.id in (${SHOWCASE_IDS.emmaFamily}, ${SHOWCASE_IDS.tomFamily}) order by u.email`);
    expect(owners).toEqual([
      {
        id: SHOWCASE_IDS.emmaClarke,
        name: 'Emma Clarke',
        email: 'emma.clarke@example.com',
        user_type: 1,
        b2b_code: null,
        city: 'Bristol',
        country: 'GB',
        timezone: 'Europe/London',
        family_kind: 'paid',
        pets: 3,
      },
      {
        id: SHOWCASE_IDS.tomBecker,
        name: 'Tom Becker',
        email: 'tom.becker@example.com',
        user_type: 2,
        b2b_code: 'PAWSURE',
        city: 'Berlin',
        country: 'DE',
        timezone: 'Europe/Berlin',
        family_kind: 'b2b',
        pets: 1,
      },
    ]);
    const namesakes = await rows<{ count: number }>(sql`select count(*)::int as count from users
      where first_name || ' ' || last_name in ('Emma Clarke', 'Tom Becker')`);
    expect(namesakes[0]?.count).toBe(2);
  });

  it('matches the names browser tests use (e2e/support/demo.ts)', () => {
    expect(e2eDemo.LUNA).toMatchObject({
      uuid: LUNA.id,
      name: LUNA.name,
      breed: LUNA.breed,
      microchip: LUNA.microchip,
      birthDate: LUNA.birthDate,
    });
    expect(e2eDemo.MILO).toMatchObject({ uuid: MILO.id, name: MILO.name, species: MILO.species });
    expect(e2eDemo.PEPPER).toMatchObject({ uuid: PEPPER.id, name: PEPPER.name, species: PEPPER.species });
    expect(e2eDemo.BISCUIT).toMatchObject({ uuid: BISCUIT.id, name: BISCUIT.name, breed: BISCUIT.breed });
    expect(e2eDemo.EMMA_CLARKE).toMatchObject({
      uuid: EMMA_CLARKE.id,
      fullName: EMMA_CLARKE.name,
      email: EMMA_CLARKE.email,
    });
    expect(e2eDemo.TOM_BECKER).toMatchObject({
      uuid: TOM_BECKER.id,
      fullName: TOM_BECKER.name,
      b2BCode: TOM_BECKER.b2bCode,
    });
    expect(e2eDemo.EMMA_FAMILY.uuid).toBe(SHOWCASE_IDS.emmaFamily);
    expect(e2eDemo.TOM_FAMILY.uuid).toBe(SHOWCASE_IDS.tomFamily);
  });

  it('tells its progress: what it seeds and the rows so far', () => {
    const steps = [...new Set(progressSteps.map((update) => update.step))];
    expect(steps).toEqual([
      'Seeding vets, owners, families and pets',
      'Seeding diets',
      'Seeding checkups',
      'Seeding the symptoms journal',
      'Seeding owners’ questions and answers',
      'Seeding clinical assessments and medical reports',
      'Seeding B2B daily statuses and e-mails',
      'Seeding medical records and labels',
      'Seeding preventive-care doses',
    ]);
    expect(progressSteps[1]?.rows).toBeGreaterThan(1000);
  });

  it('writes signed, draft and amended assessments and reports, Luna’s mitral valve assessment amended once', async () => {
    const documents = await database.db.select().from(clinicalDocuments);
    expect(result.seeded && result.counts.clinicalDocuments).toBe(documents.length);
    const count = (test: (row: (typeof documents)[number]) => boolean) => documents.filter(test).length;
    expect(count((row) => row.kind === 'assessment' && row.status === 'signed')).toBeGreaterThan(10);
    expect(count((row) => row.kind === 'report' && row.status === 'signed')).toBeGreaterThan(5);
    expect(count((row) => row.status === 'draft' && row.version === 1)).toBeGreaterThan(3);
    expect(count((row) => row.version === 2 && row.status === 'signed')).toBeGreaterThan(3);
    expect(count((row) => row.version === 2 && row.status === 'draft')).toBeGreaterThan(0);
    expect(new Set(documents.map((row) => row.petId)).size).toBeGreaterThan(40);
    const byId = new Map(documents.map((row) => [row.id, row]));
    for (const row of documents) {
      // Every signed version carries the hash the API would compute, and a draft none.
      expect(row.contentSha256).toBe(row.status === 'signed' ? clinicalDocumentSha256(row) : null);
      expect(clinicalDocumentContentSchema.safeParse(row.content).success).toBe(true);
      if (row.previousVersionId) {
        const previous = byId.get(row.previousVersionId);
        expect(previous?.status).toBe('signed');
        expect(previous?.version).toBe(row.version - 1);
        expect(row.rootId).toBe(previous?.rootId);
        expect(row.amendmentReason).toBeTruthy();
      }
    }
    const v1 = byId.get(LUNA_CLINICAL_DOCUMENT_IDS.assessmentV1);
    const v2 = byId.get(LUNA_CLINICAL_DOCUMENT_IDS.assessmentV2);
    expect(v1).toMatchObject({ petId: LUNA.id, kind: 'assessment', status: 'signed', version: 1 });
    expect(v2).toMatchObject({ status: 'signed', version: 2, previousVersionId: v1?.id });
    expect(JSON.stringify(v1?.content)).toContain('Myxomatous mitral valve disease');
    expect(count((row) => row.previousVersionId === v2?.id)).toBe(0);
    expect(byId.get(LUNA_CLINICAL_DOCUMENT_IDS.cardiologyReport)).toMatchObject({
      petId: LUNA.id,
      kind: 'report',
      status: 'signed',
    });
    expect(e2eDemo.LUNA_DOCUMENTS).toEqual(LUNA_CLINICAL_DOCUMENT_IDS);
  });

  it("agrees with each subscription's status on the day it is seeded", async () => {
    const day = SEEDED_AT.toISOString().slice(0, 10);
    const wrong = await rows<{ status: string; count: number }>(sql`
      select status::text, count(*)::int as count from subscriptions
      where started_on > ${day}::date
         or (status = 'trialing' and (renews_on is null or renews_on <= ${day}::date
             or renews_on > ${day}::date + 14))
         or (status = 'active' and renews_on is not null and renews_on <= ${day}::date)
         or (status = 'past_due' and (renews_on is null or renews_on > ${day}::date))
      group by 1`);
    expect(wrong).toEqual([]);
    const [trials] = await rows<{ count: number }>(
      sql`select count(*)::int as count from subscriptions where status = 'trialing'`,
    );
    expect(trials?.count).toBeGreaterThan(20);
  });

  it('is the same on every run: the stored rows are exactly what the seeded generator draws', async () => {
    const first = generateDemoData({ subscriptionsAsOf: SEEDED_AT });
    const second = generateDemoData({ subscriptionsAsOf: SEEDED_AT });
    expect(fingerprintOf(second)).toEqual(fingerprintOf(first));
    expect(await fingerprintOfDatabase()).toEqual(fingerprintOf(first));
  });

  it('records one seed.demo audit row with the counts', async () => {
    const audit = await rows<{ changes: Record<string, number> }>(
      sql`select changes from audit_log where action = 'seed.demo'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toMatchObject({ scale: 1, ...result.counts });
  });

  it('never seeds a database that already has vets', async () => {
    const before = await rows<{ count: number }>(sql`select count(*)::int as count from users`);
    expect(await seedDemoData({ db: database.db, config })).toEqual({ seeded: false, counts: null });
    expect(await rows<{ count: number }>(sql`select count(*)::int as count from users`)).toEqual(before);
  });
});

describe('--scale', () => {
  it('multiplies owners, families, pets, betas and subscriptions', async () => {
    const scaled = await createTestDatabase();
    try {
      const twice = await seedDemoData({ db: scaled.db, config, scale: 2, trackers: false });
      const once = result.counts;
      if (!twice.counts || !once) throw new Error('both databases should have been seeded');
      expect(twice.counts.families).toBe(2 * once.families - 2);
      for (const entity of ['users', 'pets', 'betas', 'subscriptions'] as const) {
        expect(twice.counts[entity] / once[entity], entity).toBeGreaterThan(1.8);
        expect(twice.counts[entity] / once[entity], entity).toBeLessThan(2.2);
      }
      const stored = (await scaled.db.execute(sql`select count(*)::int as count from users`)) as unknown as {
        rows: Array<{ count: number }>;
      };
      expect(stored.rows[0]?.count).toBe(twice.counts.users);
    } finally {
      await scaled.close();
    }
  }, 120_000);
});
