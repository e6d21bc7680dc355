import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/pets/$uuid/weight-history')({
  component: () => <ComingSoonPanel title="Weight tracker" />,
});
