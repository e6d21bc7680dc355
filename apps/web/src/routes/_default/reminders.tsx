import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';
import { publicConfig } from '@/lib/config/public-config.ts';

export const Route = createFileRoute('/_default/reminders')({
  component: () => <ComingSoonPanel title={`${publicConfig.productName} Vet Reminders`} />,
});
