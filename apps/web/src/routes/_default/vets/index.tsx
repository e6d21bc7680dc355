import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

/** SPEC §2 side menu: `b2b`, `partner`, or the product name for the product's own vets ("Teammates"). */
const vetsSearchSchema = z.object({
  kind: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_default/vets/')({
  validateSearch: vetsSearchSchema,
  component: () => <ComingSoonPanel title="Vets" />,
});
