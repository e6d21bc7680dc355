import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_vet/vets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  component: () => <ComingSoonPanel title="Vet profile" />,
});
