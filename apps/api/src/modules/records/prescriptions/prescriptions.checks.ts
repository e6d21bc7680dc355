import {
  DRUG_CLASS_LABELS,
  type Drug,
  PRESCRIPTION_WEIGHT_MAX_AGE_DAYS,
  type PrescriptionWarning,
  type Species,
  speciesLabels,
} from '@vetboard/contract';
import { CLASS_ALLERGY_TERMS, DRUGS } from './drugs.data.ts';

const DAY_MS = 86_400_000;
const DRUGS_BY_CODE = new Map(DRUGS.map((drug) => [drug.code, drug]));

export function drugOfCode(code: string): Drug | undefined {
  return DRUGS_BY_CODE.get(code);
}

const normalised = (value: string) => value.trim().toLowerCase();

/** The words an allergy on file would use for this drug: its name, code and classes. */
function allergyTermsOf(drug: Drug): string[] {
  return [
    drug.name,
    drug.code,
    ...drug.name.split(/[\s()-]+/),
    ...drug.classes.flatMap((drugClass) => [
      DRUG_CLASS_LABELS[drugClass],
      ...(CLASS_ALLERGY_TERMS[drugClass] ?? []),
    ]),
  ]
    .map(normalised)
    .filter((term) => (term.length >= 4 && term !== 'with') || term === 'nsaid');
}

/**
 * The allergy on file that names the drug or its class. Allergies are free text ("NSAIDs",
 * "amoxicillin - hives"), so a term inside the allergy, or the allergy's words inside the drug's name,
 * both count: a false alarm costs a confirmation, a missed one a reaction.
 */
function matchingAllergy(drug: Drug, allergies: readonly string[]): string | undefined {
  const terms = allergyTermsOf(drug);
  return allergies.find((allergy) => {
    const text = normalised(allergy);
    if (text.length === 0) return false;
    return terms.some((term) => text.includes(term) || (text.length >= 4 && term.includes(text)));
  });
}

export interface PrescriptionFacts {
  drug: Drug;
  species: Species;
  doseMgPerKg: number;
  weightMeasuredAt: Date;
  now: Date;
  allergies: readonly string[];
  /** The pet's other prescriptions still running. */
  running: ReadonlyArray<{ drugCode: string; drugName: string }>;
}

/** Every warning a prescription raises, in the order the form shows them. */
export function prescriptionWarnings(facts: PrescriptionFacts): PrescriptionWarning[] {
  const { drug, species } = facts;
  const warnings: PrescriptionWarning[] = [];
  const dose = drug.doses.find((candidate) => candidate.species === species);
  if (!dose)
    warnings.push({
      code: 'species_not_listed',
      message: `${drug.name} is not listed for ${speciesLabels[species].toLowerCase()}s`,
    });
  else if (facts.doseMgPerKg < dose.minMgPerKg || facts.doseMgPerKg > dose.maxMgPerKg)
    warnings.push({
      code: 'dose_out_of_range',
      message:
        dose.minMgPerKg === dose.maxMgPerKg
          ? `The usual dose for a ${species} is ${dose.minMgPerKg} mg/kg`
          : `The usual dose for a ${species} is ${dose.minMgPerKg}–${dose.maxMgPerKg} mg/kg`,
    });
  const ageDays = Math.floor((facts.now.getTime() - facts.weightMeasuredAt.getTime()) / DAY_MS);
  if (ageDays > PRESCRIPTION_WEIGHT_MAX_AGE_DAYS)
    warnings.push({
      code: 'weight_stale',
      message: `The latest weight is ${ageDays} days old (more than ${PRESCRIPTION_WEIGHT_MAX_AGE_DAYS})`,
    });
  const allergy = matchingAllergy(drug, facts.allergies);
  if (allergy) warnings.push({ code: 'allergy', message: `Allergy on file: ${allergy}` });
  const combination = nsaidCombination(drug, facts.running);
  if (combination) warnings.push({ code: 'nsaid_combination', message: combination });
  return warnings;
}

/** Two NSAIDs, or an NSAID and a corticosteroid, at once: the combinations that ulcerate a gut. */
function nsaidCombination(drug: Drug, running: PrescriptionFacts['running']): string | undefined {
  const isNsaid = drug.classes.includes('nsaid');
  const isSteroid = drug.classes.includes('corticosteroid');
  if (!isNsaid && !isSteroid) return undefined;
  for (const other of running) {
    const classes = drugOfCode(other.drugCode)?.classes ?? [];
    if (isNsaid && classes.includes('nsaid')) return `Another NSAID is active: ${other.drugName}`;
    if (isNsaid && classes.includes('corticosteroid'))
      return `A corticosteroid is active: ${other.drugName} (with an NSAID)`;
    if (isSteroid && classes.includes('nsaid'))
      return `An NSAID is active: ${other.drugName} (with a corticosteroid)`;
  }
  return undefined;
}
