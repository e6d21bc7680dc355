import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { petFilterSearchSchema } from '@/lib/routing/search-schemas.ts';

export const Route = createFileRoute('/_default/medical-records')({
  validateSearch: petFilterSearchSchema,
  component: () => <ComingSoonPanel title="Medical records" />,
});
