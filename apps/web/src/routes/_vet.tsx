import { createFileRoute } from '@tanstack/react-router';
import { VetLayout } from '@/features/vets/vet-layout.tsx';

export const Route = createFileRoute('/_vet')({
  component: VetLayout,
});
