import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RespiratoryPage } from '@/features/trackers/respiratory-page.tsx';
import { respiratoryTrackerLoader } from '@/features/trackers/tracker-loaders.ts';
import { respiratorySearchSchema, searchDefaults } from '@/features/trackers/tracker-search.ts';

export const Route = createFileRoute('/pets/$uuid/respiratory-history')({
  validateSearch: respiratorySearchSchema,
  search: { middlewares: [stripSearchParams(searchDefaults('week'))] },
  // One chunk with the page: the profile's vitals preload the page's code, and with it the loader's.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => search,
  loader: respiratoryTrackerLoader,
  component: RespiratoryPage,
});
