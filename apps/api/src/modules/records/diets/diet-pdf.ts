import { createHash } from 'node:crypto';
import {
  dietKindLabels,
  dietStatusLabels,
  nutrientProfileKindLabels,
  replacePetNamePlaceholders,
  roundTo2,
  speciesLabels,
} from '@vetboard/contract';
import type { DietPdfData } from './diet-pdf.document.ts';
import { type DietView, gramsOf, personName } from './diets.mapper.ts';

const NONE = '—';

function formatNumber(value: number): string {
  return roundTo2(value).toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

/** SPEC §9: dates in documents are DD/MM/YYYY. */
export function formatIsoDate(iso: string | null): string {
  if (!iso) return NONE;
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

function ageText(birthDate: string | null, today: string): string {
  if (!birthDate) return 'Unknown';
  const months = monthsBetween(birthDate, today);
  if (months < 1) return 'Under 1 month';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (years === 0) return plural(rest, 'month');
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} ${plural(rest, 'month')}`;
}

/** Whole months from one ISO date to another (a month counts once its day of the month is reached). */
export function monthsBetween(fromIso: string, toIso: string): number {
  const [fy, fm, fd] = fromIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = toIso.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

export function buildDietPdfData(view: DietView, productName: string, today: string): DietPdfData {
  const { diet, context, formulation } = view;
  const kind = dietKindLabels[diet.kind];
  const weight =
    context.pet.weightKg === null
      ? 'Unknown'
      : context.pet.targetWeightKg !== null && context.pet.targetWeightKg !== context.pet.weightKg
        ? `${formatNumber(context.pet.weightKg)} kg (target ${formatNumber(context.pet.targetWeightKg)} kg)`
        : `${formatNumber(context.pet.weightKg)} kg`;
  const totalGrams = view.ingredients.reduce((sum, item) => sum + gramsOf(item), 0);
  const { energy } = formulation;
  return {
    productName,
    kind,
    nutrientProfile: nutrientProfileKindLabels[diet.nutrientProfileKind],
    status: dietStatusLabels[diet.status],
    pet: {
      name: context.pet.name,
      species: speciesLabels[context.pet.species],
      breed: context.pet.breedName ?? 'Unknown',
      age: ageText(context.pet.birthDate, today),
      weight,
    },
    owner: personName(context.owner) ?? NONE,
    vet: personName(context.createdBy) ?? NONE,
    mealsPerDay: diet.mealsPerDay,
    ingredients: view.ingredients.map((item) => {
      const grams = gramsOf(item);
      return {
        name: item.ingredient.name,
        grams: `${formatNumber(grams)} g`,
        asEntered: `${formatNumber(item.amount)} ${item.unit}`,
        perMeal: `${formatNumber(grams / diet.mealsPerDay)} g`,
      };
    }),
    totalGrams: `${formatNumber(totalGrams)} g`,
    perMealGrams: `${formatNumber(totalGrams / diet.mealsPerDay)} g`,
    energy: {
      dietKcal: `${Math.round(energy.dietKcal).toLocaleString('en-GB')} kcal`,
      targetKcal:
        energy.targetKcal === null ? NONE : `${Math.round(energy.targetKcal).toLocaleString('en-GB')} kcal`,
      percentOfTarget: energy.percentOfTarget === null ? NONE : `${Math.round(energy.percentOfTarget)}%`,
    },
    feedingInstructions:
      replacePetNamePlaceholders(diet.feedingInstructions, context.pet.name).trim() ||
      'No special instructions.',
    formulatedOn: formatIsoDate(diet.formulatedOn),
    nextAssessmentOn: formatIsoDate(diet.nextAssessmentOn),
  };
}

export function pdfSourceHash(data: DietPdfData): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

/** `<pet>-diet-<date>.pdf`, ASCII only so every browser keeps the name. */
export function dietPdfFilename(petName: string, dateIso: string): string {
  const slug =
    petName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'pet';
  return `${slug}-diet-${dateIso}.pdf`;
}
