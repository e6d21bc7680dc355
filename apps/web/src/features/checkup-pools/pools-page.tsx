import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { FormSummary } from '@vetboard/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { useReferenceDataRights } from '@/lib/auth/reference-data-rights.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { poolsListQueryOptions } from './checkup-pools.queries.ts';
import { PoolRowMenu } from './pool-actions.tsx';
import { POOL_FILTERS, type PoolsSearch, poolsListQuery } from './pools-search.ts';

const route = getRouteApi('/_default/checkups/pools/');

function columns(takenSkus: ReadonlySet<string>): DataTableColumn<FormSummary, PoolsSearch['sort']>[] {
  return [
    {
      key: 'title',
      header: 'Pool',
      sortField: 'title',
      render: (pool) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            fw={600}
            size="sm"
            renderRoot={(props) => (
              <Link to="/checkups/pools/$uuid" params={{ uuid: pool.uuid }} {...props} />
            )}
          >
            {pool.title}
          </Anchor>
          {pool.archived && (
            <Badge variant="light" color="gray" tt="none" radius="sm">
              Archived
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'sku',
      header: 'SKU',
      render: (pool) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {pool.sku}
        </Text>
      ),
    },
    {
      key: 'questions',
      header: 'Questions',
      align: 'right',
      render: (pool) => <Text size="sm">{pool.questionCount}</Text>,
    },
    {
      key: 'checkups',
      header: 'Checkups sent',
      align: 'right',
      render: (pool) => <Text size="sm">{pool.checkupCount}</Text>,
    },
    {
      key: 'updatedAt',
      header: 'Last edited',
      sortField: 'updatedAt',
      firstOrder: 'desc',
      render: (pool) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(pool.updatedAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {pool.updatedBy ? `by ${pool.updatedBy.name}` : 'by the system'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 56,
      render: (pool) => <PoolRowMenu pool={pool} takenSkus={takenSkus} />,
    },
  ];
}

/** `/checkups/pools`: the reusable checkup templates a vet sends or fills from. */
export function PoolsPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), POOL_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const rights = useReferenceDataRights();
  const list = useListQuery(poolsListQueryOptions(poolsListQuery(search)));
  const rows = list.data?.forms;
  const takenSkus = useMemo(() => new Set(rows?.map((pool) => pool.sku)), [rows]);

  return (
    <ListPage
      state={state}
      query={list}
      rows={rows}
      title="Checkup pools"
      description="Reusable checkup templates: send one to an owner, or fill one for a pet during a call."
      actions={
        rights.create === null && (
          <Button
            leftSection={<IconPlus size={16} />}
            renderRoot={(props) => <Link to="/checkups/pools/new" {...props} />}
          >
            New pool
          </Button>
        )
      }
      searchLabel="Search pools"
      searchPlaceholder="Search by title or sku"
      filters={
        <SegmentedControl
          aria-label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
          value={search.status ?? 'active'}
          onChange={(value) => update({ status: value === 'archived' ? 'archived' : undefined, page: 1 })}
          size="xs"
          data-testid="pool-status-filter"
        />
      }
      noun={search.status === 'archived' ? 'archived pools' : 'pools'}
      table={{
        label: 'Checkup pools',
        columns: columns(takenSkus),
        rowKey: (pool) => pool.uuid,
        rowAction: (pool) => () => void go({ to: '/checkups/pools/$uuid', params: { uuid: pool.uuid } }),
        minWidth: 860,
      }}
    />
  );
}
