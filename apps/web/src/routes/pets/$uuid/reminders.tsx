import { createFileRoute } from '@tanstack/react-router';
import { PetRemindersPage } from '@/features/reminders/pet-reminders-page.tsx';
import { petRemindersQueryOptions } from '@/features/reminders/reminders.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/reminders')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petRemindersQueryOptions(uuid))]),
  component: PetRemindersPage,
});
