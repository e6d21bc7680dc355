import { Anchor, Badge, Text } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { familyKindLabels, type User, type UserSortField, userTypeLabels } from '@vetboard/contract';
import { CsvExportButton } from '@/components/lists/csv-export-button.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime, formatDay } from '@/lib/format/dates.ts';
import { usersListQueryOptions } from './users.queries.ts';
import { usersFilterQuery, usersListQuery, usersTitle } from './users-search.ts';

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
  const state = useListPage(route.useSearch(), route.useNavigate());
  const { search } = state;
  const go = useNavigate();
  const list = useListQuery(usersListQueryOptions(usersListQuery(search)));
  const title = usersTitle(search.user_type, publicConfig.productName);

  return (
    <ListPage
      state={state}
      query={list}
      rows={list.data?.users}
      title={title}
      description="Pet owners using the app. Open one to see their family and pets."
      actions={<CsvExportButton path="/v1/users/export" query={usersFilterQuery(search)} />}
      searchLabel="Search users"
      searchPlaceholder="Search by name or e-mail"
      noun="users"
      table={{
        label: title,
        columns,
        rowKey: (user) => user.uuid,
        rowAction: (user) => {
          const familyUuid = user.familyUuid;
          return familyUuid
            ? () => void go({ to: '/families/$uuid/pets', params: { uuid: familyUuid } })
            : undefined;
        },
        minWidth: 900,
      }}
    />
  );
}
