import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { weeklyReportsListQueryOptions } from '@/features/weekly-reports/weekly-reports.queries.ts';
import { WeeklyReportsPage } from '@/features/weekly-reports/weekly-reports-page.tsx';
import {
  weeklyReportsListQuery,
  weeklyReportsSearchDefaults,
  weeklyReportsSearchSchema,
} from '@/features/weekly-reports/weekly-reports-search.ts';

export const Route = createFileRoute('/_default/weekly-reports/')({
  validateSearch: weeklyReportsSearchSchema,
  search: { middlewares: [stripSearchParams(weeklyReportsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, weeklyReportsListQueryOptions(weeklyReportsListQuery(deps)), cause),
  component: WeeklyReportsPage,
});
