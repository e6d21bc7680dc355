import type { PreventiveProtocolItem } from '@vetboard/contract';

/**
 * The preventive-care protocols, shipped with the product like the drugs and the breeds.
 *
 * DEFAULTS FOR A DEMO, NOT FOR CLINICAL USE: each line follows the guideline named in its `guideline`,
 * abridged to one schedule (the guidelines give ranges; the earliest usual age and the longest usual
 * interval of a licensed product are kept) and transcribed by hand without a veterinarian's review. A
 * practice changes them to its products and its region's risks (head-vet editing is a later slice).
 *
 * Sources:
 * - WSAVA 2024: Squires R.A. et al., "2024 guidelines for the vaccination of dogs and cats", J Small Anim
 *   Pract 65 (2024): core puppy and kitten vaccines from 6-8 weeks every 2-4 weeks until 16 weeks or older,
 *   a booster at 6-12 months, then no more often than every 3 years for the modified-live core vaccines;
 *   an adult of unknown history needs a single modified-live core dose.
 * - AAHA 2022: Ellis J. et al., "2022 AAHA Canine Vaccination Guidelines", JAAHA 58 (2022): leptospirosis
 *   two doses 2-4 weeks apart from 8-9 weeks, then yearly; rabies one dose at 12-16 weeks, again a year
 *   later, then by the product's licence (1 or 3 years); Bordetella (kennel cough) intranasal once, yearly.
 * - AAFP 2020: Stone A.E. et al., "2020 AAHA/AAFP Feline Vaccination Guidelines", JFMS 22 (2020): FeLV
 *   two doses 3-4 weeks apart from 8 weeks, a booster a year later, then every 2 years for lower-risk adult
 *   cats; an adult FVRCP needs two doses 3-4 weeks apart.
 * - CAPC: Companion Animal Parasite Council general guidelines (capcvet.org, 2023 revision): puppies
 *   dewormed at 2, 4, 6 and 8 weeks, kittens at 3, 5, 7 and 9 weeks, then monthly to 6 months; year-round
 *   flea, tick and heartworm prevention from 8 weeks, monthly.
 * - ESCCAP GL1 (6th ed., 2021): adult deworming at least four times a year when monthly prevention with an
 *   intestinal dewormer is not given.
 *
 * Codes are stable: doses and not-applicable marks store them, so the editable protocols of a later slice
 * are seeded from this list under the same codes.
 */
const WSAVA = 'WSAVA 2024 vaccination guidelines';
const AAHA = 'AAHA 2022 canine vaccination guidelines';
const AAFP = 'AAHA/AAFP 2020 feline vaccination guidelines';
const CAPC = 'CAPC general guidelines (2023)';
const ESCCAP = 'ESCCAP GL1, 6th ed. (2021)';

export const PREVENTIVE_PROTOCOLS: readonly PreventiveProtocolItem[] = [
  // Dogs: vaccines
  {
    code: 'dog.dhpp',
    species: 'dog',
    kind: 'vaccine',
    category: 'core',
    name: 'DHPP (distemper, hepatitis, parvovirus, parainfluenza)',
    description: 'Core. Puppy course to 16 weeks, a booster a year later, then every 3 years.',
    courseAgesWeeks: [8, 12, 16],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: 12,
    boosterMonths: 36,
    graceDays: 14,
    guideline: `${WSAVA}: core, every 2-4 weeks from 6-8 to 16 weeks or older; booster at 6-12 months; then every 3 years`,
  },
  {
    code: 'dog.leptospirosis',
    species: 'dog',
    kind: 'vaccine',
    category: 'non_core',
    name: 'Leptospirosis',
    description: 'Two doses 2-4 weeks apart, then every year.',
    courseAgesWeeks: [12, 16],
    adultDoses: 2,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: null,
    boosterMonths: 12,
    graceDays: 14,
    guideline: `${AAHA} (recommended for all dogs in North America) and ${WSAVA} (non-core): two doses 2-4 weeks apart, then yearly`,
  },
  {
    code: 'dog.rabies',
    species: 'dog',
    kind: 'vaccine',
    category: 'core',
    name: 'Rabies',
    description: 'One dose at 12 weeks, again a year later, then every 3 years (3-year product).',
    courseAgesWeeks: [12],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: 12,
    boosterMonths: 36,
    graceDays: 14,
    guideline: `${AAHA}: one dose at 12-16 weeks, a booster 1 year later, then every 3 years with a 3-year product; core where rabies is endemic or the law requires it (${WSAVA})`,
  },
  {
    code: 'dog.kennel_cough',
    species: 'dog',
    kind: 'vaccine',
    category: 'non_core',
    name: 'Kennel cough (Bordetella, intranasal)',
    description: 'For dogs in kennels, day care or shows: once from 8 weeks, then every year.',
    courseAgesWeeks: [8],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: null,
    boosterMonths: 12,
    graceDays: 14,
    guideline: `${AAHA} and ${WSAVA} (non-core): intranasal Bordetella once from 3-8 weeks, then yearly`,
  },
  // Dogs: parasites
  {
    code: 'dog.flea_tick',
    species: 'dog',
    kind: 'parasite',
    category: 'core',
    name: 'Flea and tick',
    description: 'Every month, all year, from 8 weeks.',
    courseAgesWeeks: [8],
    adultDoses: 1,
    minDaysBetweenDoses: 21,
    firstBoosterMonths: null,
    boosterMonths: 1,
    graceDays: 7,
    guideline: `${CAPC}: year-round flea and tick control from 8 weeks (monthly product)`,
  },
  {
    code: 'dog.heartworm',
    species: 'dog',
    kind: 'parasite',
    category: 'core',
    name: 'Heartworm',
    description: 'Every month, all year, from 8 weeks.',
    courseAgesWeeks: [8],
    adultDoses: 1,
    minDaysBetweenDoses: 21,
    firstBoosterMonths: null,
    boosterMonths: 1,
    graceDays: 7,
    guideline: `${CAPC} and American Heartworm Society: year-round monthly prevention started by 8 weeks`,
  },
  {
    code: 'dog.deworming',
    species: 'dog',
    kind: 'parasite',
    category: 'core',
    name: 'Deworming (intestinal worms)',
    description: 'Every 2 weeks to 8 weeks, monthly to 6 months, then every 3 months.',
    courseAgesWeeks: [2, 4, 6, 8, 12, 16, 20, 24],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: null,
    boosterMonths: 3,
    graceDays: 7,
    guideline: `${CAPC}: at 2, 4, 6 and 8 weeks, then monthly to 6 months; adults at least 4 times a year (${ESCCAP})`,
  },
  // Cats: vaccines
  {
    code: 'cat.fvrcp',
    species: 'cat',
    kind: 'vaccine',
    category: 'core',
    name: 'FVRCP (feline herpesvirus, calicivirus, panleukopenia)',
    description: 'Core. Kitten course to 16 weeks, a booster a year later, then every 3 years.',
    courseAgesWeeks: [8, 12, 16],
    adultDoses: 2,
    minDaysBetweenDoses: 21,
    firstBoosterMonths: 12,
    boosterMonths: 36,
    graceDays: 14,
    guideline: `${WSAVA} and ${AAFP}: core, every 3-4 weeks from 6-8 to 16-20 weeks; booster at 6-12 months; then every 3 years; an adult of unknown history two doses 3-4 weeks apart`,
  },
  {
    code: 'cat.felv',
    species: 'cat',
    kind: 'vaccine',
    category: 'core',
    name: 'FeLV (feline leukaemia)',
    description: 'Two doses 3-4 weeks apart from 8 weeks, a booster a year later, then every 2 years.',
    courseAgesWeeks: [8, 12],
    adultDoses: 2,
    minDaysBetweenDoses: 21,
    firstBoosterMonths: 12,
    boosterMonths: 24,
    graceDays: 14,
    guideline: `${AAFP}: core for cats under 1 year, two doses 3-4 weeks apart from 8 weeks, a booster 1 year later, then every 2 years for lower-risk adults (non-core for adults in ${WSAVA})`,
  },
  {
    code: 'cat.rabies',
    species: 'cat',
    kind: 'vaccine',
    category: 'core',
    name: 'Rabies',
    description: 'One dose at 12 weeks, again a year later, then every 3 years (3-year product).',
    courseAgesWeeks: [12],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: 12,
    boosterMonths: 36,
    graceDays: 14,
    guideline: `${AAFP}: one dose at 12-16 weeks, a booster 1 year later, then by the product's licence; core where rabies is endemic or the law requires it (${WSAVA})`,
  },
  // Cats: parasites
  {
    code: 'cat.flea',
    species: 'cat',
    kind: 'parasite',
    category: 'core',
    name: 'Flea',
    description: 'Every month, all year, from 8 weeks.',
    courseAgesWeeks: [8],
    adultDoses: 1,
    minDaysBetweenDoses: 21,
    firstBoosterMonths: null,
    boosterMonths: 1,
    graceDays: 7,
    guideline: `${CAPC}: year-round flea control from 8 weeks (monthly product)`,
  },
  {
    code: 'cat.deworming',
    species: 'cat',
    kind: 'parasite',
    category: 'core',
    name: 'Deworming (intestinal worms)',
    description: 'Every 2 weeks from 3 to 9 weeks, monthly to 6 months, then every 3 months.',
    courseAgesWeeks: [3, 5, 7, 9, 13, 17, 21, 26],
    adultDoses: 1,
    minDaysBetweenDoses: 14,
    firstBoosterMonths: null,
    boosterMonths: 3,
    graceDays: 7,
    guideline: `${CAPC}: at 3, 5, 7 and 9 weeks, then monthly to 6 months; adults at least 4 times a year (${ESCCAP})`,
  },
];

export function protocolItemOfCode(code: string): PreventiveProtocolItem | undefined {
  return PREVENTIVE_PROTOCOLS.find((item) => item.code === code);
}
