import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoonPanel } from '@/components/feedback/coming-soon-panel.tsx';

/** SPEC §2 side menu: 1 = the product's own customers, 2 = B2B users. */
const usersSearchSchema = z.object({
  user_type: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_default/users')({
  validateSearch: usersSearchSchema,
  component: () => <ComingSoonPanel title="Users" />,
});
