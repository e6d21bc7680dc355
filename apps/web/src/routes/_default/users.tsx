import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { usersListQueryOptions } from '@/features/users/users.queries.ts';
import { UsersPage } from '@/features/users/users-page.tsx';
import { usersListQuery, usersSearchDefaults, usersSearchSchema } from '@/features/users/users-search.ts';

export const Route = createFileRoute('/_default/users')({
  validateSearch: usersSearchSchema,
  search: { middlewares: [stripSearchParams(usersSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, usersListQueryOptions(usersListQuery(deps)), cause),
  component: UsersPage,
});
