import type {
  ActivityLevel,
  BetaFeature,
  CompanyKind,
  FamilyKind,
  PetSex,
  Species,
  SubscriptionPlan,
  SubscriptionStatus,
  VetKind,
} from '@vetboard/contract';
import type { MedicationValue } from '../modules/core/pets/index.ts';

/** The rows of the demo world, apart from the code that draws them, so every drawing step can name them. */
export interface DemoCompanyRow {
  sku: string;
  name: string;
  kind: CompanyKind;
  dailyStatusEmails: string[];
  urgentReportEmails: string[];
  createdAt: Date;
}

export interface DemoVetRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  kind: VetKind;
  companySku: string | null;
  createdAt: Date;
}

export interface DemoUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  userType: 1 | 2;
  b2bCode: string | null;
  familyId: string | null;
  city: string | null;
  country: string | null;
  timezone: string;
  createdAt: Date;
}

export interface DemoFamilyRow {
  id: string;
  familyKind: FamilyKind;
  ownerUserId: string;
  createdAt: Date;
}

export interface DemoPetRow {
  id: string;
  name: string;
  species: Species;
  breedId: string | null;
  sex: PetSex;
  birthDate: string | null;
  neutered: boolean | null;
  microchip: string | null;
  familyId: string;
  createdAt: Date;
}

export interface DemoHealthProfileRow {
  petId: string;
  conditions: string[];
  allergies: string[];
  medications: MedicationValue[];
  activityLevel: ActivityLevel | null;
  bodyConditionScore: number | null;
  weightKg: number | null;
  targetWeightKg: number | null;
  updatedAt: Date;
  updatedByVetId: string | null;
}

export interface DemoBetaRow {
  id: string;
  userId: string;
  feature: BetaFeature;
  notes: string | null;
  enrolledAt: Date;
  enrolledByVetId: string | null;
}

export interface DemoSubscriptionRow {
  id: string;
  userId: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  startedOn: string;
  renewsOn: string | null;
  createdAt: Date;
}

export interface DemoData {
  companies: DemoCompanyRow[];
  vets: DemoVetRow[];
  users: DemoUserRow[];
  families: DemoFamilyRow[];
  pets: DemoPetRow[];
  healthProfiles: DemoHealthProfileRow[];
  betas: DemoBetaRow[];
  subscriptions: DemoSubscriptionRow[];
}

export type DemoCounts = { [K in keyof DemoData]: number };
