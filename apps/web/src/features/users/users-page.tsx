import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { familyKindLabels, type User, type UserSortField, userTypeLabels } from '@vetboard/contract';
import { CsvExportButton } from '@/components/lists/csv-export-button.tsx';
import { DataTable, type DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListEmptyState } from '@/components/lists/list-empty-state.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { ListPagination } from '@/components/lists/list-pagination.tsx';
import { ListSearchInput } from '@/components/lists/list-search-input.tsx';
import { ListToolbar } from '@/components/lists/list-toolbar.tsx';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime, formatDay } from '@/lib/format/dates.ts';
import { usersListQueryOptions } from './users.queries.ts';
import { type UsersSearch, usersFilterQuery, usersListQuery, usersTitle } from './users-search.ts';

const route = getRouteApi('/_default/users');

const NONE = (
  <Text span c="dimmed">
    —
  </Text>
);

const columns: DataTableColumn<User, UserSortField>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (user) =>
      user.familyUuid ? (
        <Anchor
          fw={600}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          renderRoot={(props) => (
            <Link to="/families/$uuid/pets" params={{ uuid: user.familyUuid ?? '' }} {...props} />
          )}
        >
          {user.name}
        </Anchor>
      ) : (
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {user.name}
        </Text>
      ),
  },
  {
    key: 'email',
    header: 'E-mail',
    sortField: 'email',
    render: (user) => <Text size="sm">{user.email}</Text>,
  },
  {
    key: 'type',
    header: 'Type',
    render: (user) => (
      <Badge variant="light" color={user.userType === 2 ? 'grape' : 'clinic'} tt="none" radius="sm">
        {userTypeLabels[user.userType]}
      </Badge>
    ),
  },
  {
    key: 'familyKind',
    header: 'Family kind',
    render: (user) => (user.familyKind ? <Text size="sm">{familyKindLabels[user.familyKind]}</Text> : NONE),
  },
  {
    key: 'b2BCode',
    header: 'B2B code',
    render: (user) =>
      user.b2BCode ? (
        <Anchor
          size="sm"
          ff="monospace"
          renderRoot={(props) => <Link to="/b2b/$sku" params={{ sku: user.b2BCode ?? '' }} {...props} />}
        >
          {user.b2BCode}
        </Anchor>
      ) : (
        NONE
      ),
  },
  {
    key: 'petsCount',
    header: 'Pets',
    sortField: 'petsCount',
    firstOrder: 'desc',
    align: 'right',
    render: (user) => <Text size="sm">{user.petsCount}</Text>,
  },
  {
    key: 'createdAt',
    header: 'Created',
    sortField: 'createdAt',
    firstOrder: 'desc',
    render: (user) => (
      <Text size="sm" title={formatDateTime(user.createdAt)} style={{ whiteSpace: 'nowrap' }}>
        {formatDay(user.createdAt)}
      </Text>
    ),
  },
];

/** `/users?user_type=`: the owners behind SPEC §2's 'B2B users' and '{product}' menu entries. */
export function UsersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const list = useQuery({
    ...usersListQueryOptions(usersListQuery(search)),
    placeholderData: keepPreviousData,
  });

  const update = (patch: Partial<UsersSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });

  const title = usersTitle(search.user_type, publicConfig.productName);
  const pagination = list.data?.pagination;

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title={title}
        description="Pet owners using the app. Open one to see their family and pets."
        actions={<CsvExportButton path="/v1/users/export" query={usersFilterQuery(search)} />}
      />
      <ListToolbar>
        <ListSearchInput
          value={search.search}
          onSearch={(term, { replace }) => update({ search: term, page: 1 }, replace)}
          placeholder="Search by name or e-mail"
          label="Search users"
        />
      </ListToolbar>
      <DataTable
        label={title}
        columns={columns}
        rows={list.data?.users}
        rowKey={(user) => user.uuid}
        sort={search}
        onSortChange={(sort) => update({ ...sort, page: 1 })}
        rowAction={(user) => {
          const familyUuid = user.familyUuid;
          return familyUuid
            ? () => void go({ to: '/families/$uuid/pets', params: { uuid: familyUuid } })
            : undefined;
        }}
        refreshing={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        skeletonRows={Math.min(search.pageSize, 12)}
        minWidth={900}
        empty={
          <ListEmptyState
            noun="users"
            filtered={Boolean(search.search)}
            onClearFilters={() => update({ search: undefined, page: 1 })}
            pastTheEnd={Boolean(pagination?.total) && search.page > 1}
            onFirstPage={() => update({ page: 1 })}
          />
        }
      />
      {pagination && (
        <ListPagination
          page={search.page}
          pageSize={search.pageSize}
          total={pagination.total}
          totalIsCapped={pagination.totalIsCapped}
          pageCount={pagination.pageCount}
          onPageChange={(page) => update({ page })}
          onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        />
      )}
    </Stack>
  );
}
