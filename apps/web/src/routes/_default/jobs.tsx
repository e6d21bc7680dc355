import { createFileRoute } from '@tanstack/react-router';
import { jobsOverviewQueryOptions } from '@/features/jobs/jobs.queries.ts';
import { JobsPage } from '@/features/jobs/jobs-page.tsx';

export const Route = createFileRoute('/_default/jobs')({
  loader: ({ context }) => context.queryClient.ensureQueryData(jobsOverviewQueryOptions()),
  component: JobsPage,
});
