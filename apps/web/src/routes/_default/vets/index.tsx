import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { vetsListQueryOptions } from '@/features/vets/vets.queries.ts';
import { VetsPage } from '@/features/vets/vets-page.tsx';
import { vetsListQuery, vetsSearchDefaults, vetsSearchSchema } from '@/features/vets/vets-search.ts';
import { publicConfig } from '@/lib/config/public-config.ts';

export const Route = createFileRoute('/_default/vets/')({
  validateSearch: vetsSearchSchema(publicConfig.productName),
  search: { middlewares: [stripSearchParams(vetsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, vetsListQueryOptions(vetsListQuery(deps)), cause),
  component: VetsPage,
});
