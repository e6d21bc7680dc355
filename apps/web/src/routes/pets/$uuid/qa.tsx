import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/pets/$uuid/qa')({
  component: () => <ComingSoonPanel title="Questions and answers" />,
});
