import { Anchor, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type CheckupSummary, checkupStatuses } from '@vetboard/contract';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { DateRangeFilter } from '@/components/lists/date-range-filter.tsx';
import { AssigneeCell, InboxAge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { type SortChoice, SortSelect } from '@/components/lists/sort-select.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { CHECKUP_STATUS_LABELS, CheckupStatusBadge, ProblematicCount } from './checkup-cells.tsx';
import { checkupsListQueryOptions, poolChoicesQueryOptions } from './checkups.queries.ts';
import { CHECKUP_FILTERS, type CheckupsSearch, checkupsListQuery } from './checkups-search.ts';

const route = getRouteApi('/_default/checkups/');

const NONE = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: DataTableColumn<CheckupSummary, CheckupsSearch['sort']>[] = [
  {
    key: 'pet',
    header: 'Pet and owner',
    render: (checkup) => (
      <Stack gap={0}>
        <Anchor
          fw={600}
          size="sm"
          style={nowrap}
          renderRoot={(props) => <Link to="/checkups/$uuid" params={{ uuid: checkup.uuid }} {...props} />}
        >
          {checkup.pet.name}
        </Anchor>
        <Text size="xs" c="dimmed" data-testid="owner-name">
          {checkup.ownerName ?? 'No owner'}
        </Text>
        <PetAlertBadges alerts={checkup.pet.alerts} petName={checkup.pet.name} />
      </Stack>
    ),
  },
  {
    key: 'pool',
    header: 'Checkup',
    render: (checkup) => (
      <Text size="sm" style={nowrap}>
        {checkup.form.title}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', render: (checkup) => <CheckupStatusBadge status={checkup.status} /> },
  {
    key: 'problematic',
    header: 'Problematic answers',
    render: (checkup) => <ProblematicCount checkup={checkup} />,
  },
  {
    key: 'sentAt',
    header: 'Sent',
    sortField: 'sentAt',
    firstOrder: 'desc',
    render: (checkup) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(checkup.sentAt)}
      </Text>
    ),
  },
  {
    key: 'answeredAt',
    header: 'Answered',
    sortField: 'answeredAt',
    firstOrder: 'desc',
    render: (checkup) =>
      checkup.answeredAt ? (
        <Stack gap={0}>
          <Text size="sm" style={nowrap}>
            {formatDateTime(checkup.answeredAt)}
          </Text>
          {checkup.filledBy && (
            <Text size="xs" c="dimmed" style={nowrap}>
              Filled by {checkup.filledBy.name}
            </Text>
          )}
          {checkup.status === 'answered' && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Waiting
              </Text>
              <InboxAge since={checkup.answeredAt} />
            </Group>
          )}
        </Stack>
      ) : (
        NONE
      ),
  },
  {
    key: 'reviewedBy',
    header: 'Reviewed by',
    render: (checkup) =>
      checkup.reviewedBy ? (
        <Stack gap={0}>
          <AssigneeCell assignee={checkup.reviewedBy} />
          {checkup.reviewedAt && (
            <Text size="xs" c="dimmed" style={nowrap}>
              {formatDateTime(checkup.reviewedAt)}
            </Text>
          )}
        </Stack>
      ) : (
        NONE
      ),
  },
];

const SORT_CHOICES = [
  { label: 'Awaiting review first', sort: 'inbox', order: 'asc' },
  { label: 'Newest sent first', sort: 'sentAt', order: 'desc' },
  { label: 'Oldest sent first', sort: 'sentAt', order: 'asc' },
  { label: 'Newest answered first', sort: 'answeredAt', order: 'desc' },
] as const satisfies ReadonlyArray<SortChoice<CheckupsSearch['sort']>>;

/**
 * `/checkups`: the checkups inbox. Answered checkups awaiting review come first, problematic ones
 * before the rest, then the longest waiting; the counts per status follow the other filters.
 */
export function CheckupsInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), CHECKUP_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(checkupsListQueryOptions(checkupsListQuery(search)));
  const pools = useQuery(poolChoicesQueryOptions());
  const counts = list.data?.counts;

  return (
    <ListPage
      state={state}
      query={list}
      rows={list.data?.checkups}
      title="Checkups"
      description="Owners’ answers to checkups: the ones awaiting review first, the worrying ones on top."
      searchLabel="Search checkups"
      searchPlaceholder="Search by pet or owner"
      filters={
        <>
          <StatusCountFilter
            statuses={checkupStatuses}
            labels={CHECKUP_STATUS_LABELS}
            counts={counts}
            value={search.status}
            onChange={(status) => update({ status, page: 1 })}
          />
          <Select
            aria-label="Checkup pool"
            placeholder="All pools"
            data={(pools.data?.forms ?? []).map((pool) => ({ value: pool.uuid, label: pool.title }))}
            value={search.poolUuid ?? null}
            onChange={(poolUuid) => update({ poolUuid: poolUuid ?? undefined, page: 1 })}
            clearable
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
          <DateRangeFilter
            label="Sent between"
            from={search.sentFrom}
            to={search.sentTo}
            onChange={({ from, to }) => update({ sentFrom: from, sentTo: to, page: 1 })}
          />
          <SortSelect
            choices={SORT_CHOICES}
            sort={search.sort}
            order={search.order}
            onChange={(choice) => update({ ...choice, page: 1 })}
          />
          <Group h={36} align="center">
            <Checkbox
              label="Problematic only"
              checked={search.problematic === true}
              onChange={(event) =>
                update({ problematic: event.currentTarget.checked ? true : undefined, page: 1 })
              }
            />
          </Group>
        </>
      }
      noun="checkups"
      table={{
        label: 'Checkups',
        columns,
        rowKey: (checkup) => checkup.uuid,
        rowAction: (checkup) => () => void go({ to: '/checkups/$uuid', params: { uuid: checkup.uuid } }),
        minWidth: 1040,
      }}
    />
  );
}
