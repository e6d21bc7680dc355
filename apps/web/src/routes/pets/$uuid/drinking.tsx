import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DrinkingPage } from '@/features/trackers/reading-tracker-page.tsx';
import { readingTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { readingSearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';

export const Route = createFileRoute('/pets/$uuid/drinking')({
  validateSearch: readingSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  loaderDeps: ({ search }) => search,
  loader: readingTrackerLoader('drinking'),
  component: DrinkingPage,
});
