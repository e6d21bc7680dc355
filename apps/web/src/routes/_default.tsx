import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '@/components/layouts/default-layout.tsx';

export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
});
