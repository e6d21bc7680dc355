import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { latestTrackersQueryOptions } from '@/components/trackers/latest-trackers.queries.ts';
import { keysStaleAfterReading, petKeys } from './pet-keys.ts';
import { petHealthProfileQueryOptions, petQueryOptions } from './pets.queries.ts';

const luna = '0190b3c2-4e5a-7a01-8c11-000000000003';
const milo = '0190b3c2-4e5a-7a01-8c11-000000000004';

function cacheOf(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

describe('pet-first query keys', () => {
  it("every shared read of a pet starts ['pets', uuid]", () => {
    for (const options of [
      petQueryOptions(luna),
      petHealthProfileQueryOptions(luna),
      latestTrackersQueryOptions(luna),
      currentDietPlanQueryOptions(luna),
    ]) {
      expect(options.queryKey.slice(0, 2)).toEqual(['pets', luna]);
    }
  });

  it("invalidating one pet refreshes all of its reads and none of another pet's", async () => {
    const lunaKeys = [
      petKeys.detail(luna),
      petKeys.healthProfile(luna),
      petKeys.dietList(luna, 'desc'),
      [...petKeys.reading('drinking', luna), 'chart', { timeScope: 'week' }],
      [...petKeys.weight(luna), 'list', { page: 1 }],
    ];
    const client = cacheOf([
      ...lunaKeys,
      petKeys.detail(milo),
      [...petKeys.weight(milo), 'list', { page: 1 }],
    ]);

    await client.invalidateQueries({ queryKey: petKeys.pet(luna) });

    expect(invalidated(client)).toEqual(lunaKeys);
  });

  it("a new reading makes its own tracker and the pet's latest values stale, not the other trackers", async () => {
    const drinkingChart = [...petKeys.reading('drinking', luna), 'chart', { timeScope: 'week' }];
    const client = cacheOf([
      drinkingChart,
      petKeys.latestTrackers(luna),
      [...petKeys.reading('shaking', luna), 'chart', { timeScope: 'week' }],
      petKeys.detail(luna),
      petKeys.latestTrackers(milo),
    ]);

    await Promise.all(
      keysStaleAfterReading(luna, 'drinking').map((queryKey) => client.invalidateQueries({ queryKey })),
    );

    expect(invalidated(client)).toEqual([drinkingChart, petKeys.latestTrackers(luna)]);
  });
});
