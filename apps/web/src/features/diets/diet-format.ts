import type { DietStatus, Energy, NutrientStatus } from '@vetboard/contract';
import { formatNumber } from '@/lib/format/numbers.ts';

/** Small values keep their decimals (0.35 mg of copper), large ones none (4,800 IU of vitamin A). */
export function formatQuantity(value: number): string {
  const magnitude = Math.abs(value);
  return formatNumber(value, magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2);
}

export function formatKcal(value: number | null): string {
  return value === null ? '—' : `${formatNumber(value, 0)} kcal`;
}

/** SPEC §9: converted amounts are shown to 2 decimals (5 oz = 141.75 g). */
export function formatGrams(value: number): string {
  return `${formatNumber(value, 2)} g`;
}

/** An amount as the vet typed it, in the vet's unit. */
export function formatAmount(value: number): string {
  return formatNumber(value, 3);
}

export const dietStatusColors: Record<DietStatus, string> = { draft: 'gray', published: 'teal' };

/** Short, to fit a narrow column beside the numbers; the long form is the badge's title. */
export const nutrientStatusLabels: Record<NutrientStatus, string> = {
  ok: 'OK',
  low: 'Low',
  high: 'High',
  no_reference: 'No limit',
};

export const nutrientStatusDescriptions: Record<NutrientStatus, string> = {
  ok: 'Within the profile’s limits',
  low: 'Below the profile’s minimum',
  high: 'Above the profile’s maximum',
  no_reference: 'The profile sets no limit for it',
};

export const nutrientStatusColors: Record<NutrientStatus, string> = {
  ok: 'teal',
  low: 'orange',
  high: 'red',
  no_reference: 'gray',
};

export type EnergyStatus = 'unknown' | 'under' | 'on_target' | 'over';

/** Within 10 % of the target is on target: daily needs are estimates, and so is a kitchen scale. */
export const ENERGY_TOLERANCE_PERCENT = 10;

export function energyStatus(energy: Pick<Energy, 'percentOfTarget'>): EnergyStatus {
  const percent = energy.percentOfTarget;
  if (percent === null) return 'unknown';
  if (percent < 100 - ENERGY_TOLERANCE_PERCENT) return 'under';
  if (percent > 100 + ENERGY_TOLERANCE_PERCENT) return 'over';
  return 'on_target';
}

export const energyStatusLabels: Record<EnergyStatus, string> = {
  unknown: 'No target: the pet has no recorded weight',
  under: 'Below the daily target',
  on_target: 'On target',
  over: 'Above the daily target',
};

export const energyStatusColors: Record<EnergyStatus, string> = {
  unknown: 'gray',
  under: 'orange',
  on_target: 'teal',
  over: 'red',
};
