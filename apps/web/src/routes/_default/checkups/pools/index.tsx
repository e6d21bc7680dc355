import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { poolsListQueryOptions } from '@/features/checkup-pools/checkup-pools.queries.ts';
import { PoolsPage } from '@/features/checkup-pools/pools-page.tsx';
import {
  poolsListQuery,
  poolsSearchDefaults,
  poolsSearchSchema,
} from '@/features/checkup-pools/pools-search.ts';

export const Route = createFileRoute('/_default/checkups/pools/')({
  validateSearch: poolsSearchSchema,
  search: { middlewares: [stripSearchParams(poolsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, poolsListQueryOptions(poolsListQuery(deps)), cause),
  component: PoolsPage,
});
