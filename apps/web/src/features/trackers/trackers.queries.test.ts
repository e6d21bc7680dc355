import { describe, expect, it } from 'vitest';
import { keysStaleAfterReading, petKeys } from '@/lib/pets/pet-keys.ts';
import {
  heartRateHalfHourlyQueryOptions,
  heartRateHistoryQueryOptions,
  readingAverageQueryOptions,
  readingChartQueryOptions,
  readingHistoryQueryOptions,
  respiratoryChartQueryOptions,
  respiratoryHistoryQueryOptions,
  respiratoryLastAverageQueryOptions,
  respiratoryThresholdsQueryOptions,
  weightChartQueryOptions,
  weightHistoryQueryOptions,
} from './trackers.queries.ts';

const pet = '0190b3c2-4e5a-7a01-8c11-000000000003';
const chart = { timeScope: 'week', date: 1_795_435_200 };
const page = { page: 1, pageSize: 25 };

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  expect(key.slice(0, prefix.length)).toEqual([...prefix]);

describe('tracker query keys', () => {
  it("sit under the pet and under their own tracker, which a new reading's keys name", () => {
    const byTracker = [
      ['weight', [weightChartQueryOptions(pet, chart), weightHistoryQueryOptions(pet, page)]],
      [
        'respiratory',
        [
          respiratoryChartQueryOptions(pet, chart),
          respiratoryHistoryQueryOptions(pet, page),
          respiratoryLastAverageQueryOptions(pet),
        ],
      ],
      [
        'heart-rate',
        [
          heartRateHalfHourlyQueryOptions(pet, { startDate: 1, endDate: 2 }),
          heartRateHistoryQueryOptions(pet, page),
        ],
      ],
      [
        'drinking',
        [
          readingChartQueryOptions('drinking', pet, chart),
          readingHistoryQueryOptions('drinking', pet, page),
          readingAverageQueryOptions('drinking', pet, 7),
        ],
      ],
    ] as const;
    for (const [tracker, reads] of byTracker) {
      const [own] = keysStaleAfterReading(pet, tracker);
      for (const read of reads) {
        startsWith(read.queryKey, petKeys.pet(pet));
        startsWith(read.queryKey, own ?? []);
      }
    }
    startsWith(respiratoryThresholdsQueryOptions(pet).queryKey, petKeys.pet(pet));
  });

  it('keeps head itch and drinking apart', () => {
    startsWith(readingChartQueryOptions('shaking', pet, chart).queryKey, petKeys.reading('shaking', pet));
    expect(readingChartQueryOptions('shaking', pet, chart).queryKey).not.toEqual(
      readingChartQueryOptions('drinking', pet, chart).queryKey,
    );
  });
});
