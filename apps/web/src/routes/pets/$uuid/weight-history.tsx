import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { weightTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { searchDefaults, weightSearchSchema } from '@/features/trackers/tracker-search.ts';
import { WeightPage } from '@/features/trackers/weight-page.tsx';

export const Route = createFileRoute('/pets/$uuid/weight-history')({
  validateSearch: weightSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('month'))] },
  // One chunk with the page: the profile's vitals preload the page's code, and with it the loader's.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => search,
  loader: weightTrackerLoader,
  component: WeightPage,
});
