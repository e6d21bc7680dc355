import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/b2b/$sku/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  component: () => <ComingSoonPanel title="B2B pet daily statuses" />,
});
