import { createFileRoute } from '@tanstack/react-router';
import { DietPage } from '@/features/diets/diet-page.tsx';

export const Route = createFileRoute('/_default/diets/$uuid/')({
  component: DietPage,
});
