import { toTimestamp, type WeightEntry, weightVariationSentiment } from '@vetboard/contract';
import { round2 } from './trackers.read.mapper.ts';
import type { WeightEntryWithPreviousRow } from './trackers.weight.repository.ts';

/** Sentiment and variation are computed on read: correcting one entry changes its successor's too. */
export function toWeightEntryDto(
  row: WeightEntryWithPreviousRow,
  targetWeightKg: number | null,
): WeightEntry {
  return {
    uuid: row.id,
    petUuid: row.petId,
    value: row.valueKg,
    measuredAt: toTimestamp(row.measuredAt),
    location: row.location,
    author: row.author,
    authorVet:
      row.authorVetId && row.authorVetName ? { uuid: row.authorVetId, name: row.authorVetName } : null,
    note: row.note,
    variationSentiment: weightVariationSentiment(row.previousKg, row.valueKg, targetWeightKg),
    variationKg: row.previousKg === null ? null : round2(row.valueKg - row.previousKg),
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}
