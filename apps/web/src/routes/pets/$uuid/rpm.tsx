import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RpmPage } from '@/features/trackers/rpm-page.tsx';
import { rpmLoader } from '@/features/trackers/tracker-loaders.ts';
import { rpmSearchDefaults, rpmSearchSchema } from '@/features/trackers/tracker-search.ts';

export const Route = createFileRoute('/pets/$uuid/rpm')({
  validateSearch: rpmSearchSchema,
  search: { middlewares: [stripSearchParams(rpmSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: rpmLoader,
  component: RpmPage,
});
