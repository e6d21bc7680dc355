import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/journal/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  component: () => <ComingSoonPanel title="Journal entry" />,
});
