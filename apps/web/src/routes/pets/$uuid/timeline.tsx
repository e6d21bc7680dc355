import { createFileRoute } from '@tanstack/react-router';
import { PetTimelinePage } from '@/features/timeline/pet-timeline-page.tsx';
import { petTimelineQueryOptions } from '@/features/timeline/timeline.queries.ts';
import { type PetTimelineSearch, petTimelineSearchSchema } from '@/features/timeline/timeline-search.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/timeline')({
  validateSearch: petTimelineSearchSchema,
  loaderDeps: ({ search }) => search,
  // The page shows its own state if the timeline fails.
  loader: (context) =>
    petPageLoader<PetTimelineSearch>(({ uuid, deps }) => [
      context.context.queryClient.prefetchInfiniteQuery(petTimelineQueryOptions(uuid, deps)),
    ])(context),
  component: PetTimelinePage,
});
