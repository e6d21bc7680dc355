import { Anchor, Badge, Button, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type BetaFeature, type BetaUser, betaFeatureLabels } from '@vetboard/contract';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { betaFeatureOptions } from './beta-form.ts';
import { betasListQueryOptions } from './betas.queries.ts';
import { BETA_FILTERS, type BetasSearch, betasListQuery } from './betas-search.ts';

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
  const state = useListPage(route.useSearch(), route.useNavigate(), BETA_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(betasListQueryOptions(betasListQuery(search)));

  return (
    <ListPage
      state={state}
      query={list}
      rows={list.data?.betaUsers}
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
      searchLabel="Search betas"
      searchPlaceholder="Search by user name or e-mail"
      filters={
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
      }
      noun="betas"
      table={{
        label: 'Beta users',
        columns,
        rowKey: (beta) => beta.uuid,
        rowAction: (beta) => () => void go({ to: '/betas/$betaId', params: { betaId: beta.uuid } }),
        minWidth: 860,
      }}
    />
  );
}
