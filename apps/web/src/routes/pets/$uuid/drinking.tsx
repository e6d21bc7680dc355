import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DrinkingPage } from '@/features/trackers/reading-tracker-page.tsx';
import { readingTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { readingSearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';

export const Route = createFileRoute('/pets/$uuid/drinking')({
  validateSearch: readingSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  // One chunk with the page: the profile's vitals preload the page's code, and with it the loader's.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => search,
  loader: readingTrackerLoader('drinking'),
  component: DrinkingPage,
});
