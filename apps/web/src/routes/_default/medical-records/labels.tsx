import { createFileRoute } from '@tanstack/react-router';
import { LabelsPage } from '@/features/medical-records/labels-page.tsx';
import { labelsQueryOptions } from '@/features/medical-records/medical-records.queries.ts';

export const Route = createFileRoute('/_default/medical-records/labels')({
  // The page shows its own state if the list fails.
  loader: ({ context }) => context.queryClient.prefetchQuery(labelsQueryOptions('all')),
  component: LabelsPage,
});
