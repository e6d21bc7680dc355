import type { CompanyKind } from '@vetboard/contract';

export interface DemoCompany {
  sku: string;
  name: string;
  kind: CompanyKind;
  /** Where most of its customers live (a DEMO_LOCALES country). */
  country: string;
  /** Mail domain of its staff and contact addresses (RFC 2606 `.example`: never delivered). */
  domain: string;
  /** How many of the B2B families are its customers, relative to the other companies. */
  weight: number;
  dailyStatusEmails: readonly string[];
  urgentReportEmails: readonly string[];
}

function company(
  sku: string,
  name: string,
  kind: CompanyKind,
  country: string,
  domain: string,
  weight: number,
  contacts: { daily: string[]; urgent: string[] },
): DemoCompany {
  return {
    sku,
    name,
    kind,
    country,
    domain,
    weight,
    dailyStatusEmails: contacts.daily.map((local) => `${local}@${domain}`),
    urgentReportEmails: contacts.urgent.map((local) => `${local}@${domain}`),
  };
}

/** Every kind of B2B customer; PAWSURE and HAPPYTAILS are the ones the demo vets belong to. */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  company('PAWSURE', 'Pawsure Insurance', 'insurer', 'GB', 'pawsure.example', 30, {
    daily: ['care-team', 'claims-desk'],
    urgent: ['urgent-care'],
  }),
  company('HAPPYTAILS', 'Happy Tails Kennels', 'kennel', 'GB', 'happytails.example', 8, {
    daily: ['frontdesk'],
    urgent: ['manager', 'frontdesk'],
  }),
  company('TIERSCHUTZPLUS', 'TierSchutz Plus Versicherung', 'insurer', 'DE', 'tierschutzplus.example', 18, {
    daily: ['tiergesundheit'],
    urgent: ['notfall'],
  }),
  company('ASSURANIMO', 'Assuranimo', 'insurer', 'FR', 'assuranimo.example', 12, {
    daily: ['suivi-quotidien'],
    urgent: ['urgences'],
  }),
  company('NORDPAW', 'Nordpaw Djurförsäkring', 'insurer', 'SE', 'nordpaw.example', 6, {
    daily: ['daglig'],
    urgent: ['akut'],
  }),
  company('GOLDENMEADOW', 'Golden Meadow Retrievers', 'breeder', 'GB', 'goldenmeadow.example', 3, {
    daily: ['litters'],
    urgent: ['sarah'],
  }),
  company('CASTELLOFELINO', 'Castello Felino Cattery', 'breeder', 'IT', 'castellofelino.example', 3, {
    daily: ['allevamento'],
    urgent: ['allevamento'],
  }),
  company('BARKBNB', 'BarkBnB Dog Hotel', 'kennel', 'NL', 'barkbnb.example', 5, {
    daily: ['gasten'],
    urgent: ['nood'],
  }),
  company('CITYPAWS', 'City Paws Daycare', 'daycare', 'US', 'citypaws.example', 7, {
    daily: ['pack-leaders', 'owners'],
    urgent: ['owners'],
  }),
  company('WAGWORKS', 'WagWorks Doggy Daycare', 'daycare', 'AU', 'wagworks.example', 4, {
    daily: ['hello'],
    urgent: ['hello'],
  }),
  company('SECONDCHANCE', 'Second Chance Animal Rescue', 'shelter', 'IE', 'secondchance.example', 4, {
    daily: ['fosters'],
    urgent: ['vet-liaison'],
  }),
  company('PETSANO', 'Petsano Clinics', 'other', 'ES', 'petsano.example', 5, {
    daily: ['coordinacion'],
    urgent: ['urgencias'],
  }),
];
