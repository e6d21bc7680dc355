import { createFileRoute } from '@tanstack/react-router';
import {
  poolCheckupsQueryOptions,
  poolQueryOptions,
  poolVersionsQueryOptions,
} from '@/features/checkup-pools/checkup-pools.queries.ts';
import { PoolPage } from '@/features/checkup-pools/pool-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/_default/checkups/pools/$uuid/')({
  loader: async ({ context: { queryClient }, params }) => {
    // The versions and checkups sections show their own failure; only an unknown pool is the 404.
    void queryClient.prefetchQuery(poolVersionsQueryOptions(params.uuid));
    void queryClient.prefetchQuery(poolCheckupsQueryOptions(params.uuid, 1));
    await orNotFound(queryClient.ensureQueryData(poolQueryOptions(params.uuid)));
  },
  component: PoolPage,
});
