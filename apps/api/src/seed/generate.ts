import {
  type BetaFeature,
  betaFeatures,
  type FamilyKind,
  type Species,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type VetKind,
} from '@vetboard/contract';
import { breedId } from '../modules/core/breeds/index.ts';
import { DEMO_COMPANIES, type DemoCompany } from './demo-companies.ts';
import { addDays, daysBetween, isoDate } from './demo-dates.ts';
import { DEMO_LOCALES, type DemoLocale, emailLocalPart, localeOf } from './demo-places.ts';
import type {
  DemoBetaRow,
  DemoCompanyRow,
  DemoCounts,
  DemoData,
  DemoFamilyRow,
  DemoHealthProfileRow,
  DemoPetRow,
  DemoSubscriptionRow,
  DemoUserRow,
  DemoVetRow,
} from './demo-rows.ts';
import { demoVets } from './demo-vets.ts';
import { drawPet, type PetContext } from './generate-pets.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { SHOWCASE_FAMILIES, SHOWCASE_OWNERS, SHOWCASE_PETS, type ShowcasePet } from './showcase.ts';

// The rows' types are part of what generating the demo world returns.
export type {
  DemoBetaRow,
  DemoCompanyRow,
  DemoCounts,
  DemoData,
  DemoFamilyRow,
  DemoHealthProfileRow,
  DemoPetRow,
  DemoSubscriptionRow,
  DemoUserRow,
  DemoVetRow,
} from './demo-rows.ts';

export const DEMO_SEED = 20260101;

/**
 * The demo world is drawn as of this instant, never `Date.now()`, so that every run gives the same
 * rows. Ages, subscription renewals and enrolment dates are relative to it; the dashboard computes
 * ages against today, so pets simply grow older as the calendar moves on.
 */
export const DEMO_REFERENCE_DATE = new Date('2026-11-01T09:00:00Z');

/** Families at scale 1; users, pets, betas and subscriptions follow from them. */
const FAMILIES_PER_SCALE = 1_800;

export function countsOf(data: DemoData): DemoCounts {
  return {
    companies: data.companies.length,
    vets: data.vets.length,
    users: data.users.length,
    families: data.families.length,
    pets: data.pets.length,
    healthProfiles: data.healthProfiles.length,
    betas: data.betas.length,
    subscriptions: data.subscriptions.length,
  };
}

/** The same day `months` months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The first renewal strictly after `after` of a subscription started on `startedOn`. */
function nextRenewal(startedOn: Date, months: number, after: Date): Date {
  let renewal = addMonths(startedOn, months);
  for (let step = 2; renewal <= after; step += 1) renewal = addMonths(startedOn, months * step);
  return renewal;
}

/** Unique e-mail addresses: a number is added when the natural one is taken. */
function createEmailBook(taken: Iterable<string>) {
  const used = new Set<string>(taken);
  return (local: string, domain: string, random: SeededRandom): string => {
    let candidate = `${local}@${domain}`;
    while (used.has(candidate)) candidate = `${local}${random.int(2, 999)}@${domain}`;
    used.add(candidate);
    return candidate;
  };
}

function fillPattern(pattern: string, random: SeededRandom): string {
  return pattern.replace(/#/g, () => String(random.int(0, 9)));
}

const localeWeights: ReadonlyArray<readonly [DemoLocale, number]> = DEMO_LOCALES.map((l) => [l, l.weight]);
const companyWeights: ReadonlyArray<readonly [DemoCompany, number]> = DEMO_COMPANIES.map((c) => [
  c,
  c.weight,
]);

interface Person {
  firstName: string;
  lastName: string;
  locale: DemoLocale;
}

function drawPerson(random: SeededRandom, locale: DemoLocale, lastName?: string): Person {
  const first = random.chance(0.5) ? random.pick(locale.femaleNames) : random.pick(locale.maleNames);
  return { firstName: first, lastName: lastName ?? random.pick(locale.lastNames), locale };
}

/** Generated people never share a showcase owner's full name, so searching for one finds one person. */
const reservedNames = new Set(SHOWCASE_OWNERS.map((owner) => owner.name));

function drawDistinctPerson(random: SeededRandom, locale: DemoLocale, lastName?: string): Person {
  let person = drawPerson(random, locale, lastName);
  while (reservedNames.has(`${person.firstName} ${person.lastName}`)) person = drawPerson(random, locale);
  return person;
}

// --- companies and vets -----------------------------------------------------------------------

function generateCompanies(reference: Date): DemoCompanyRow[] {
  return DEMO_COMPANIES.map((company, index) => ({
    sku: company.sku,
    name: company.name,
    kind: company.kind,
    dailyStatusEmails: [...company.dailyStatusEmails],
    urgentReportEmails: [...company.urgentReportEmails],
    createdAt: addDays(reference, -1_100 + index * 45),
  }));
}

/** Vets grow with the square root of the scale: a bigger practice, not one vet per 50 owners. */
const GENERATED_VETS: ReadonlyArray<readonly [VetKind, number]> = [
  ['regular', 14],
  ['head', 2],
  ['b2b', 8],
  ['partner', 6],
  ['undefined', 2],
];

function generateVets(random: SeededRandom, reference: Date, scale: number): DemoVetRow[] {
  const founding = addDays(reference, -1_200);
  const email = createEmailBook(demoVets.map((vet) => vet.email));
  const rows: DemoVetRow[] = demoVets.map((vet, index) => {
    const createdAt = addDays(founding, index);
    return { id: random.uuidV7(createdAt), ...vet, createdAt };
  });
  const factor = Math.ceil(Math.sqrt(scale));
  let companyTurn = 0;
  for (const [kind, perScale] of GENERATED_VETS) {
    for (let i = 0; i < perScale * factor; i += 1) {
      const company =
        kind === 'b2b' || kind === 'partner'
          ? DEMO_COMPANIES[companyTurn++ % DEMO_COMPANIES.length]
          : undefined;
      const locale = company ? localeOf(company.country) : random.weighted(localeWeights);
      const person = drawPerson(random, locale);
      const createdAt = addDays(founding, random.float(30, 1_150));
      rows.push({
        id: random.uuidV7(createdAt),
        email: email(
          emailLocalPart(person.firstName, person.lastName),
          company?.domain ?? 'example.com',
          random,
        ),
        firstName: person.firstName,
        lastName: person.lastName,
        kind,
        companySku: company?.sku ?? null,
        createdAt,
      });
    }
  }
  return rows;
}

function showcasePetRows(
  pet: ShowcasePet,
  familyId: string,
): { pet: DemoPetRow; health: DemoHealthProfileRow } {
  return {
    pet: {
      id: pet.id,
      name: pet.name,
      species: pet.species,
      breedId: breedId(pet.species, pet.breed),
      sex: pet.sex,
      birthDate: pet.birthDate,
      neutered: pet.neutered,
      microchip: pet.microchip,
      familyId,
      createdAt: pet.createdAt,
    },
    health: {
      petId: pet.id,
      ...pet.health,
      conditions: [...pet.health.conditions],
      allergies: [...pet.health.allergies],
      medications: pet.health.medications.map((medication) => ({ ...medication })),
      updatedAt: pet.createdAt,
      updatedByVetId: null,
    },
  };
}

// --- subscriptions and betas ------------------------------------------------------------------

const SUBSCRIPTION_MIX: Record<
  FamilyKind,
  {
    none: number;
    plans: ReadonlyArray<readonly [SubscriptionPlan, number]>;
    statuses: ReadonlyArray<readonly [SubscriptionStatus, number]>;
  }
> = {
  paid: {
    none: 0,
    plans: [
      ['monthly', 55],
      ['yearly', 45],
    ],
    statuses: [
      ['active', 74],
      ['past_due', 10],
      ['cancelled', 9],
      ['trialing', 7],
    ],
  },
  b2b: {
    none: 0,
    plans: [['b2b', 1]],
    statuses: [
      ['active', 88],
      ['past_due', 5],
      ['cancelled', 7],
    ],
  },
  beta: {
    none: 0.1,
    plans: [
      ['monthly', 60],
      ['yearly', 40],
    ],
    statuses: [
      ['trialing', 45],
      ['active', 50],
      ['cancelled', 5],
    ],
  },
  internal: { none: 0.5, plans: [['yearly', 1]], statuses: [['active', 1]] },
  unspecified: {
    none: 0.55,
    plans: [['monthly', 1]],
    statuses: [
      ['cancelled', 50],
      ['trialing', 30],
      ['past_due', 20],
    ],
  },
};

function drawSubscriptions(
  random: SeededRandom,
  reference: Date,
  owner: DemoUserRow,
  kind: FamilyKind,
): DemoSubscriptionRow[] {
  const mix = SUBSCRIPTION_MIX[kind];
  if (random.chance(mix.none)) return [];
  const plan = random.weighted(mix.plans);
  const status = random.weighted(mix.statuses);
  const months = plan === 'monthly' ? 1 : 12;
  const rows: DemoSubscriptionRow[] = [];
  const row = (
    started: Date,
    subscriptionStatus: SubscriptionStatus,
    subscriptionPlan: SubscriptionPlan,
    renewsOn: Date | null,
  ) => {
    const createdAt = new Date(
      Math.max(owner.createdAt.getTime(), started.getTime() + random.int(8, 20) * 3_600_000),
    );
    rows.push({
      id: random.uuidV7(createdAt),
      userId: owner.id,
      plan: subscriptionPlan,
      status: subscriptionStatus,
      startedOn: isoDate(started),
      renewsOn: renewsOn ? isoDate(renewsOn) : null,
      createdAt,
    });
  };

  let started = addDays(owner.createdAt, random.float(0, 10));
  if (started > reference) started = owner.createdAt;
  const history = plan !== 'b2b' && daysBetween(owner.createdAt, reference) > 180 && random.chance(0.1);
  if (history) {
    row(started, 'cancelled', 'monthly', null);
    started = addDays(started, random.float(60, daysBetween(started, reference) - 30));
  }

  if (status === 'trialing') {
    const trialStart = new Date(
      Math.max(started.getTime(), addDays(reference, -random.float(0, 13)).getTime()),
    );
    row(trialStart, status, plan, addDays(trialStart, 14));
  } else if (status === 'past_due') {
    row(started, status, plan, addDays(reference, -random.float(1, 20)));
  } else if (status === 'cancelled') {
    row(started, status, plan, null);
  } else {
    row(started, status, plan, nextRenewal(started, months, reference));
  }
  return rows;
}

/** When each beta opened to owners: nobody was enrolled in a feature before it existed. */
const BETA_LAUNCHES: Record<BetaFeature, Date> = {
  collar_v2: new Date('2026-03-01T00:00:00Z'),
  ai_triage: new Date('2026-05-15T00:00:00Z'),
  diet_planner: new Date('2025-09-01T00:00:00Z'),
  heart_rate: new Date('2026-01-20T00:00:00Z'),
  weekly_reports: new Date('2025-11-10T00:00:00Z'),
};

const BETA_NOTES: readonly string[] = [
  'Asked to join after the collar firmware webinar',
  'Owner is a vet nurse: detailed feedback expected',
  'Sends feedback through the in-app form every week',
  'Two collars in the household',
  'Prefers e-mail over push notifications',
  'From the early-access waiting list',
  'Referred by the clinic after a cardiology consult',
  'Travels often: check data gaps before flagging them',
];

// --- the whole data set -----------------------------------------------------------------------

const FAMILY_KINDS: ReadonlyArray<readonly [FamilyKind, number]> = [
  ['paid', 52],
  ['b2b', 22],
  ['beta', 8],
  ['internal', 4],
  ['unspecified', 14],
];

const PETS_PER_FAMILY: ReadonlyArray<readonly [number, number]> = [
  [1, 45],
  [2, 33],
  [3, 14],
  [4, 6],
  [5, 2],
];

const USER_MAIL_DOMAINS: readonly string[] = ['example.com', 'example.org', 'example.net'];

export function generateDemoData(
  options: {
    seed?: number;
    scale?: number;
    reference?: Date;
    /**
     * The day the subscriptions are drawn as of (the seeding time): a trial started in the last two
     * weeks renews after it, an active plan's renewal is ahead of it and a past-due one's behind it, so
     * the statuses stay true however long after the reference date the demo is seeded.
     */
    subscriptionsAsOf?: Date;
  } = {},
): DemoData {
  const seed = options.seed ?? DEMO_SEED;
  const scale = options.scale ?? 1;
  const reference = options.reference ?? DEMO_REFERENCE_DATE;
  const subscriptionsAsOf = options.subscriptionsAsOf ?? reference;
  const stream = (label: string) => createSeededRandom(deriveSeed(seed, label));

  const companies = generateCompanies(reference);
  const vets = generateVets(stream('vets'), reference, scale);
  const clinicalVetIds = vets
    .filter((vet) => vet.kind === 'regular' || vet.kind === 'head')
    .map((vet) => vet.id);
  const headVet = vets.find((vet) => vet.kind === 'head');

  const users: DemoUserRow[] = [];
  const families: DemoFamilyRow[] = [];
  const pets: DemoPetRow[] = [];
  const healthProfiles: DemoHealthProfileRow[] = [];
  const subscriptions: DemoSubscriptionRow[] = [];
  const betas: DemoBetaRow[] = [];

  for (const showcase of SHOWCASE_FAMILIES) {
    const { owner } = showcase;
    families.push({
      id: showcase.id,
      familyKind: showcase.familyKind,
      ownerUserId: owner.id,
      createdAt: owner.createdAt,
    });
    users.push({
      id: owner.id,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
      userType: owner.userType,
      b2bCode: owner.b2bCode,
      familyId: showcase.id,
      city: owner.city,
      country: owner.country,
      timezone: owner.timezone,
      createdAt: owner.createdAt,
    });
    for (const pet of showcase.pets) {
      const rows = showcasePetRows(pet, showcase.id);
      pets.push(rows.pet);
      healthProfiles.push({ ...rows.health, updatedByVetId: headVet?.id ?? null });
    }
    const { subscription } = showcase;
    subscriptions.push({
      ...subscription,
      userId: owner.id,
      createdAt: new Date(`${subscription.startedOn}T${owner.createdAt.toISOString().slice(11)}`),
    });
    for (const beta of showcase.betas) {
      betas.push({ ...beta, userId: owner.id, enrolledByVetId: headVet?.id ?? null });
    }
  }

  const peopleRandom = stream('people');
  const petRandom = stream('pets');
  const subscriptionRandom = stream('subscriptions');
  const email = createEmailBook(SHOWCASE_OWNERS.map((owner) => owner.email));
  const microchips = new Set(SHOWCASE_PETS.map((pet) => pet.microchip));
  const familyKindOf = new Map<string, FamilyKind>();

  const addUser = (
    person: Person,
    place: { city: string; timezone: string },
    extra: { userType: 1 | 2; b2bCode: string | null; familyId: string | null; createdAt: Date },
  ): DemoUserRow => {
    const random = peopleRandom;
    const local = random.weighted([
      [emailLocalPart(person.firstName, person.lastName), 6],
      [emailLocalPart(`${person.firstName}${person.lastName}`), 2],
      [emailLocalPart(person.firstName.slice(0, 1), person.lastName), 2],
    ] as const);
    const user: DemoUserRow = {
      id: random.uuidV7(extra.createdAt),
      email: email(local, random.pick(USER_MAIL_DOMAINS), random),
      firstName: person.firstName,
      lastName: person.lastName,
      phone: random.chance(0.85) ? fillPattern(person.locale.phone, random) : null,
      userType: extra.userType,
      b2bCode: extra.b2bCode,
      familyId: extra.familyId,
      city: place.city,
      country: person.locale.country,
      timezone: place.timezone,
      createdAt: extra.createdAt,
    };
    users.push(user);
    return user;
  };

  const familyCount = FAMILIES_PER_SCALE * scale;
  for (let index = 0; index < familyCount; index += 1) {
    const random = peopleRandom;
    const kind = random.weighted(FAMILY_KINDS);
    const company = kind === 'b2b' ? random.weighted(companyWeights) : undefined;
    const locale =
      company && random.chance(0.75) ? localeOf(company.country) : random.weighted(localeWeights);
    const [city, timezone] = random.pick(locale.cities);
    const createdAt = addDays(reference, -random.float(2, 1_095));
    const familyId = random.uuidV7(createdAt);
    const b2b = { userType: company ? (2 as const) : (1 as const), b2bCode: company?.sku ?? null };
    const owner = addUser(
      drawDistinctPerson(random, locale),
      { city, timezone },
      { ...b2b, familyId, createdAt },
    );
    families.push({ id: familyId, familyKind: kind, ownerUserId: owner.id, createdAt });
    familyKindOf.set(familyId, kind);

    const members = random.weighted([
      [0, 72],
      [1, 22],
      [2, 6],
    ] as const);
    for (let m = 0; m < members; m += 1) {
      const joined = addDays(createdAt, random.float(0, Math.min(200, daysBetween(createdAt, reference))));
      const person = drawDistinctPerson(random, locale, random.chance(0.7) ? owner.lastName : undefined);
      addUser(person, { city, timezone }, { ...b2b, familyId, createdAt: joined });
    }

    const petCount = company?.kind === 'breeder' ? petRandom.int(2, 6) : petRandom.weighted(PETS_PER_FAMILY);
    const preferred: Species =
      company?.sku === 'CASTELLOFELINO'
        ? 'cat'
        : company?.kind === 'breeder'
          ? 'dog'
          : petRandom.chance(0.6)
            ? 'dog'
            : 'cat';
    const context: PetContext = {
      random: petRandom,
      reference,
      familyCreatedAt: createdAt,
      familyId,
      locale,
      breederFamily: company?.kind === 'breeder',
      clinicalVetIds,
      microchips,
      takenNames: new Set(),
    };
    for (let p = 0; p < petCount; p += 1) {
      const species = petRandom.chance(0.8) ? preferred : preferred === 'dog' ? 'cat' : 'dog';
      const { pet, health } = drawPet(context, species);
      pets.push(pet);
      if (health) healthProfiles.push(health);
    }

    subscriptions.push(...drawSubscriptions(subscriptionRandom, subscriptionsAsOf, owner, kind));
  }

  // Sign-ups who never created a family: they exist in the users list without pets.
  for (let index = 0; index < Math.round(familyCount * 0.02); index += 1) {
    const random = peopleRandom;
    const locale = random.weighted(localeWeights);
    const [city, timezone] = random.pick(locale.cities);
    addUser(
      drawDistinctPerson(random, locale),
      { city, timezone },
      { userType: 1, b2bCode: null, familyId: null, createdAt: addDays(reference, -random.float(1, 400)) },
    );
  }

  const betaRandom = stream('betas');
  const enrolled = new Set(betas.map((beta) => `${beta.userId}:${beta.feature}`));
  for (const user of users) {
    const kind = user.familyId ? familyKindOf.get(user.familyId) : undefined;
    if (!kind) continue;
    const featureCount =
      kind === 'beta' ? betaRandom.int(1, 3) : kind === 'paid' && betaRandom.chance(0.03) ? 1 : 0;
    for (const feature of betaRandom.sample(betaFeatures, featureCount)) {
      const key = `${user.id}:${feature}`;
      if (enrolled.has(key)) continue;
      enrolled.add(key);
      const opens = new Date(Math.max(user.createdAt.getTime(), BETA_LAUNCHES[feature].getTime()));
      const enrolledAt = addDays(opens, betaRandom.float(0, Math.max(0, daysBetween(opens, reference))));
      betas.push({
        id: betaRandom.uuidV7(enrolledAt),
        userId: user.id,
        feature,
        notes: betaRandom.chance(0.35) ? betaRandom.pick(BETA_NOTES) : null,
        enrolledAt,
        enrolledByVetId: betaRandom.chance(0.7) ? betaRandom.pick(clinicalVetIds) : null,
      });
    }
  }

  return { companies, vets, users, families, pets, healthProfiles, betas, subscriptions };
}
