import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/_vet/vets/create')({
  component: () => <ComingSoonPanel title="New vet" />,
});
