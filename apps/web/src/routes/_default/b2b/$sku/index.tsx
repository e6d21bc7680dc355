import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

export const Route = createFileRoute('/_default/b2b/$sku/')({
  component: () => <ComingSoonPanel title="B2B company" />,
});
