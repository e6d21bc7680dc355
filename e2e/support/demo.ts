/** What the seed creates for an empty database (apps/api/src/seed): every demo vet shares this password. */
export const DEMO_PASSWORD = 'demo-password-123';

export const HEAD_VET = { email: 'head.vet@example.com', fullName: 'Helena Marsh', kindLabel: 'Head vet' };
export const REGULAR_VET = { email: 'regular.vet@example.com' };

export const PRODUCT_NAME = 'Vetboard';
export const SAMPLE_UUID = '0190a6e4-7c1e-7b3a-9f00-000000000001';

/** Demo vets of the other kinds and the companies they belong to (apps/api/src/seed/demo-vets.ts). */
export const B2B_VET = { email: 'b2b.vet@example.com', fullName: 'Priya Raman', companySku: 'PAWSURE' };
export const PARTNER_VET = {
  email: 'partner.vet@example.com',
  fullName: 'Jonas Lindqvist',
  companySku: 'HAPPYTAILS',
};
export const UNDEFINED_VET = { email: 'undefined.vet@example.com', fullName: 'Alex Kim' };

export const PAWSURE = { sku: 'PAWSURE', name: 'Pawsure Insurance', kind: 'insurer' };
export const HAPPYTAILS = { sku: 'HAPPYTAILS', name: 'Happy Tails Kennels', kind: 'kennel' };

/**
 * The showcase records of the seed (apps/api/src/seed/showcase.ts): fixed ids, so a test can open
 * `/pets/${LUNA.uuid}` directly. No other demo pet or owner shares these names.
 */
export const EMMA_CLARKE = {
  uuid: '0190b3c2-4e5a-7a01-8c11-000000000001',
  fullName: 'Emma Clarke',
  email: 'emma.clarke@example.com',
  userType: 1,
  city: 'Bristol',
  country: 'GB',
  timezone: 'Europe/London',
};
export const EMMA_FAMILY = { uuid: '0190b3c2-4e5a-7a01-8c11-000000000002', familyKind: 'paid', petsCount: 3 };
export const LUNA = {
  uuid: '0190b3c2-4e5a-7a01-8c11-000000000003',
  name: 'Luna',
  species: 'dog',
  breed: 'Cavalier King Charles Spaniel',
  sex: 'female',
  birthDate: '2018-03-14',
  microchip: '985112004567890',
  condition: 'Myxomatous mitral valve disease (ACVIM stage B2)',
  allergy: 'Chicken',
  medication: 'Pimobendan',
};
export const MILO = { uuid: '0190b3c2-4e5a-7a01-8c11-000000000004', name: 'Milo', species: 'cat' };
export const PEPPER = { uuid: '0190b3c2-4e5a-7a01-8c11-000000000005', name: 'Pepper', species: 'dog' };

export const TOM_BECKER = {
  uuid: '0190b3c2-4e5a-7a01-8c11-000000000011',
  fullName: 'Tom Becker',
  email: 'tom.becker@example.com',
  userType: 2,
  b2BCode: 'PAWSURE',
  city: 'Berlin',
  country: 'DE',
  timezone: 'Europe/Berlin',
};
export const TOM_FAMILY = { uuid: '0190b3c2-4e5a-7a01-8c11-000000000012', familyKind: 'b2b', petsCount: 1 };
export const BISCUIT = {
  uuid: '0190b3c2-4e5a-7a01-8c11-000000000013',
  name: 'Biscuit',
  species: 'dog',
  breed: 'Beagle',
};

/** The failed job prepare/seed-database.ts leaves for /jobs (a queue of its own, no worker). */
export const FAILED_JOB = { queue: 'e2e.weekly-report', error: 'The PDF renderer ran out of memory' };

/** The demo checkup pools and Luna's checkups (apps/api/src/seed/generate-checkups.ts). */
export const POOLS = {
  cardiac: { uuid: '0190b3c2-4e5a-7a01-8c11-000000000031', title: 'Cardiac follow-up' },
  monthly: { uuid: '0190b3c2-4e5a-7a01-8c11-000000000036', title: 'Monthly wellbeing' },
};
export const LUNA_CHECKUPS = {
  /** Problematic (coughing at night, breathing faster asleep), answered two days ago, awaiting review. */
  cardiacAwaiting: '0190b3c2-4e5a-7a01-8c11-000000000041',
  /** Reviewed, its comment amended once. */
  cardiacAmended: '0190b3c2-4e5a-7a01-8c11-000000000043',
  /** Monthly wellbeing sent yesterday, not answered. */
  monthlySent: '0190b3c2-4e5a-7a01-8c11-000000000044',
};

/** Luna's coughing entries in the symptoms journal (apps/api/src/seed/generate-journal.ts). */
export const LUNA_JOURNAL = {
  /** Severity 3, yesterday, new. */
  coughWorst: '0190b3c2-4e5a-7a01-8c11-000000000061',
  /** Severity 2, 14 days ago, seen, with a reply. */
  coughReplied: '0190b3c2-4e5a-7a01-8c11-000000000064',
};

/** Luna's Q&A threads (apps/api/src/seed/generate-questions.ts). */
export const LUNA_QUESTIONS = {
  /** Emma's open question about Luna's breathing, asked yesterday. */
  breathingOpen: '0190b3c2-4e5a-7a01-8c11-000000000071',
  /** Answered and sent a month ago. */
  walksAnswered: '0190b3c2-4e5a-7a01-8c11-000000000072',
};

/** Luna's clinical documents (apps/api/src/seed/generate-clinical-documents.ts). */
export const LUNA_DOCUMENTS = {
  /** Her mitral valve disease assessment as first signed… */
  assessmentV1: '0190b3c2-4e5a-7a01-8c11-000000000091',
  /** …and its signed amendment (the pimobendan dose corrected). */
  assessmentV2: '0190b3c2-4e5a-7a01-8c11-000000000092',
  /** The signed cardiology follow-up report. */
  cardiologyReport: '0190b3c2-4e5a-7a01-8c11-000000000093',
};

/** The owner app's integration token prepare/seed-database.ts registers (only its hash is stored). */
export const OWNER_APP_TOKEN = 'vbi_e2e-owner-app-0123456789abcdefghijklmnopqrstuv';
