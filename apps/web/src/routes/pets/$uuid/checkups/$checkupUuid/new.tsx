import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/pets/$uuid/checkups/$checkupUuid/new')({
  params: { parse: (params) => validateUuidParams(params, 'checkupUuid') },
  component: () => <ComingSoonPanel title="New checkup" />,
});
