import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/_default/pending-cards/')({
  component: () => <ComingSoonPanel title="Pending cards" />,
});
