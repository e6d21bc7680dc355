import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DrinkingPage } from '@/features/trackers/reading-tracker-page.tsx';
import { settlePrefetches } from '@/features/trackers/tracker-loaders.ts';
import { readingSearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';
import { trackerViewOf } from '@/features/trackers/tracker-view.ts';
import {
  readingAverageQueryOptions,
  readingChartQueryOptions,
  readingHistoryQueryOptions,
} from '@/features/trackers/trackers.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/drinking')({
  validateSearch: readingSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { uuid }, deps, cause }) => {
    const { ownerHomeLocation } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = ownerHomeLocation;
    const view = trackerViewOf(deps, timezone);
    await settlePrefetches(cause, [
      queryClient.prefetchQuery(readingChartQueryOptions('drinking', uuid, view.chartQuery)),
      queryClient.prefetchQuery(readingHistoryQueryOptions('drinking', uuid, view.historyQuery)),
      queryClient.prefetchQuery(readingAverageQueryOptions('drinking', uuid, 7)),
    ]);
    return { timezone };
  },
  component: DrinkingPage,
});
