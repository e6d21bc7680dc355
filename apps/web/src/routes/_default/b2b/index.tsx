import { createFileRoute } from '@tanstack/react-router';
import { b2bCompaniesQueryOptions, localToday } from '@/features/b2b/b2b.queries.ts';
import { CompaniesPage } from '@/features/b2b/companies-page.tsx';

export const Route = createFileRoute('/_default/b2b/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(b2bCompaniesQueryOptions(localToday())),
  component: CompaniesPage,
});
