import { createFileRoute } from '@tanstack/react-router';
import { PetLayout } from '@/features/pets/pet-layout.tsx';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/pets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  component: PetLayout,
});
