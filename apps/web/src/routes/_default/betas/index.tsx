import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { betasListQueryOptions } from '@/features/betas/betas.queries.ts';
import { BetasPage } from '@/features/betas/betas-page.tsx';
import { betasListQuery, betasSearchDefaults, betasSearchSchema } from '@/features/betas/betas-search.ts';

export const Route = createFileRoute('/_default/betas/')({
  validateSearch: betasSearchSchema,
  search: { middlewares: [stripSearchParams(betasSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, betasListQueryOptions(betasListQuery(deps)), cause),
  component: BetasPage,
});
