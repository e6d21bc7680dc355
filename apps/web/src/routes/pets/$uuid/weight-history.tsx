import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { settlePrefetches } from '@/features/trackers/tracker-loaders.ts';
import { searchDefaults, weightSearchSchema } from '@/features/trackers/tracker-search.ts';
import { trackerViewOf } from '@/features/trackers/tracker-view.ts';
import { weightChartQueryOptions, weightHistoryQueryOptions } from '@/features/trackers/trackers.queries.ts';
import { WeightPage } from '@/features/trackers/weight-page.tsx';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/weight-history')({
  validateSearch: weightSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('month'))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { uuid }, deps, cause }) => {
    const { ownerHomeLocation } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = ownerHomeLocation;
    const view = trackerViewOf(deps, timezone);
    await settlePrefetches(cause, [
      queryClient.prefetchQuery(weightChartQueryOptions(uuid, view.chartQuery)),
      queryClient.prefetchQuery(weightHistoryQueryOptions(uuid, view.historyQuery)),
    ]);
    return { timezone };
  },
  component: WeightPage,
});
