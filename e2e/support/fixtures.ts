import { createHash } from 'node:crypto';
import { BISCUIT, EMMA_CLARKE, EMMA_FAMILY, LUNA, MILO, PEPPER, TOM_BECKER, TOM_FAMILY } from './demo.ts';

/**
 * Families a spec owns: each is a copy of a showcase family (owner, members, pets, health profiles,
 * subscription, betas, collar readings and rollups, weight history, thresholds, diets and diet plans —
 * every row reached through `family_id`, `user_id`, `owner_user_id`, `pet_id`, `diet_id` or
 * `diet_plan_id`, see e2e/prepare/clone-family.ts) under new ids and the names given here. Two workers
 * never change the same pet, and the showcase records stay as the seed made them for the specs that
 * only read them.
 *
 * To give a spec its own pets: add an entry here (a key nobody else uses, the showcase family it
 * copies, and names that no demo person or pet has, so a search for them finds exactly one), then
 * `const family = specFamily('mykey')` in the spec and open `/pets/${family.pets.luna.uuid}`. The
 * browser suite's global setup copies them into the database before the server starts (the copy is
 * cached with the seeded database, keyed on this file among others).
 */
export const SPEC_FAMILIES = {
  diets: {
    like: 'tom',
    owner: { firstName: 'Nora', lastName: 'Quillfeather' },
    pets: { biscuit: 'Crumpet' },
  },
  trackers: {
    like: 'emma',
    owner: { firstName: 'Iris', lastName: 'Thornbury' },
    pets: { luna: 'Marzipan', milo: 'Quokka', pepper: 'Zephyrine' },
  },
  trackersThresholds: {
    like: 'tom',
    owner: { firstName: 'Otto', lastName: 'Brackwater' },
    pets: { biscuit: 'Truffle' },
  },
  editors: {
    like: 'emma',
    owner: { firstName: 'Philippa', lastName: 'Wintersgill' },
    pets: { luna: 'Brambleworth' },
  },
  betas: { like: 'tom', owner: { firstName: 'Wren', lastName: 'Halloway' }, pets: { biscuit: 'Nugget' } },
  accessibility: {
    like: 'emma',
    owner: { firstName: 'Linnea', lastName: 'Okonkwo' },
    pets: { luna: 'Saffron', milo: 'Pipkin', pepper: 'Gossamer' },
  },
  weeklyReports: {
    like: 'emma',
    owner: { firstName: 'Perpetua', lastName: 'Gallowglass' },
    pets: { luna: 'Marmaduke' },
  },
  checkups: {
    like: 'emma',
    owner: { firstName: 'Ottoline', lastName: 'Wolstenholme' },
    pets: { luna: 'Quodlibet' },
  },
  petProfile: {
    like: 'tom',
    owner: { firstName: 'Ada', lastName: 'Pennywhistle' },
    pets: { biscuit: 'Pumpernickel' },
  },
  checkupPools: {
    like: 'tom',
    owner: { firstName: 'Hyacinth', lastName: 'Ravensworth' },
    pets: { biscuit: 'Marchpane' },
  },
  dietsMeanwhile: {
    like: 'tom',
    owner: { firstName: 'Peregrine', lastName: 'Ashcombe' },
    pets: { biscuit: 'Gingernut' },
  },
  checkupPoolsBulk: {
    like: 'emma',
    owner: { firstName: 'Ottoline', lastName: 'Sendwell' },
    pets: { luna: 'Bulkberry', milo: 'Bulkbean', pepper: 'Bulkbriar' },
  },
  checkupPoolsEmpty: {
    like: 'emma',
    owner: { firstName: 'Cordelia', lastName: 'Tremayne' },
    pets: { pepper: 'Pimpernel' },
  },
  pendingCards: {
    like: 'tom',
    owner: { firstName: 'Rosalind', lastName: 'Fothergill' },
    pets: { biscuit: 'Crumblecake' },
    withoutCollarReadings: true,
  },
  b2b: {
    like: 'tom',
    owner: { firstName: 'Tamsin', lastName: 'Fairweather' },
    pets: { biscuit: 'Shortbread' },
    withoutCollarReadings: true,
  },
  checkupsLive: {
    like: 'tom',
    owner: { firstName: 'Peregrine', lastName: 'Cobbleworth' },
    pets: { biscuit: 'Gingersnap' },
  },
  journal: {
    like: 'emma',
    owner: { firstName: 'Rosalind', lastName: 'Quenby' },
    pets: { luna: 'Bramblewick' },
  },
  reminders: {
    like: 'tom',
    owner: { firstName: 'Ambrose', lastName: 'Pettigrew' },
    pets: { biscuit: 'Snickerdoodle' },
    withoutCollarReadings: true,
  },
  records: {
    like: 'emma',
    owner: { firstName: 'Marigold', lastName: 'Ashcombe' },
    pets: { luna: 'Quillon' },
  },
  questions: {
    like: 'emma',
    owner: { firstName: 'Marigold', lastName: 'Featherstonehaugh' },
    pets: { luna: 'Periwinkle' },
  },
  questionsShots: {
    like: 'emma',
    owner: { firstName: 'Clementine', lastName: 'Ashdown-Pryce' },
    pets: { luna: 'Butterscotch' },
  },
  clinicalDocuments: {
    like: 'emma',
    owner: { firstName: 'Ottoline', lastName: 'Bramblewood' },
    pets: { luna: 'Tamarillo' },
  },
  dietProgress: {
    like: 'emma',
    owner: { firstName: 'Perpetua', lastName: 'Larkspur' },
    pets: { milo: 'Hobnob', pepper: 'Garibaldi' },
  },
  chartCoverage: {
    like: 'tom',
    owner: { firstName: 'Cosima', lastName: 'Wetherell' },
    pets: { biscuit: 'Damsonberry' },
  },
  chartMarkers: {
    like: 'emma',
    owner: { firstName: 'Evadne', lastName: 'Blackthorne' },
    pets: { luna: 'Quincewhistle' },
  },
  needsAttention: {
    like: 'emma',
    owner: { firstName: 'Araminta', lastName: 'Thistlewood' },
    pets: { luna: 'Quillamber' },
    withoutCollarReadings: true,
  },
  medications: {
    like: 'emma',
    owner: { firstName: 'Hyacinth', lastName: 'Dunmorrow' },
    pets: { luna: 'Pomegranate' },
    withoutCollarReadings: true,
  },
  preventiveCare: {
    like: 'emma',
    owner: { firstName: 'Araminta', lastName: 'Fenwhistle' },
    pets: { luna: 'Quillimbrook' },
    withoutCollarReadings: true,
  },
  vitalsCoverage: {
    like: 'tom',
    owner: { firstName: 'Leopoldine', lastName: 'Marchbanks' },
    pets: { biscuit: 'Quincewood' },
    withoutCollarReadings: true,
  },
  caseOnce: {
    like: 'tom',
    owner: { firstName: 'Bartholomew', lastName: 'Quiverwick' },
    pets: { biscuit: 'Tiddlywink' },
    withoutCollarReadings: true,
  },
} as const satisfies Record<string, SpecFamilySpec>;

export type SpecFamilyKey = keyof typeof SPEC_FAMILIES;

/**
 * Vets a spec owns, for specs that change a vet's kind or access (disabling one logs them out
 * everywhere, which would break any other spec logged in as a demo vet). They log in with the demo
 * password; their id is derived from the key like a spec family's.
 */
export const SPEC_VETS = {
  rightsDisabled: { firstName: 'Wilhelmina', lastName: 'Ashdown', kind: 'regular' },
  rightsDemoted: { firstName: 'Barnaby', lastName: 'Featherstone', kind: 'head' },
  // Sets up a second factor (second-factor.spec.ts): a demo vet with one could no longer log in with
  // the password alone.
  secondFactorTotp: { firstName: 'Octavia', lastName: 'Quillfeather', kind: 'regular' },
} as const satisfies Record<string, { firstName: string; lastName: string; kind: 'regular' | 'head' }>;

export type SpecVetKey = keyof typeof SPEC_VETS;

export interface SpecVet {
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  kind: 'regular' | 'head';
}

/** A spec's own vet, by its key in SPEC_VETS. */
export function specVet(key: SpecVetKey): SpecVet {
  const vet = SPEC_VETS[key];
  return {
    uuid: specId(key, 'vet'),
    email: `${vet.firstName}.${vet.lastName}+${key}@example.com`.toLowerCase(),
    ...vet,
    fullName: `${vet.firstName} ${vet.lastName}`,
  };
}

/** The showcase families a spec family can copy (apps/api/src/seed/showcase.ts). */
export const SHOWCASE_FAMILIES = {
  emma: { family: EMMA_FAMILY, owner: EMMA_CLARKE, pets: { luna: LUNA, milo: MILO, pepper: PEPPER } },
  tom: { family: TOM_FAMILY, owner: TOM_BECKER, pets: { biscuit: BISCUIT } },
} as const;

type Showcase = typeof SHOWCASE_FAMILIES;
type ShowcaseKey = keyof Showcase;

export interface SpecFamilySpec {
  like: ShowcaseKey;
  owner: { firstName: string; lastName: string };
  pets: Partial<Record<string, string>>;
  /**
   * The copy's pets have no collar readings (nor rollups), so a spec can post readings relative to
   * its own run's now. A card is raised on a half hour's average: a seeded sleeping reading in the
   * half hour a spec posts to (the seed's readings run up to when the database was prepared, often
   * minutes before) would pull three readings of 44 down to 37.5, high-orange instead of high-red.
   */
  withoutCollarReadings?: true;
}

/**
 * The id a copied row gets: the same on every run, so a spec knows its ids without asking the server.
 * A v4-shaped uuid (the API validates uuids strictly); clone-family.ts computes the same in SQL.
 */
export function specId(key: string, showcaseId: string): string {
  const hex = createHash('md5').update(`${key}:${showcaseId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The e-mail of a spec family's owner: the showcase owner's, tagged with the key. */
export function specEmail(key: string, showcaseEmail: string): string {
  const [local, domain] = showcaseEmail.split('@');
  return `${local}+${key.toLowerCase()}@${domain}`;
}

export interface SpecFamily<K extends SpecFamilyKey> {
  key: K;
  family: { uuid: string };
  owner: { uuid: string; firstName: string; lastName: string; fullName: string; email: string };
  pets: { [P in keyof (typeof SPEC_FAMILIES)[K]['pets']]: { uuid: string; name: string } };
}

/** A spec's own family, by its key in SPEC_FAMILIES. */
export function specFamily<K extends SpecFamilyKey>(key: K): SpecFamily<K> {
  const spec: SpecFamilySpec = SPEC_FAMILIES[key];
  const showcase = SHOWCASE_FAMILIES[spec.like];
  const showcasePets: Record<string, { uuid: string }> = showcase.pets;
  const pets = Object.fromEntries(
    Object.entries(spec.pets).map(([name, newName]) => {
      const pet = showcasePets[name];
      if (!pet || !newName)
        throw new Error(`SPEC_FAMILIES.${key}: ${spec.like}'s family has no pet "${name}"`);
      return [name, { uuid: specId(key, pet.uuid), name: newName }];
    }),
  );
  return {
    key,
    family: { uuid: specId(key, showcase.family.uuid) },
    owner: {
      uuid: specId(key, showcase.owner.uuid),
      ...spec.owner,
      fullName: `${spec.owner.firstName} ${spec.owner.lastName}`,
      email: specEmail(key, showcase.owner.email),
    },
    pets: pets as SpecFamily<K>['pets'],
  };
}

/** What the database preparation needs to copy every spec family (JSON, for a child process). */
export function cloneRequests(): Array<{
  key: string;
  familyId: string;
  owner: { id: string; firstName: string; lastName: string };
  petNames: Record<string, string>;
  withoutCollarReadings: boolean;
}> {
  return (Object.keys(SPEC_FAMILIES) as SpecFamilyKey[]).map((key) => {
    const spec: SpecFamilySpec = SPEC_FAMILIES[key];
    const showcase = SHOWCASE_FAMILIES[spec.like];
    const showcasePets: Record<string, { uuid: string }> = showcase.pets;
    const petNames: Record<string, string> = {};
    for (const [name, uuid] of Object.entries(showcasePets)) {
      // A pet the entry does not rename still comes along (it is family), under a name of its own.
      petNames[uuid.uuid] = spec.pets[name] ?? `${spec.owner.lastName} ${name}`;
    }
    return {
      key,
      familyId: showcase.family.uuid,
      owner: { id: showcase.owner.uuid, ...spec.owner },
      petNames,
      withoutCollarReadings: spec.withoutCollarReadings ?? false,
    };
  });
}
