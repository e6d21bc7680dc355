import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/_default/journal/')({
  component: () => <ComingSoonPanel title="Health Symptoms Journal" />,
});
