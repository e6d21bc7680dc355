import {
  type ReadingKind,
  readingKinds,
  type Species,
  type WeightAuthor,
  type WeightLocation,
} from '@vetboard/contract';
import { BREED_NAMES, breedId } from '../modules/core/breeds/index.ts';
import { addDays, DAY_MS, YEAR_DAYS } from './demo-dates.ts';
import {
  COLLAR_SAMPLING,
  type CollarGeneration,
  type ConditionEffects,
  conditionEffects,
  EAR_PRONE_BREEDS,
  OWNER_WEIGHT_NOTES,
  restingHeartRateRange,
  seasonOf,
  sleepingRespiratoryRange,
  TRACKER_PETS_PER_SCALE,
  VET_WEIGHT_NOTES,
} from './demo-trackers.ts';
import type { DemoData, DemoHealthProfileRow, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Readings cover the 365 days before their end. */
export const TRACKER_HISTORY_DAYS = 365;

/**
 * Luna's sleeping respiratory rate starts climbing this many days before the end of her readings:
 * slowly, so that it crosses her own "high" threshold (24, set by her cardiologist) four weeks before
 * the end and the default high-red (40) in the last days.
 */
const LUNA_DECLINE_DAYS = 34;

/**
 * Luna's earlier episode: her sleeping rate climbs in the three weeks before furosemide is started
 * this many days before the end of her readings (a fortnight's rise, then a week at its height), and
 * comes down within days of the first dose, back to her usual rate ten days after it. Long before the
 * decline above, the weekly reports and the pending cards' replay: only her charts and the treatment
 * response see it ("Furosemide started …: sleeping RR 36 → 25").
 */
export const LUNA_FUROSEMIDE_DAYS_BEFORE_END = 75;
const LUNA_EPISODE_RISE = 16;

/** The local midnight (Luna's zone) of the day furosemide starts: where her episode turns. */
export function lunaFurosemideStart(end: Date, timeZone: string): Date {
  const instant = end.getTime() - LUNA_FUROSEMIDE_DAYS_BEFORE_END * DAY_MS;
  const wall = wallClock(timeZone, instant);
  return new Date(instant - (wall - Math.floor(wall / DAY_MS) * DAY_MS));
}

/** Luna's episode at `daysBeforeStart` days before furosemide's start (negative after it), 0 to 1. */
function lunaEpisode(daysBeforeStart: number): number {
  if (daysBeforeStart >= 21) return 0;
  if (daysBeforeStart >= 7) return (21 - daysBeforeStart) / 14;
  if (daysBeforeStart >= 0) return 1;
  // Down within days of the first dose, and gone after ten.
  if (daysBeforeStart <= -10) return 0;
  return Math.exp(daysBeforeStart / 1.5) * (1 + daysBeforeStart / 10);
}

/** The share of ordinary collar pets whose collar has gone quiet for the last two or three days. */
const QUIET_COLLAR_SHARE = 0.05;

/**
 * Where the readings stop: the seeding time, to the minute. Charts open on "now", so a vet who opens
 * Luna's respiratory chart right after `npm start` must see last night's readings and her rise into
 * high-red, not a chart that ended on the reference date. Everything else about the readings is drawn
 * from the seed, so the same `end` always gives the same rows.
 */
export function trackersEndOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
}

// --- pet-local time ---------------------------------------------------------------------------

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `instant`, written as if it were UTC. */
function wallClock(timeZone: string, instant: number): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = Number(value);
  return Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
}

const offsets = new Map<string, number>();

/**
 * How far the zone's clocks are ahead of UTC on a local day (given as its midnight written as UTC),
 * taken at local noon: a day's readings share one offset, and the hour lost or gained on a DST night
 * only moves the few readings before 3 am by an hour.
 */
function offsetOn(timeZone: string, localMidnight: number): number {
  const key = `${timeZone}|${localMidnight}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const noon = localMidnight + 12 * HOUR_MS;
    offset = wallClock(timeZone, noon) - noon;
    offsets.set(key, offset);
  }
  return offset;
}

// --- random helpers -----------------------------------------------------------------------------

function gaussian(random: SeededRandom): number {
  const u = Math.max(random.next(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

function poisson(random: SeededRandom, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 40) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random.next(); product > limit; product *= random.next()) count += 1;
  return count;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

// --- which pets wear a collar, and what they are like --------------------------------------------

type ReadingStory = 'none' | 'luna';

export interface TrackerPet {
  id: string;
  name: string;
  species: Species;
  /** Position in id order: part of every reading id, which keeps ids unique without a random draw each. */
  ordinal: number;
  timezone: string;
  generation: CollarGeneration;
  story: ReadingStory;
  kg: number;
  ageYears: number;
  activity: 'low' | 'moderate' | 'high';
  earProne: boolean;
  effects: ConditionEffects;
}

const breedNameById = new Map<string, string>(
  (['dog', 'cat'] as const).flatMap((s) => BREED_NAMES[s].map((name) => [breedId(s, name), name] as const)),
);

function ageAt(birthDate: string | null, at: Date): number | null {
  if (!birthDate) return null;
  return (at.getTime() - Date.parse(`${birthDate}T00:00:00Z`)) / (YEAR_DAYS * DAY_MS);
}

/** Context shared by the readings and the weight history: who owns each pet, where, and since when. */
function indexOf(data: DemoData) {
  const usersById = new Map(data.users.map((user) => [user.id, user]));
  const familiesById = new Map(data.families.map((family) => [family.id, family]));
  const healthByPet = new Map(data.healthProfiles.map((health) => [health.petId, health]));
  const betaFeaturesByFamily = new Map<string, Set<string>>();
  for (const beta of data.betas) {
    const familyId = usersById.get(beta.userId)?.familyId;
    if (!familyId) continue;
    const features = betaFeaturesByFamily.get(familyId) ?? new Set<string>();
    features.add(beta.feature);
    betaFeaturesByFamily.set(familyId, features);
  }
  const ownerOf = (pet: DemoPetRow) => {
    const family = familiesById.get(pet.familyId);
    return family ? usersById.get(family.ownerUserId) : undefined;
  };
  return { usersById, familiesById, healthByPet, betaFeaturesByFamily, ownerOf };
}

const SHOWCASE_PET_IDS: ReadonlySet<string> = new Set(SHOWCASE_PETS.map((pet) => pet.id));

/**
 * The pets with a year of collar readings: the showcase pets, then a seeded sample of pets that were
 * registered over a year before the reference date and whose owners pay for the service (a collar comes
 * with a subscription). `TRACKER_PETS_PER_SCALE × scale` in all, in id order.
 */
export function trackerPetsOf(
  data: DemoData,
  options: { seed: number; scale: number; reference: Date },
): TrackerPet[] {
  const { seed, scale, reference } = options;
  const index = indexOf(data);
  const subscribed = new Set(
    data.subscriptions
      .filter((s) => s.status === 'active' || s.status === 'past_due' || s.status === 'trialing')
      .map((s) => s.userId),
  );
  const registeredBy = addDays(reference, -TRACKER_HISTORY_DAYS - 15).getTime();
  const eligible = data.pets.filter((pet) => {
    if (SHOWCASE_PET_IDS.has(pet.id) || pet.createdAt.getTime() > registeredBy) return false;
    const owner = index.ownerOf(pet);
    return owner !== undefined && subscribed.has(owner.id);
  });
  const showcase = data.pets.filter((pet) => SHOWCASE_PET_IDS.has(pet.id));
  const wanted = Math.max(0, TRACKER_PETS_PER_SCALE * scale - showcase.length);
  const chosen = [
    ...showcase,
    ...createSeededRandom(deriveSeed(seed, 'tracker-pets')).sample(eligible, wanted),
  ];
  chosen.sort((a, b) => (a.id < b.id ? -1 : 1));
  return chosen.map((pet, ordinal) => {
    const random = createSeededRandom(deriveSeed(seed, `tracker-pet:${pet.id}`));
    const health = index.healthByPet.get(pet.id);
    const features = index.betaFeaturesByFamily.get(pet.familyId);
    const breed = pet.breedId ? breedNameById.get(pet.breedId) : undefined;
    const story: ReadingStory = pet.id === LUNA.id ? 'luna' : 'none';
    const effects = conditionEffects(health?.conditions ?? []);
    const generation: CollarGeneration =
      story === 'luna'
        ? 'heart_rate_beta'
        : SHOWCASE_PET_IDS.has(pet.id) || features?.has('collar_v2')
          ? 'v2'
          : 'v1';
    return {
      id: pet.id,
      name: pet.name,
      species: pet.species,
      ordinal,
      timezone: index.ownerOf(pet)?.timezone ?? 'UTC',
      generation,
      story,
      kg: health?.weightKg ?? (pet.species === 'cat' ? random.float(3.5, 5.5) : random.float(8, 30)),
      ageYears: ageAt(pet.birthDate, reference) ?? random.float(3, 9),
      activity: health?.activityLevel ?? 'moderate',
      earProne: breed !== undefined && EAR_PRONE_BREEDS.has(breed),
      effects,
    };
  });
}

// --- a day in the life of a pet -------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
}

/** One local calendar day; times are local hours from its midnight (negative = the evening before). */
interface Day {
  midnight: number;
  offset: number;
  /** How far the day's noon is from the end of the readings, in days. */
  daysBeforeEnd: number;
  /** 0 in the depth of winter, 1 at the height of summer. */
  summer: number;
  collarOn: boolean;
  /** Last night's sleep, from the evening before (negative) to waking up. */
  night: Span;
  bedtime: number;
  walks: Array<Span & { intensity: number }>;
  naps: Span[];
  shakingMultiplier: number;
}

interface PetTraits {
  /** Luna's: days from the end of the readings back to furosemide's first day (its local midnight). */
  furosemideDaysBeforeEnd?: number;
  bedtime: number;
  wake: number;
  respiratoryBase: number;
  respiratoryNoise: number;
  heartRateRest: number;
  drinkingBouts: number;
  boutSeconds: number;
  shakingPerDay: number;
  /** Chance per evening that the owner counts breaths in the app. */
  ownerCounts: number;
  gapChance: number;
  gaps: Span[];
  spells: Array<Span & { multiplier: number }>;
}

const GAPS_PER_YEAR: ReadonlyArray<readonly [number, number]> = [
  [0, 3],
  [1, 4],
  [2, 2],
];

/**
 * A collar that has gone quiet for the last days (flat battery, left in a drawer): drawn from its own
 * stream, so every other reading of every pet is what it was without it. What the collar-data rule is for.
 */
export function quietCollarDays(pet: TrackerPet, seed: number): number | null {
  if (pet.story !== 'none') return null;
  const random = createSeededRandom(deriveSeed(seed, `collar-outage:${pet.id}`));
  return random.chance(QUIET_COLLAR_SHARE) ? random.float(1.6, 3.2) : null;
}

function drawTraits(pet: TrackerPet, random: SeededRandom, quietDays: number | null): PetTraits {
  const [rrLow, rrHigh] = sleepingRespiratoryRange(pet.species, pet.kg);
  const [hrLow, hrHigh] = restingHeartRateRange(pet.species, pet.kg);
  const young = pet.ageYears < 1.5 ? 1.12 : 1;
  const athletic = pet.activity === 'high' && pet.species === 'dog' ? 0.92 : 1;
  const itchy =
    pet.effects.shaking > 1
      ? random.chance(0.85)
      : random.chance(pet.earProne ? 0.45 : pet.species === 'dog' ? 0.12 : 0.05);
  const spells: PetTraits['spells'] = [];
  if (itchy) {
    for (let i = random.int(2, 6); i > 0; i -= 1) {
      const start = random.float(5, TRACKER_HISTORY_DAYS - 5);
      spells.push({ start, end: start + random.float(2, 9), multiplier: random.float(4, 10) });
    }
  }
  // Holidays and a flat battery: a few days without the collar, never in the last weeks, which a vet
  // opening the charts today looks at first.
  const gaps: Span[] = [];
  for (let i = pet.story === 'none' ? random.weighted(GAPS_PER_YEAR) : 0; i > 0; i -= 1) {
    const start = random.float(40, TRACKER_HISTORY_DAYS - 30);
    gaps.push({ start, end: start + random.float(2, 7) });
  }
  if (quietDays !== null)
    gaps.push({ start: TRACKER_HISTORY_DAYS - quietDays, end: TRACKER_HISTORY_DAYS + 2 });
  const cardiac = pet.effects.respiratory >= 1.5 && pet.effects.heartRate > 1;
  const luna = pet.story === 'luna';
  return {
    bedtime: random.float(21.75, 23.5),
    wake: random.float(5.75, 7.5),
    // Luna's story needs her months before the decline to sit clearly in the normal range.
    respiratoryBase: luna ? 19.8 : random.float(rrLow, rrHigh) + pet.effects.respiratory,
    respiratoryNoise: luna ? 1.3 : random.float(1, 1.8),
    heartRateRest: luna ? 102 : random.float(hrLow, hrHigh) * young * athletic * pet.effects.heartRate,
    drinkingBouts:
      (pet.species === 'cat' ? random.float(2, 3.5) : random.float(3, 4.5)) * pet.effects.drinking,
    boutSeconds:
      pet.species === 'cat' ? random.float(5, 10) : 6 + 3.2 * Math.sqrt(pet.kg) * random.float(0.8, 1.2),
    shakingPerDay:
      (pet.species === 'cat' ? random.float(0.5, 1.6) : random.float(1.2, 3)) *
      (pet.earProne ? 1.4 : 1) *
      pet.effects.shaking,
    ownerCounts: cardiac ? random.float(0.25, 0.6) : random.chance(0.3) ? random.float(0.02, 0.08) : 0.01,
    gapChance: pet.story === 'luna' ? 0 : random.float(0.005, 0.03),
    gaps,
    spells,
  };
}

function inSpans(spans: readonly Span[], at: number): boolean {
  return spans.some((span) => at >= span.start && at < span.end);
}

function planDay(
  pet: TrackerPet,
  traits: PetTraits,
  random: SeededRandom,
  midnight: number,
  endMs: number,
  previousBedtime: number,
): Day {
  const offset = offsetOn(pet.timezone, midnight);
  const noon = midnight + 12 * HOUR_MS - offset;
  const daysBeforeEnd = (endMs - noon) / DAY_MS;
  const sinceStart = TRACKER_HISTORY_DAYS - daysBeforeEnd;
  const weekday = new Date(midnight).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const season = seasonOf(pet.timezone);
  const dayOfYear = (midnight - Date.UTC(new Date(midnight).getUTCFullYear(), 0, 1)) / DAY_MS;
  const summer =
    0.5 + 0.5 * season.amplitude * Math.cos((2 * Math.PI * (dayOfYear - 200 - season.shiftDays)) / 365);
  const wake = traits.wake + (weekend ? random.float(0.3, 1.2) : random.float(-0.25, 0.25));
  const bedtime = traits.bedtime + random.float(-0.4, 0.5);

  const walks: Day['walks'] = [];
  const naps: Span[] = [];
  if (pet.species === 'dog') {
    const vigour = pet.activity === 'high' ? 1.25 : pet.activity === 'low' ? 0.85 : 1;
    const morning = wake + random.float(0.2, 0.8);
    walks.push({ start: morning, end: morning + random.float(0.3, 0.9) * vigour, intensity: 1.45 * vigour });
    if (pet.activity === 'high' || random.chance(weekend ? 0.6 : 0.25)) {
      const midday = random.float(11.5, 15);
      walks.push({ start: midday, end: midday + random.float(0.3, 1.5), intensity: 1.35 * vigour });
    }
    const evening = random.float(17.25, 19.5);
    walks.push({ start: evening, end: evening + random.float(0.4, 1) * vigour, intensity: 1.5 * vigour });
  } else {
    const dawn = wake - random.float(0, 0.5);
    walks.push({ start: dawn, end: dawn + random.float(0.2, 0.5), intensity: 1.2 });
    const dusk = random.float(19, 21.5);
    walks.push({ start: dusk, end: dusk + random.float(0.2, 0.6), intensity: 1.25 });
    const nap = random.float(11, 14);
    naps.push({ start: nap, end: nap + random.float(2, 4.5) });
  }
  if (pet.species === 'dog' && random.chance(0.6)) {
    const nap = random.float(12.5, 15.5);
    naps.push({ start: nap, end: nap + random.float(0.7, 2) });
  }

  const spell = traits.spells.find((s) => sinceStart >= s.start && sinceStart < s.end);
  return {
    midnight,
    offset,
    daysBeforeEnd,
    summer,
    collarOn: !inSpans(traits.gaps, sinceStart) && !random.chance(traits.gapChance),
    night: { start: previousBedtime - 24, end: wake },
    bedtime,
    walks,
    naps,
    shakingMultiplier: spell ? spell.multiplier : 1,
  };
}

/** Luna (MMVD stage B2) decompensates: her sleeping breathing climbs into high, then high-red. */
function lunaRise(daysBeforeEnd: number): number {
  if (daysBeforeEnd >= LUNA_DECLINE_DAYS) return 0;
  return (1 - Math.max(0, daysBeforeEnd) / LUNA_DECLINE_DAYS) ** 1.6;
}

type Emit = (kind: number, at: number, value: number, app: boolean) => void;

const KIND_POSITION = Object.fromEntries(readingKinds.map((kind, index) => [kind, index + 1])) as Record<
  ReadingKind,
  number
>;

function simulateDay(pet: TrackerPet, traits: PetTraits, random: SeededRandom, day: Day, emit: Emit): void {
  const instant = (hours: number) => Math.round((day.midnight + hours * HOUR_MS - day.offset) / 1000) * 1000;
  const daysBeforeEndAt = (hours: number) => day.daysBeforeEnd - (hours - 12) / 24;
  const asleep = (hours: number) =>
    (hours >= day.night.start && hours < day.night.end) || hours >= day.bedtime || inSpans(day.naps, hours);
  const sampling = COLLAR_SAMPLING[pet.generation];
  const luna = pet.story === 'luna';
  const furosemide = traits.furosemideDaysBeforeEnd;
  const episode = (hours: number) =>
    furosemide === undefined ? 0 : LUNA_EPISODE_RISE * lunaEpisode(daysBeforeEndAt(hours) - furosemide);
  const push = (kind: ReadingKind, hours: number, value: number, app = false) =>
    emit(KIND_POSITION[kind], instant(hours), value, app);

  // Sleeping respiratory rate: the collar counts breaths while the pet sleeps still, so it measures
  // through the night at its sampling interval and skips the restless moments.
  const nightMean = traits.respiratoryBase + 1.2 * day.summer + gaussian(random) * (luna ? 0.6 : 0.8);
  if (day.collarOn) {
    const step = sampling.respiratoryMinutes / 60;
    for (let at = day.night.start + random.float(0.3, 0.3 + step); at < day.night.end; at += step) {
      if (random.chance(0.08)) continue;
      const jittered = at + random.float(-0.1, 0.1) * step;
      let value = nightMean + gaussian(random) * traits.respiratoryNoise;
      if (!luna && random.chance(0.03)) value += random.float(3, 7);
      if (luna) value += 23 * lunaRise(daysBeforeEndAt(jittered)) + episode(jittered);
      push('respiratory_rate', jittered, Math.round(clamp(value, 10, 90)));
    }
  }
  // Owners count breaths on the sofa in the evening (in 30 s, doubled: mostly even numbers).
  const ownerChance = luna ? (day.daysBeforeEnd < LUNA_DECLINE_DAYS ? 1 : 0.4) : traits.ownerCounts;
  if (random.chance(ownerChance)) {
    const at = random.float(19, Math.max(19.5, Math.min(22.5, day.bedtime - 0.2)));
    let value = nightMean + 1.5 + gaussian(random) * 1.5;
    if (luna) value += 23 * lunaRise(daysBeforeEndAt(at)) + episode(at);
    const counted = random.chance(0.65) ? 2 * Math.round(value / 2) : Math.round(value);
    push('respiratory_rate', at, clamp(counted, 8, 90), true);
  }
  if (!day.collarOn) return;

  // Heart rate by activity: lowest in deep sleep, highest on walks, a little raised just after them.
  const heartStep = sampling.heartRateMinutes / 60;
  for (let slot = 0; slot < 24; slot += heartStep) {
    const at = slot + random.float(0.05, 0.95) * heartStep;
    let factor = 1;
    const walk = day.walks.find((w) => at >= w.start && at < w.end);
    if (walk) factor = walk.intensity * random.float(0.9, 1.1);
    else if (day.walks.some((w) => at >= w.end && at < w.end + 0.6)) factor = 1.12;
    else if (asleep(at)) factor = at > 0.5 && at < 4.5 ? 0.78 : 0.84;
    else if (random.chance(0.15)) factor = random.float(1.05, 1.25);
    if (luna) factor *= 1 + 0.08 * lunaRise(daysBeforeEndAt(at));
    const value = traits.heartRateRest * factor * (1 + gaussian(random) * 0.04);
    push('heart_rate', at, Math.round(clamp(value, 30, 300)));
  }

  // Drinking bouts: more on hot days and after walks; a few cats drink at night.
  const bouts = poisson(random, traits.drinkingBouts * (1 + 0.3 * day.summer));
  const awake = { start: day.night.end + 0.1, end: day.bedtime - 0.1 };
  const drinks: Array<[number, number]> = [];
  for (let i = 0; i < bouts; i += 1) {
    let at: number;
    let thirst = 1;
    const walk = day.walks.length > 0 && random.chance(0.35) ? random.pick(day.walks) : undefined;
    if (walk && pet.species === 'dog') {
      at = walk.end + random.float(0.05, 0.5);
      thirst = 1.4;
    } else if (pet.species === 'cat' && random.chance(0.1)) {
      at = random.float(0.5, Math.max(1, day.night.end - 0.2));
    } else {
      at = random.float(awake.start, awake.end);
    }
    const seconds = traits.boutSeconds * thirst * (1 + 0.25 * day.summer) * Math.exp(gaussian(random) * 0.4);
    drinks.push([at, Math.round(clamp(seconds, 1, 900))]);
  }
  drinks.sort((a, b) => a[0] - b[0]);
  for (const [at, seconds] of drinks) push('drinking', at, seconds);

  // Head shaking: the collar reports each half hour with episodes, as their count in that half hour.
  const episodes = poisson(random, traits.shakingPerDay * day.shakingMultiplier);
  const halfHours = new Map<number, { last: number; count: number }>();
  for (let i = 0; i < episodes; i += 1) {
    const at = random.chance(0.9) ? random.float(awake.start, awake.end) : random.float(0, awake.start);
    const key = Math.floor(at * 2);
    const seen = halfHours.get(key);
    if (seen) {
      seen.count += 1;
      seen.last = Math.max(seen.last, at);
    } else halfHours.set(key, { last: at, count: 1 });
  }
  for (const key of [...halfHours.keys()].sort((a, b) => a - b)) {
    const { last, count } = halfHours.get(key) as { last: number; count: number };
    push('shaking', last, count);
  }
}

// --- reading batches --------------------------------------------------------------------------------

/** Readings in columns, ready for one `insert … select from unnest(…)`. */
export interface ReadingBatch {
  /** Every tracker pet: a batch holds a few days of the whole fleet. */
  petIds: string[];
  /** 1-based positions in `petIds`. */
  pet: number[];
  /** 1-based positions in `readingKinds`. */
  kind: number[];
  id: string[];
  value: number[];
  measuredAtSeconds: number[];
  app: boolean[];
}

const emptyBatch = (petIds: string[]): ReadingBatch => ({
  petIds,
  pet: [],
  kind: [],
  id: [],
  value: [],
  measuredAtSeconds: [],
  app: [],
});

const hex = (value: number, digits: number): string => value.toString(16).padStart(digits, '0');

/**
 * A UUID v7 over the reading's instant, like the collars' own ids. Instead of 74 random bits, a per-pet
 * sequence and a per-pet node (32 drawn bits and the pet's ordinal): unique by construction and the same
 * on every run, without sixteen random draws for each of a million readings.
 */
function readingId(ms: number, node: string, sequence: number): string {
  const time = hex(ms, 12);
  const variant = (8 | ((sequence >>> 12) & 0x3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(sequence & 0xfff, 3)}-${variant}${hex((sequence >>> 14) & 0xfff, 3)}-${node}`;
}

/** Rows per insert statement. */
const BATCH_ROWS = 20_000;

/**
 * Every reading of every tracker pet from `end − 365 days` to `end`, a local day of the whole fleet at a
 * time, the way collars upload them. Near time order lets the primary key (ids are time-ordered) and the
 * (pet, kind, time) index grow at their right edges: inserted pet by pet instead, the same rows take
 * PGlite several times longer. Each pet draws from its own stream, so the order of the loop changes none
 * of its readings.
 */
export function* readingBatches(
  pets: readonly TrackerPet[],
  options: {
    seed: number;
    end: Date;
    /**
     * Where a pet's kept readings start (epoch ms; the year's start when absent). The days before it
     * are still simulated and their readings numbered, only not yielded: the stream is drawn in day
     * order, so skipping their simulation would change every later reading.
     */
    keepFrom?: (pet: TrackerPet) => number | undefined;
  },
): Generator<ReadingBatch> {
  const endMs = options.end.getTime();
  const startMs = endMs - TRACKER_HISTORY_DAYS * DAY_MS;
  const petIds = pets.map((pet) => pet.id);
  const states = pets.map((pet, index) => {
    const random = createSeededRandom(deriveSeed(options.seed, `readings:${pet.id}`));
    const traits = drawTraits(pet, random, quietCollarDays(pet, options.seed));
    if (pet.story === 'luna')
      traits.furosemideDaysBeforeEnd =
        (endMs - lunaFurosemideStart(options.end, pet.timezone).getTime()) / DAY_MS;
    const lastDay = Math.floor(wallClock(pet.timezone, endMs) / DAY_MS) * DAY_MS;
    return {
      pet,
      slot: index + 1,
      random,
      traits,
      node: `${hex(random.int(0, 0xffffffff), 8)}${hex(pet.ordinal & 0xffff, 4)}`,
      firstDay: lastDay - TRACKER_HISTORY_DAYS * DAY_MS,
      keepFrom: Math.max(startMs, options.keepFrom?.(pet) ?? startMs),
      previousBedtime: traits.bedtime,
      sequence: 0,
    };
  });
  let batch = emptyBatch(petIds);
  for (let day = 0; day <= TRACKER_HISTORY_DAYS; day += 1) {
    for (const state of states) {
      const midnight = state.firstDay + day * DAY_MS;
      const plan = planDay(state.pet, state.traits, state.random, midnight, endMs, state.previousBedtime);
      simulateDay(state.pet, state.traits, state.random, plan, (kind, at, value, app) => {
        if (at <= startMs || at > endMs) return;
        if (at <= state.keepFrom) {
          state.sequence += 1;
          return;
        }
        batch.pet.push(state.slot);
        batch.kind.push(kind);
        batch.id.push(readingId(at, state.node, state.sequence));
        batch.value.push(value);
        batch.measuredAtSeconds.push(at / 1000);
        batch.app.push(app);
        state.sequence += 1;
      });
      state.previousBedtime = plan.bedtime;
    }
    if (batch.id.length >= BATCH_ROWS) {
      yield batch;
      batch = emptyBatch(petIds);
    }
  }
  if (batch.id.length > 0) yield batch;
}

// --- weight history -----------------------------------------------------------------------------------

export interface DemoWeightEntryRow {
  id: string;
  petId: string;
  valueKg: number;
  measuredAt: Date;
  location: WeightLocation;
  author: WeightAuthor;
  authorVetId: string | null;
  authorUserId: string | null;
  note: string | null;
  createdAt: Date;
}

/** The share of adult weight a young pet has reached (the curve generate-pets.ts draws puppies with). */
function growthAt(species: Species, ageYears: number): number {
  if (ageYears >= 1) return 1;
  return species === 'dog'
    ? 0.2 + 0.8 * Math.max(0, ageYears) ** 0.8
    : 0.15 + 0.85 * Math.min(1, (ageYears * 12) / 10);
}

/**
 * The weight a pet had at any moment of its history, ending at its profile's current weight: puppies
 * grow, pets on a diet move towards their target (a quarter of them drift away from it), seniors slowly
 * lose, the others hold steady.
 */
function weightTrend(
  random: SeededRandom,
  pet: DemoPetRow,
  health: DemoHealthProfileRow,
  from: Date,
  end: Date,
): (at: Date) => number {
  const showcase = SHOWCASE_PET_IDS.has(pet.id);
  const current = health.weightKg ?? 0;
  const target = health.targetWeightKg;
  const ageAtEnd = ageAt(pet.birthDate, end);
  if (ageAtEnd !== null && ageAtEnd - (end.getTime() - from.getTime()) / (YEAR_DAYS * DAY_MS) < 1.2) {
    const endGrowth = growthAt(pet.species, ageAtEnd);
    return (at) => (current * growthAt(pet.species, ageAt(pet.birthDate, at) ?? ageAtEnd)) / endGrowth;
  }
  let startKg = current * random.float(0.985, 1.015);
  if (target !== null && Math.abs(current - target) > target * 0.02) {
    startKg =
      showcase || random.chance(0.75)
        ? current + (current - target) * random.float(0.6, 1.4)
        : current - (current - target) * random.float(0.3, 0.6);
  } else if (ageAtEnd !== null && ageAtEnd > (pet.species === 'cat' ? 12 : 10)) {
    startKg = current * random.float(1.01, 1.05);
  }
  const span = Math.max(1, end.getTime() - from.getTime());
  return (at) => {
    const x = clamp((at.getTime() - from.getTime()) / span, 0, 1);
    return current + (startKg - current) * (1 - x) ** 1.3;
  };
}

/** Local wall-clock hours on the local day containing `day`, as an instant. */
function localInstant(timeZone: string, day: Date, hours: number): Date {
  const midnight = Math.floor(wallClock(timeZone, day.getTime()) / DAY_MS) * DAY_MS;
  return new Date(Math.round((midnight + hours * HOUR_MS - offsetOn(timeZone, midnight)) / 1000) * 1000);
}

/**
 * A year (or since registration) of weights for every pet with a known weight: owners weigh at home every
 * month or two (some never), vets at each visit a few times a year; the latest entry is the health
 * profile's current weight.
 */
export function generateWeightEntries(
  data: DemoData,
  options: {
    seed: number;
    end: Date;
    trackerPetIds: ReadonlySet<string>;
    /** Pets whose weight-loss diet stalled, and the day it started (`stalledWeightLossDiets`). */
    stalledDiets?: ReadonlyMap<string, string>;
  },
): DemoWeightEntryRow[] {
  const { seed, end } = options;
  const index = indexOf(data);
  const clinicalVets = data.vets.filter((vet) => vet.kind === 'regular' || vet.kind === 'head');
  const rows: DemoWeightEntryRow[] = [];
  for (const pet of data.pets) {
    const health = index.healthByPet.get(pet.id);
    const owner = index.ownerOf(pet);
    if (!health || health.weightKg === null || !owner) continue;
    const random = createSeededRandom(deriveSeed(seed, `weights:${pet.id}`));
    const from = new Date(Math.max(pet.createdAt.getTime(), end.getTime() - TRACKER_HISTORY_DAYS * DAY_MS));
    if (from >= end) continue;
    const stalledSince = options.stalledDiets?.get(pet.id);
    const drawnTrend = weightTrend(random, pet, health, from, end);
    // A stalled diet: the pet has held its weight all along, diet or not.
    const trend = stalledSince ? () => health.weightKg ?? 0 : drawnTrend;
    const timezone = owner.timezone;
    const vets = clinicalVets.filter((vet) => vet.createdAt <= from);
    const usualVet = vets.some((vet) => vet.id === health.updatedByVetId)
      ? health.updatedByVetId
      : vets.length > 0
        ? random.pick(vets).id
        : null;
    const cardiac = health.conditions.some((c) => /cardiomyopathy|mitral/i.test(c));

    const visits: Array<{ at: Date; author: WeightAuthor }> = [];
    // The showcase owners weigh every month, so their pets' charts always have a trend to show.
    const ownerCadence = SHOWCASE_PET_IDS.has(pet.id)
      ? ([24, 38] as const)
      : random.weighted([
          [[24, 38] as const, options.trackerPetIds.has(pet.id) ? 6 : 4],
          [[45, 100] as const, 4],
          [null, 2],
        ] as const);
    if (pet.createdAt >= from)
      visits.push({ at: addDays(pet.createdAt, random.float(0.01, 2)), author: 'user' });
    if (ownerCadence) {
      for (let at = addDays(from, random.float(2, ownerCadence[1])); at < end; ) {
        const hour = random.chance(0.5) ? random.float(7, 9.5) : random.float(18, 21.5);
        visits.push({ at: localInstant(timezone, at, hour), author: 'user' });
        at = addDays(at, random.float(ownerCadence[0], ownerCadence[1]));
      }
    }
    if (usualVet) {
      const every: readonly [number, number] = cardiac ? [75, 110] : [110, 230];
      for (let at = addDays(from, random.float(5, every[1])); at < end; ) {
        const weekday = new Date(at).getUTCDay();
        const onWorkday = weekday === 0 ? addDays(at, 1) : weekday === 6 ? addDays(at, 2) : at;
        visits.push({ at: localInstant(timezone, onWorkday, random.float(9, 17.5)), author: 'vet' });
        at = addDays(onWorkday, random.float(every[0], every[1]));
      }
    }
    if (stalledSince) {
      // Weighed by the vet the day the diet was written, then weekly at home as the vet asked.
      const start = localInstant(timezone, new Date(`${stalledSince}T12:00:00Z`), random.float(9, 17));
      const before = visits.filter((visit) => visit.author === 'vet' || visit.at < start);
      visits.length = 0;
      visits.push(...before, { at: start, author: usualVet ? 'vet' : 'user' });
      for (let at = addDays(start, 7); at < end; at = addDays(at, 7))
        visits.push({ at: localInstant(timezone, at, random.float(7, 9)), author: 'user' });
    }
    // Whole seconds, like every instant the API hands out.
    const toSecond = (at: Date) => new Date(Math.ceil(at.getTime() / 1000) * 1000);
    const kept = visits
      .map((visit) => ({ ...visit, at: toSecond(visit.at) }))
      .filter((visit) => visit.at > pet.createdAt && visit.at < end);
    if (kept.length === 0) {
      const at = from.getTime() + (end.getTime() - from.getTime()) * random.float(0.1, 0.9);
      kept.push({ at: toSecond(new Date(at)), author: 'user' });
    }
    kept.sort((a, b) => a.at.getTime() - b.at.getTime());

    kept.forEach((visit, position) => {
      const atVet = visit.author === 'vet';
      const latest = position === kept.length - 1;
      const measured = trend(visit.at) * (1 + gaussian(random) * (atVet ? 0.004 : 0.008));
      const precision = atVet || measured < 3 ? 100 : 10;
      const valueKg = latest
        ? (health.weightKg ?? measured)
        : Math.max(0.1, Math.round(measured * precision) / precision);
      const createdAt = new Date(visit.at.getTime() + random.int(60, atVet ? 3_600 : 1_800) * 1000);
      const note = atVet
        ? random.chance(0.6)
          ? cardiac && random.chance(0.7)
            ? 'Cardiology recheck'
            : random.pick(VET_WEIGHT_NOTES)
          : null
        : random.chance(0.08)
          ? random.pick(OWNER_WEIGHT_NOTES)
          : null;
      rows.push({
        id: random.uuidV7(createdAt),
        petId: pet.id,
        valueKg,
        measuredAt: visit.at,
        location: atVet ? 'vet' : 'home',
        author: visit.author,
        authorVetId: atVet ? usualVet : null,
        authorUserId: atVet ? null : owner.id,
        note,
        createdAt,
      });
    });
  }
  return rows;
}
