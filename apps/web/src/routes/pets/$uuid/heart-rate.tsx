import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { HeartRatePage } from '@/features/trackers/heart-rate-page.tsx';
import { settlePrefetches } from '@/features/trackers/tracker-loaders.ts';
import { heartRateSearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';
import { heartRateRange, trackerViewOf } from '@/features/trackers/tracker-view.ts';
import {
  heartRateHalfHourlyQueryOptions,
  heartRateHistoryQueryOptions,
} from '@/features/trackers/trackers.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/heart-rate')({
  validateSearch: heartRateSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { uuid }, deps, cause }) => {
    const { ownerHomeLocation } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = ownerHomeLocation;
    const view = trackerViewOf(deps, timezone);
    await settlePrefetches(cause, [
      queryClient.prefetchQuery(heartRateHalfHourlyQueryOptions(uuid, heartRateRange(view))),
      queryClient.prefetchQuery(heartRateHistoryQueryOptions(uuid, view.historyQuery)),
    ]);
    return { timezone };
  },
  component: HeartRatePage,
});
