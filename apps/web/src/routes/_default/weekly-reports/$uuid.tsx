import { createFileRoute } from '@tanstack/react-router';
import { preloadTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { WeeklyReportPage } from '@/features/weekly-reports/weekly-report-page.tsx';
import { weeklyReportQueryOptions } from '@/features/weekly-reports/weekly-reports.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/weekly-reports/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: async ({ context, params }) => {
    // Chart.js is fetched with the report rather than after it.
    void preloadTimeSeriesChart().catch(() => {});
    await orNotFound(context.queryClient.ensureQueryData(weeklyReportQueryOptions(params.uuid)));
  },
  component: WeeklyReportPage,
});
