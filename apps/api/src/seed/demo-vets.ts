import type { VetKind } from '@vetboard/contract';

export const DEMO_HEAD_VET_EMAIL = 'head.vet@example.com';

/** One account of every kind, each with a memorable e-mail for demos and browser tests. */
export const demoVets: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  kind: VetKind;
  companySku: string | null;
}> = [
  { email: DEMO_HEAD_VET_EMAIL, firstName: 'Helena', lastName: 'Marsh', kind: 'head', companySku: null },
  {
    email: 'regular.vet@example.com',
    firstName: 'Tomás',
    lastName: 'Ortega',
    kind: 'regular',
    companySku: null,
  },
  { email: 'b2b.vet@example.com', firstName: 'Priya', lastName: 'Raman', kind: 'b2b', companySku: 'PAWSURE' },
  {
    email: 'partner.vet@example.com',
    firstName: 'Jonas',
    lastName: 'Lindqvist',
    kind: 'partner',
    companySku: 'HAPPYTAILS',
  },
  {
    email: 'undefined.vet@example.com',
    firstName: 'Alex',
    lastName: 'Kim',
    kind: 'undefined',
    companySku: null,
  },
  {
    email: 'amelia.brooks@example.com',
    firstName: 'Amelia',
    lastName: 'Brooks',
    kind: 'regular',
    companySku: null,
  },
  {
    email: 'noah.fischer@example.com',
    firstName: 'Noah',
    lastName: 'Fischer',
    kind: 'regular',
    companySku: null,
  },
  { email: 'sofia.conti@example.com', firstName: 'Sofia', lastName: 'Conti', kind: 'head', companySku: null },
];
