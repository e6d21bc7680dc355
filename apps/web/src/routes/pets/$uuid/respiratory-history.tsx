import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RespiratoryPage } from '@/features/trackers/respiratory-page.tsx';
import { settlePrefetches } from '@/features/trackers/tracker-loaders.ts';
import { respiratorySearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';
import { trackerViewOf } from '@/features/trackers/tracker-view.ts';
import {
  respiratoryChartQueryOptions,
  respiratoryHistoryQueryOptions,
} from '@/features/trackers/trackers.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/respiratory-history')({
  validateSearch: respiratorySearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { uuid }, deps, cause }) => {
    const { ownerHomeLocation } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = ownerHomeLocation;
    const view = trackerViewOf(deps, timezone);
    await settlePrefetches(cause, [
      queryClient.prefetchQuery(respiratoryChartQueryOptions(uuid, view.chartQuery)),
      queryClient.prefetchQuery(respiratoryHistoryQueryOptions(uuid, view.historyQuery)),
    ]);
    return { timezone };
  },
  component: RespiratoryPage,
});
