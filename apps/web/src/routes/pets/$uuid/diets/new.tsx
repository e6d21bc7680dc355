import { createFileRoute } from '@tanstack/react-router';
import { NewDietPage } from '@/features/diets/new-diet-page.tsx';

// The pet layout's loader has the pet (name, age) ready before this page draws.
export const Route = createFileRoute('/pets/$uuid/diets/new')({
  component: NewDietPage,
});
