import { createFileRoute } from '@tanstack/react-router';
import { integrationsQueryOptions } from '@/features/integrations/integrations.queries.ts';
import { IntegrationsPage } from '@/features/integrations/integrations-page.tsx';

export const Route = createFileRoute('/_default/integrations')({
  loader: ({ context }) => context.queryClient.ensureQueryData(integrationsQueryOptions()),
  component: IntegrationsPage,
});
