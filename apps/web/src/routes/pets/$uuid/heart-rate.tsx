import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { HeartRatePage } from '@/features/trackers/heart-rate-page.tsx';
import { heartRateTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { heartRateSearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';

export const Route = createFileRoute('/pets/$uuid/heart-rate')({
  validateSearch: heartRateSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  // One chunk with the page: the profile's vitals preload the page's code, and with it the loader's.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => search,
  loader: heartRateTrackerLoader,
  component: HeartRatePage,
});
