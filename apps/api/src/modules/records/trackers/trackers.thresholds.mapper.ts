import {
  defaultRespiratoryThresholds,
  type RespiratoryThresholds,
  type RespiratoryThresholdsResponse,
  toTimestamp,
} from '@vetboard/contract';
import type { PetThresholdsRow } from './trackers.thresholds.repository.ts';

/** The thresholds in force: the vet's override, else the species' defaults. */
export function effectiveThresholds(row: PetThresholdsRow): RespiratoryThresholds {
  if (!row.override) return { ...defaultRespiratoryThresholds[row.species] };
  const { low, high, highOrange, highRed } = row.override;
  return { low, high, highOrange, highRed };
}

export function toThresholdsResponseDto(row: PetThresholdsRow): RespiratoryThresholdsResponse {
  return {
    thresholds: effectiveThresholds(row),
    isCustom: row.override !== null,
    updatedAt: row.override ? toTimestamp(row.override.updatedAt) : null,
    updatedBy:
      row.override && row.updatedBy
        ? { uuid: row.updatedBy.id, name: `${row.updatedBy.firstName} ${row.updatedBy.lastName}` }
        : null,
  };
}
