import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/_default/checkups/')({
  component: () => <ComingSoonPanel title="Checkups" />,
});
