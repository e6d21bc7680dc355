import { Anchor, Badge, Button, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type BetaFeature, type BetaUser, betaFeatureLabels } from '@vetboard/contract';
import { DataTable, type DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListEmptyState } from '@/components/lists/list-empty-state.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { ListPagination } from '@/components/lists/list-pagination.tsx';
import { ListSearchInput } from '@/components/lists/list-search-input.tsx';
import { ListToolbar } from '@/components/lists/list-toolbar.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { betaFeatureOptions } from './beta-form.ts';
import { betasListQueryOptions } from './betas.queries.ts';
import { type BetasSearch, betasListQuery, hasBetaFilters } from './betas-search.ts';

const route = getRouteApi('/_default/betas/');

const NONE = (
  <Text span c="dimmed">
    —
  </Text>
);

const columns: DataTableColumn<BetaUser, BetasSearch['sort']>[] = [
  {
    key: 'name',
    header: 'User',
    sortField: 'name',
    render: (beta) => (
      <Stack gap={0}>
        <Anchor
          fw={600}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          renderRoot={(props) => <Link to="/betas/$betaId" params={{ betaId: beta.uuid }} {...props} />}
        >
          {beta.user.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {beta.user.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'feature',
    header: 'Feature',
    sortField: 'feature',
    render: (beta) => (
      <Badge variant="light" tt="none" radius="sm">
        {betaFeatureLabels[beta.feature]}
      </Badge>
    ),
  },
  {
    key: 'enrolledAt',
    header: 'Enrolled',
    sortField: 'enrolledAt',
    firstOrder: 'desc',
    render: (beta) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(beta.enrolledAt)}
      </Text>
    ),
  },
  {
    key: 'enrolledBy',
    header: 'Enrolled by',
    render: (beta) => (beta.enrolledBy ? <Text size="sm">{beta.enrolledBy.name}</Text> : NONE),
  },
  {
    key: 'notes',
    header: 'Notes',
    width: 280,
    render: (beta) =>
      beta.notes ? (
        <Text size="sm" lineClamp={2} title={beta.notes}>
          {beta.notes}
        </Text>
      ) : (
        NONE
      ),
  },
];

/** `/betas`: who is enrolled in which beta feature (SPEC §7 `GET /v1/betas` → `betaUsers`). */
export function BetasPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const list = useQuery({
    ...betasListQueryOptions(betasListQuery(search)),
    placeholderData: keepPreviousData,
  });

  const update = (patch: Partial<BetasSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });

  const pagination = list.data?.pagination;

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Betas"
        description="Users enrolled in features before everyone gets them."
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            renderRoot={(props) => <Link to="/betas/create" {...props} />}
          >
            Enrol a user
          </Button>
        }
      />
      <ListToolbar>
        <ListSearchInput
          value={search.search}
          onSearch={(term, { replace }) => update({ search: term, page: 1 }, replace)}
          placeholder="Search by user name or e-mail"
          label="Search betas"
        />
        <Select
          aria-label="Feature"
          placeholder="All features"
          data={betaFeatureOptions}
          value={search.feature ?? null}
          onChange={(feature) => update({ feature: (feature as BetaFeature | null) ?? undefined, page: 1 })}
          clearable
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
        />
      </ListToolbar>
      <DataTable
        label="Beta users"
        columns={columns}
        rows={list.data?.betaUsers}
        rowKey={(beta) => beta.uuid}
        sort={search}
        onSortChange={(sort) => update({ ...sort, page: 1 })}
        rowAction={(beta) => () => void go({ to: '/betas/$betaId', params: { betaId: beta.uuid } })}
        refreshing={list.isPlaceholderData}
        error={list.error}
        onRetry={() => void list.refetch()}
        skeletonRows={Math.min(search.pageSize, 12)}
        minWidth={860}
        empty={
          <ListEmptyState
            noun="betas"
            filtered={hasBetaFilters(search)}
            onClearFilters={() => update({ search: undefined, feature: undefined, page: 1 })}
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
