import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { b2bPetsQueryOptions, companyQueryOptions, localToday } from '@/features/b2b/b2b.queries.ts';
import {
  companyPetsQuery,
  companyPetsSearchDefaults,
  companyPetsSearchSchema,
} from '@/features/b2b/b2b-search.ts';
import { CompanyPage } from '@/features/b2b/company-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/_default/b2b/$sku/')({
  validateSearch: companyPetsSearchSchema,
  search: { middlewares: [stripSearchParams(companyPetsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps, cause }) => {
    await orNotFound(context.queryClient.ensureQueryData(companyQueryOptions(params.sku)));
    await loadList(
      context.queryClient,
      b2bPetsQueryOptions(companyPetsQuery(params.sku, deps, localToday())),
      cause,
    );
  },
  component: CompanyPage,
});
