import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/pets/$uuid/journal')({
  component: () => <ComingSoonPanel title="Wellbeing" />,
});
