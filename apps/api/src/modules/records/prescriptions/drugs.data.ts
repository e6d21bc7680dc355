import type { Drug, DrugDose, DrugStrength } from '@vetboard/contract';

/**
 * The drugs a vet can prescribe, shipped with the product like the breeds and ingredients.
 *
 * REFERENCE DATA FOR A DEMO, NOT FOR CLINICAL USE. The ranges are abridged from the sources named on each
 * line — Plumb's Veterinary Drug Handbook, 10th ed. (2023), and the EU product's SPC (summary of product
 * characteristics, as published by the EMA or a national agency) — and were transcribed by hand without a
 * pharmacist's review: one indication each (the commonest), maintenance rather than loading doses. A
 * species without a line is "not listed" (a warning at prescribing), which for permethrin in cats is the
 * point. The strengths are those of products sold in the EU; `splits` is how the tablet is scored.
 *
 * Codes are stable: prescriptions store them, so a later table of drugs vets can add to is seeded from this
 * list under the same codes.
 */
const PLUMBS = "Plumb's Veterinary Drug Handbook, 10th ed. (2023)";

const dose = (
  species: DrugDose['species'],
  minMgPerKg: number,
  maxMgPerKg: number,
  frequency: DrugDose['frequency'],
  source: string,
  route: DrugDose['route'] = 'oral',
): DrugDose => ({ species, minMgPerKg, maxMgPerKg, frequency, route, source });

const tablets = (code: string, form: string, mgs: number[], splits: DrugStrength['splits']): DrugStrength[] =>
  mgs.map((mg) => ({
    id: `${code}-tab-${mg}`,
    form,
    unit: form.toLowerCase().includes('capsule') ? 'capsule' : 'tablet',
    mgPerUnit: mg,
    splits: form.toLowerCase().includes('capsule') ? 1 : splits,
    label: `${form}, ${mg} mg`,
  }));

const liquid = (code: string, form: string, mgPerMl: number): DrugStrength => ({
  id: `${code}-liq-${mgPerMl}`,
  form,
  unit: 'ml',
  mgPerUnit: mgPerMl,
  splits: 1,
  label: `${form}, ${mgPerMl} mg/ml`,
});

const pipettes = (code: string, mgs: number[]): DrugStrength[] =>
  mgs.map((mg) => ({
    id: `${code}-pip-${mg}`,
    form: 'Spot-on pipette',
    unit: 'pipette',
    mgPerUnit: mg,
    splits: 1,
    label: `Spot-on pipette, ${mg} mg`,
  }));

export const DRUGS: readonly Drug[] = [
  {
    code: 'pimobendan',
    name: 'Pimobendan',
    classes: ['inodilator'],
    doses: [
      dose(
        'dog',
        0.1,
        0.3,
        'twice_daily',
        'Vetmedin chewable tablets SPC (0.2–0.6 mg/kg a day in two doses)',
      ),
      dose('cat', 0.1, 0.3, 'twice_daily', `${PLUMBS} (extra-label in cats)`),
    ],
    strengths: tablets('pimobendan', 'Chewable tablet', [1.25, 2.5, 5, 10], 2),
  },
  {
    code: 'furosemide',
    name: 'Furosemide',
    classes: ['diuretic'],
    doses: [
      dose('dog', 1, 4, 'twice_daily', `${PLUMBS}; Frusecare tablets SPC`),
      dose('cat', 1, 2, 'twice_daily', PLUMBS),
    ],
    strengths: [...tablets('furosemide', 'Tablet', [10, 40], 4), liquid('furosemide', 'Oral solution', 10)],
  },
  {
    code: 'torasemide',
    name: 'Torasemide',
    classes: ['diuretic'],
    doses: [
      dose('dog', 0.1, 0.6, 'once_daily', 'UpCard tablets SPC'),
      dose('cat', 0.1, 0.3, 'once_daily', `${PLUMBS} (extra-label in cats)`),
    ],
    strengths: tablets('torasemide', 'Tablet', [0.75, 3, 7.5, 18], 4),
  },
  {
    code: 'spironolactone',
    name: 'Spironolactone',
    classes: ['diuretic'],
    // Not listed for cats: ulcerative facial dermatitis in Maine Coons in the product's trials.
    doses: [dose('dog', 1, 2, 'once_daily', 'Prilactone Next tablets SPC (2 mg/kg once a day)')],
    strengths: tablets('spironolactone', 'Tablet', [10, 40, 80], 4),
  },
  {
    code: 'benazepril',
    name: 'Benazepril',
    classes: ['ace_inhibitor'],
    doses: [
      dose('dog', 0.25, 0.5, 'once_daily', 'Fortekor tablets SPC (dogs)'),
      dose('cat', 0.5, 1, 'once_daily', 'Fortekor tablets SPC (cats, chronic kidney disease)'),
    ],
    strengths: tablets('benazepril', 'Tablet', [2.5, 5, 20], 2),
  },
  {
    code: 'enalapril',
    name: 'Enalapril',
    classes: ['ace_inhibitor'],
    doses: [dose('dog', 0.25, 0.5, 'twice_daily', PLUMBS), dose('cat', 0.25, 0.5, 'once_daily', PLUMBS)],
    strengths: tablets('enalapril', 'Tablet', [2.5, 5, 10, 20], 2),
  },
  {
    code: 'amlodipine',
    name: 'Amlodipine',
    classes: ['calcium_channel_blocker'],
    doses: [
      dose('cat', 0.125, 0.5, 'once_daily', 'Amodip chewable tablets SPC (0.125–0.25 mg/kg, up to 0.5)'),
      dose('dog', 0.1, 0.5, 'once_daily', PLUMBS),
    ],
    strengths: tablets('amlodipine', 'Chewable tablet', [1.25, 5], 2),
  },
  {
    code: 'clopidogrel',
    name: 'Clopidogrel',
    classes: ['antiplatelet'],
    doses: [
      dose('cat', 3, 5, 'once_daily', `${PLUMBS} (18.75 mg a cat: a quarter of a 75 mg tablet)`),
      dose('dog', 1, 3, 'once_daily', PLUMBS),
    ],
    strengths: tablets('clopidogrel', 'Tablet', [75], 4),
  },
  {
    code: 'meloxicam',
    name: 'Meloxicam',
    classes: ['nsaid'],
    doses: [
      dose('dog', 0.1, 0.2, 'once_daily', 'Metacam oral suspension for dogs SPC (0.2 mg/kg day 1, then 0.1)'),
      dose(
        'cat',
        0.05,
        0.1,
        'once_daily',
        'Metacam oral suspension for cats SPC (0.05 mg/kg a day, chronic)',
      ),
    ],
    strengths: [
      liquid('meloxicam', 'Oral suspension for dogs', 1.5),
      liquid('meloxicam', 'Oral suspension for cats', 0.5),
      ...tablets('meloxicam', 'Chewable tablet', [1, 2.5], 2),
    ],
  },
  {
    code: 'robenacoxib',
    name: 'Robenacoxib',
    classes: ['nsaid'],
    doses: [
      dose('dog', 1, 2, 'once_daily', 'Onsior tablets for dogs SPC'),
      dose('cat', 1, 2.4, 'once_daily', 'Onsior tablets for cats SPC'),
    ],
    strengths: [
      ...tablets('robenacoxib', 'Tablet', [5, 10, 20, 40], 1),
      ...tablets('robenacoxib-cat', 'Tablet for cats', [6], 1),
    ],
  },
  {
    code: 'carprofen',
    name: 'Carprofen',
    classes: ['nsaid'],
    // Oral carprofen is not listed for cats: their clearance is slow and variable (the SPC is for dogs).
    doses: [dose('dog', 2, 4, 'once_daily', 'Rimadyl tablets SPC (4 mg/kg a day, one or two doses)')],
    strengths: tablets('carprofen', 'Tablet', [20, 50, 100], 2),
  },
  {
    code: 'prednisolone',
    name: 'Prednisolone',
    classes: ['corticosteroid'],
    doses: [
      dose('dog', 0.5, 1, 'once_daily', `${PLUMBS} (anti-inflammatory)`),
      dose('cat', 1, 2, 'once_daily', `${PLUMBS} (anti-inflammatory)`),
    ],
    strengths: tablets('prednisolone', 'Tablet', [1, 5], 2),
  },
  {
    code: 'amoxicillin-clavulanate',
    name: 'Amoxicillin-clavulanate',
    classes: ['penicillin'],
    doses: [
      dose('dog', 12.5, 25, 'twice_daily', 'Synulox tablets SPC (12.5 mg/kg twice a day); Plumb’s up to 25'),
      dose('cat', 12.5, 25, 'twice_daily', 'Synulox tablets SPC'),
    ],
    strengths: tablets('amoxicillin-clavulanate', 'Tablet', [50, 250, 500], 4),
  },
  {
    code: 'cefalexin',
    name: 'Cefalexin',
    classes: ['cephalosporin'],
    doses: [
      dose('dog', 15, 30, 'twice_daily', 'Therios tablets SPC (15 mg/kg twice a day)'),
      dose('cat', 15, 30, 'twice_daily', 'Therios 75 mg tablets for cats SPC'),
    ],
    strengths: tablets('cefalexin', 'Tablet', [75, 300, 750], 2),
  },
  {
    code: 'doxycycline',
    name: 'Doxycycline',
    classes: ['tetracycline'],
    doses: [
      dose('dog', 5, 10, 'once_daily', 'Ronaxan tablets SPC (10 mg/kg once a day)'),
      dose('cat', 5, 10, 'once_daily', 'Ronaxan tablets SPC; give with water (oesophageal strictures)'),
    ],
    strengths: tablets('doxycycline', 'Tablet', [20, 100], 2),
  },
  {
    code: 'metronidazole',
    name: 'Metronidazole',
    classes: ['nitroimidazole'],
    doses: [
      dose('dog', 10, 15, 'twice_daily', 'Metrobactin tablets SPC (12.5 mg/kg twice a day)'),
      dose('cat', 10, 15, 'twice_daily', 'Metrobactin tablets SPC'),
    ],
    strengths: tablets('metronidazole', 'Tablet', [250, 500], 4),
  },
  {
    code: 'gabapentin',
    name: 'Gabapentin',
    classes: ['gabapentinoid'],
    doses: [
      dose('dog', 5, 10, 'three_times_daily', `${PLUMBS} (chronic pain)`),
      dose('cat', 5, 10, 'twice_daily', `${PLUMBS} (chronic pain)`),
    ],
    strengths: [...tablets('gabapentin', 'Capsule', [50, 100], 1), liquid('gabapentin', 'Oral solution', 50)],
  },
  {
    code: 'trazodone',
    name: 'Trazodone',
    classes: ['serotonin_modulator'],
    doses: [dose('dog', 2, 5, 'twice_daily', `${PLUMBS} (situational anxiety)`)],
    strengths: tablets('trazodone', 'Tablet', [50, 100], 2),
  },
  {
    code: 'maropitant',
    name: 'Maropitant',
    classes: ['antiemetic'],
    doses: [
      dose('dog', 2, 8, 'once_daily', 'Cerenia tablets SPC (2 mg/kg vomiting, 8 mg/kg motion sickness)'),
      dose('cat', 1, 1, 'once_daily', 'Cerenia injection SPC (1 mg/kg subcutaneously)', 'subcutaneous'),
    ],
    strengths: [
      ...tablets('maropitant', 'Tablet', [16, 24, 60, 160], 2),
      liquid('maropitant', 'Solution for injection', 10),
    ],
  },
  {
    code: 'levothyroxine',
    name: 'Levothyroxine',
    classes: ['thyroid_hormone'],
    doses: [dose('dog', 0.01, 0.02, 'twice_daily', 'Forthyron tablets SPC; Leventa SPC (0.02 mg/kg a day)')],
    strengths: [
      ...tablets('levothyroxine', 'Tablet', [0.2, 0.4, 0.8], 4),
      liquid('levothyroxine', 'Oral solution', 1),
    ],
  },
  {
    code: 'methimazole',
    name: 'Methimazole (thiamazole)',
    classes: ['antithyroid'],
    doses: [
      dose('cat', 0.25, 0.6, 'twice_daily', 'Felimazole tablets SPC (2.5 mg a cat twice a day, per kg here)'),
    ],
    // Sugar-coated: not to be split.
    strengths: tablets('methimazole', 'Coated tablet', [1.25, 2.5, 5], 1),
  },
  {
    code: 'fenbendazole',
    name: 'Fenbendazole',
    classes: ['benzimidazole'],
    doses: [
      dose('dog', 50, 50, 'once_daily', 'Panacur SPC (50 mg/kg once a day for 3 days)'),
      dose('cat', 50, 50, 'once_daily', 'Panacur SPC (50 mg/kg once a day for 3 days)'),
    ],
    strengths: [
      ...tablets('fenbendazole', 'Tablet', [250, 500], 2),
      liquid('fenbendazole', 'Oral suspension', 100),
    ],
  },
  {
    code: 'milbemycin',
    name: 'Milbemycin oxime (with praziquantel)',
    classes: ['macrocyclic_lactone'],
    doses: [
      dose('dog', 0.5, 1, 'once_monthly', 'Milbemax tablets for dogs SPC (at least 0.5 mg/kg)'),
      dose('cat', 2, 4, 'once_monthly', 'Milbemax tablets for cats SPC (at least 2 mg/kg)'),
    ],
    strengths: tablets('milbemycin', 'Tablet', [2.5, 4, 12.5, 16], 2),
  },
  {
    code: 'selamectin',
    name: 'Selamectin',
    classes: ['macrocyclic_lactone'],
    doses: [
      dose('dog', 6, 12, 'once_monthly', 'Stronghold spot-on SPC (at least 6 mg/kg)', 'topical'),
      dose('cat', 6, 12, 'once_monthly', 'Stronghold spot-on SPC (at least 6 mg/kg)', 'topical'),
    ],
    strengths: pipettes('selamectin', [15, 30, 45, 60, 120, 240, 360]),
  },
  {
    code: 'permethrin',
    name: 'Permethrin (with imidacloprid)',
    classes: ['pyrethroid'],
    // Dogs only: permethrin is toxic to cats (tremors, seizures), the SPC's first warning.
    doses: [
      dose('dog', 50, 100, 'once_monthly', 'Advantix spot-on SPC (at least 50 mg/kg permethrin)', 'topical'),
    ],
    strengths: pipettes('permethrin', [200, 500, 1250, 2000]),
  },
];

/** Words an allergy on file may use for a class, besides its label. */
export const CLASS_ALLERGY_TERMS: Partial<Record<Drug['classes'][number], readonly string[]>> = {
  nsaid: ['nsaid', 'non-steroidal', 'nonsteroidal'],
  corticosteroid: ['corticosteroid', 'steroid', 'glucocorticoid'],
  penicillin: ['penicillin', 'beta-lactam', 'amoxicillin'],
  cephalosporin: ['cephalosporin', 'beta-lactam'],
  tetracycline: ['tetracycline'],
  ace_inhibitor: ['ace inhibitor', 'ace-inhibitor'],
  macrocyclic_lactone: ['avermectin', 'macrocyclic lactone', 'ivermectin'],
  pyrethroid: ['pyrethroid', 'pyrethrin'],
  benzimidazole: ['benzimidazole'],
};
