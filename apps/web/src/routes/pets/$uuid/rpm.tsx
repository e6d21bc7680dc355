import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RpmPage } from '@/features/trackers/rpm-page.tsx';
import { settlePrefetches } from '@/features/trackers/tracker-loaders.ts';
import { rpmSearchDefaults, rpmSearchSchema } from '@/features/trackers/tracker-search.ts';
import { LATEST_READING_QUERY, rpmChartQuery } from '@/features/trackers/tracker-view.ts';
import {
  respiratoryChartQueryOptions,
  respiratoryHistoryQueryOptions,
  respiratoryLastAverageQueryOptions,
  respiratoryThresholdsQueryOptions,
} from '@/features/trackers/trackers.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/rpm')({
  validateSearch: rpmSearchSchema,
  search: { middlewares: [stripSearchParams(rpmSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { uuid }, deps, cause }) => {
    const { ownerHomeLocation } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = ownerHomeLocation;
    await settlePrefetches(cause, [
      queryClient.prefetchQuery(respiratoryChartQueryOptions(uuid, rpmChartQuery(deps.days, timezone))),
      queryClient.prefetchQuery(respiratoryLastAverageQueryOptions(uuid)),
      queryClient.prefetchQuery(respiratoryHistoryQueryOptions(uuid, LATEST_READING_QUERY)),
      queryClient.prefetchQuery(respiratoryThresholdsQueryOptions(uuid)),
    ]);
    return { timezone };
  },
  component: RpmPage,
});
