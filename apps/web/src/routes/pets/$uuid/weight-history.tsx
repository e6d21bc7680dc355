import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { weightTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { searchDefaults, weightSearchSchema } from '@/features/trackers/tracker-search.ts';
import { WeightPage } from '@/features/trackers/weight-page.tsx';

export const Route = createFileRoute('/pets/$uuid/weight-history')({
  validateSearch: weightSearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('month'))] },
  loaderDeps: ({ search }) => search,
  loader: weightTrackerLoader,
  component: WeightPage,
});
