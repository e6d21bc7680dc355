import type {
  ActivityLevel,
  BetaFeature,
  FamilyKind,
  PetSex,
  Species,
  SubscriptionPlan,
  SubscriptionStatus,
} from '@vetboard/contract';
import type { MedicationValue } from '../modules/core/pets/index.ts';

/**
 * The records demos, browser tests and later issues (trackers, diets, reports) build on. Their ids
 * are fixed, not drawn, so they stay the same whatever else the seed generates. Names mirrored in
 * e2e/support/demo.ts.
 */
export const SHOWCASE_IDS = {
  emmaClarke: '0190b3c2-4e5a-7a01-8c11-000000000001',
  emmaFamily: '0190b3c2-4e5a-7a01-8c11-000000000002',
  luna: '0190b3c2-4e5a-7a01-8c11-000000000003',
  milo: '0190b3c2-4e5a-7a01-8c11-000000000004',
  pepper: '0190b3c2-4e5a-7a01-8c11-000000000005',
  emmaSubscription: '0190b3c2-4e5a-7a01-8c11-000000000006',
  emmaBeta: '0190b3c2-4e5a-7a01-8c11-000000000007',
  tomBecker: '0190b3c2-4e5a-7a01-8c11-000000000011',
  tomFamily: '0190b3c2-4e5a-7a01-8c11-000000000012',
  biscuit: '0190b3c2-4e5a-7a01-8c11-000000000013',
  tomSubscription: '0190b3c2-4e5a-7a01-8c11-000000000014',
} as const;

export interface ShowcaseOwner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  phone: string;
  userType: 1 | 2;
  b2bCode: string | null;
  city: string;
  country: string;
  timezone: string;
  createdAt: Date;
}

export interface ShowcasePet {
  id: string;
  name: string;
  species: Species;
  breed: string;
  sex: PetSex;
  birthDate: string;
  neutered: boolean;
  microchip: string;
  createdAt: Date;
  health: {
    conditions: string[];
    allergies: string[];
    medications: MedicationValue[];
    activityLevel: ActivityLevel;
    bodyConditionScore: number;
    weightKg: number;
    targetWeightKg: number | null;
  };
}

export interface ShowcaseFamily {
  id: string;
  familyKind: FamilyKind;
  owner: ShowcaseOwner;
  pets: ShowcasePet[];
  subscription: {
    id: string;
    plan: SubscriptionPlan;
    status: SubscriptionStatus;
    startedOn: string;
    renewsOn: string | null;
  };
  betas: Array<{ id: string; feature: BetaFeature; notes: string; enrolledAt: Date }>;
}

export const EMMA_CLARKE: ShowcaseOwner = {
  id: SHOWCASE_IDS.emmaClarke,
  email: 'emma.clarke@example.com',
  firstName: 'Emma',
  lastName: 'Clarke',
  name: 'Emma Clarke',
  phone: '+44 7700 900123',
  userType: 1,
  b2bCode: null,
  city: 'Bristol',
  country: 'GB',
  timezone: 'Europe/London',
  createdAt: new Date('2023-04-11T18:42:00Z'),
};

/** A senior Cavalier with a heart murmur: the patient whose history every later issue extends. */
export const LUNA: ShowcasePet = {
  id: SHOWCASE_IDS.luna,
  name: 'Luna',
  species: 'dog',
  breed: 'Cavalier King Charles Spaniel',
  sex: 'female',
  birthDate: '2018-03-14',
  neutered: true,
  microchip: '985112004567890',
  createdAt: new Date('2023-04-11T18:55:00Z'),
  health: {
    conditions: ['Myxomatous mitral valve disease (ACVIM stage B2)'],
    allergies: ['Chicken'],
    medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'twice daily' }],
    activityLevel: 'moderate',
    bodyConditionScore: 5,
    weightKg: 8.6,
    targetWeightKg: 8.5,
  },
};

export const MILO: ShowcasePet = {
  id: SHOWCASE_IDS.milo,
  name: 'Milo',
  species: 'cat',
  breed: 'British Shorthair',
  sex: 'male',
  birthDate: '2020-06-02',
  neutered: true,
  microchip: '826098100234561',
  createdAt: new Date('2023-04-11T19:03:00Z'),
  health: {
    conditions: [],
    allergies: [],
    medications: [],
    activityLevel: 'low',
    bodyConditionScore: 6,
    weightKg: 6.4,
    targetWeightKg: 5.9,
  },
};

export const PEPPER: ShowcasePet = {
  id: SHOWCASE_IDS.pepper,
  name: 'Pepper',
  species: 'dog',
  breed: 'Border Collie',
  sex: 'female',
  birthDate: '2021-09-20',
  neutered: false,
  microchip: '985112004567891',
  createdAt: new Date('2023-05-02T08:12:00Z'),
  health: {
    conditions: [],
    allergies: [],
    medications: [],
    activityLevel: 'high',
    bodyConditionScore: 4,
    weightKg: 16.8,
    targetWeightKg: null,
  },
};

export const TOM_BECKER: ShowcaseOwner = {
  id: SHOWCASE_IDS.tomBecker,
  email: 'tom.becker@example.com',
  firstName: 'Tom',
  lastName: 'Becker',
  name: 'Tom Becker',
  phone: '+49 151 23456789',
  userType: 2,
  b2bCode: 'PAWSURE',
  city: 'Berlin',
  country: 'DE',
  timezone: 'Europe/Berlin',
  createdAt: new Date('2024-02-05T07:30:00Z'),
};

export const BISCUIT: ShowcasePet = {
  id: SHOWCASE_IDS.biscuit,
  name: 'Biscuit',
  species: 'dog',
  breed: 'Beagle',
  sex: 'male',
  birthDate: '2019-05-08',
  neutered: true,
  microchip: '276098106543210',
  createdAt: new Date('2024-02-05T07:41:00Z'),
  health: {
    conditions: ['Atopic dermatitis'],
    allergies: ['Beef'],
    medications: [{ name: 'Oclacitinib', dose: '5.4 mg', frequency: 'twice daily' }],
    activityLevel: 'high',
    bodyConditionScore: 6,
    weightKg: 14.2,
    targetWeightKg: 13,
  },
};

export const SHOWCASE_FAMILIES: readonly ShowcaseFamily[] = [
  {
    id: SHOWCASE_IDS.emmaFamily,
    familyKind: 'paid',
    owner: EMMA_CLARKE,
    pets: [LUNA, MILO, PEPPER],
    subscription: {
      id: SHOWCASE_IDS.emmaSubscription,
      plan: 'yearly',
      status: 'active',
      startedOn: '2023-04-11',
      renewsOn: '2027-04-11',
    },
    betas: [
      {
        id: SHOWCASE_IDS.emmaBeta,
        feature: 'heart_rate',
        notes: 'Luna (MMVD stage B2): sleeping heart rate alongside her respiratory rate',
        enrolledAt: new Date('2026-02-03T10:15:00Z'),
      },
    ],
  },
  {
    id: SHOWCASE_IDS.tomFamily,
    familyKind: 'b2b',
    owner: TOM_BECKER,
    pets: [BISCUIT],
    subscription: {
      id: SHOWCASE_IDS.tomSubscription,
      plan: 'b2b',
      status: 'active',
      startedOn: '2024-02-05',
      renewsOn: '2027-02-05',
    },
    betas: [],
  },
];

export const SHOWCASE_PETS: readonly ShowcasePet[] = SHOWCASE_FAMILIES.flatMap((family) => family.pets);
export const SHOWCASE_OWNERS: readonly ShowcaseOwner[] = SHOWCASE_FAMILIES.map((family) => family.owner);
