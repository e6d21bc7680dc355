import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  countOf,
  isoWeekLabel,
  isoWeekOfDate,
  shiftIsoWeek,
  type WeeklyReportSummary,
  weeklyReportStatuses,
  weeklyReportStatusLabels,
} from '@vetboard/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { type SortChoice, SortSelect } from '@/components/lists/sort-select.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { visibleCompaniesQueryOptions } from '@/lib/companies/visible-companies.queries.ts';
import { formatChange, WeeklyReportStatusBadge } from './weekly-report-cells.tsx';
import { reportVetsQueryOptions, weeklyReportsListQueryOptions } from './weekly-reports.queries.ts';
import {
  WEEKLY_REPORT_FILTERS,
  type WeeklyReportsSearch,
  weeklyReportsListQuery,
} from './weekly-reports-search.ts';

const route = getRouteApi('/_default/weekly-reports/');

const nowrap = { whiteSpace: 'nowrap' } as const;

const SORT_CHOICES = [
  { label: 'Drafts and concerns first', sort: 'inbox', order: 'asc' },
  { label: 'Newest week first', sort: 'week', order: 'desc' },
  { label: 'Oldest week first', sort: 'week', order: 'asc' },
  { label: 'Pet A–Z', sort: 'pet', order: 'asc' },
] as const satisfies ReadonlyArray<SortChoice<WeeklyReportsSearch['sort']>>;

/** The last twelve ISO weeks, newest first, as the week filter offers them. */
function recentWeeks(): Array<{ value: string; label: string }> {
  const current = isoWeekOfDate(new Date().toISOString().slice(0, 10));
  return Array.from({ length: 12 }, (_, index) => {
    const week = shiftIsoWeek(current, -index - 1);
    return { value: week, label: `${week} · ${isoWeekLabel(week)}` };
  });
}

const columns: DataTableColumn<WeeklyReportSummary, WeeklyReportsSearch['sort']>[] = [
  {
    key: 'pet',
    header: 'Pet',
    sortField: 'pet',
    render: (report) => (
      <Stack gap={0}>
        <Anchor
          fw={600}
          size="sm"
          style={nowrap}
          renderRoot={(props) => (
            <Link to="/weekly-reports/$uuid" params={{ uuid: report.uuid }} {...props} />
          )}
        >
          {report.pet.name}
        </Anchor>
        {report.companySku && (
          <Text size="xs" c="dimmed">
            {report.companySku}
          </Text>
        )}
        <PetAlertBadges alerts={report.pet.alerts} petName={report.pet.name} />
      </Stack>
    ),
  },
  {
    key: 'week',
    header: 'Week',
    sortField: 'week',
    firstOrder: 'desc',
    render: (report) => (
      <Stack gap={0}>
        <Text size="sm" style={nowrap}>
          {isoWeekLabel(report.week)}
        </Text>
        <Text size="xs" c="dimmed">
          {report.week}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', render: (report) => <WeeklyReportStatusBadge status={report.status} /> },
  {
    key: 'concern',
    header: 'Concerns',
    render: (report) => (
      <Group gap={6} wrap="nowrap">
        {report.openCardCount > 0 ? (
          <Badge color="red" variant="light" tt="none" radius="sm">
            {countOf(report.openCardCount, { one: 'open card', other: 'open cards' })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            No open cards
          </Text>
        )}
      </Group>
    ),
  },
  {
    key: 'change',
    header: 'Largest change',
    render: (report) => (
      <Text size="sm" style={nowrap}>
        {report.largestChangePercent === null
          ? '—'
          : formatChange(report.largestChangePercent).replace('+', '')}
      </Text>
    ),
  },
  {
    key: 'vet',
    header: 'Reviewed / sent by',
    render: (report) => {
      const who = report.sentBy ?? report.reviewedBy;
      return (
        <Text size="sm" c={who ? undefined : 'dimmed'} style={nowrap}>
          {who?.name ?? '—'}
        </Text>
      );
    },
  },
];

/**
 * `/weekly-reports`: every monitored pet's report of each week. Drafts to review come first, the most
 * concerning on top (open pending cards, then the largest change of a tracker against the week before).
 */
export function WeeklyReportsPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), WEEKLY_REPORT_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(weeklyReportsListQueryOptions(weeklyReportsListQuery(search)));
  const companies = useQuery(visibleCompaniesQueryOptions());
  const vets = useQuery(reportVetsQueryOptions());
  const weeks = useMemo(recentWeeks, []);
  const counts = list.data?.counts;
  const rows = list.data?.weeklyReports;
  const petName = search.petUuid ? rows?.[0]?.pet.name : undefined;
  const weekOptions =
    search.week && !weeks.some((week) => week.value === search.week)
      ? [{ value: search.week, label: search.week }, ...weeks]
      : weeks;

  return (
    <ListPage
      state={state}
      query={list}
      rows={rows}
      title={petName ? `${petName}’s weekly reports` : 'Weekly reports'}
      description={
        search.petUuid
          ? 'This pet’s reports, drafts to review first.'
          : 'Each monitored pet’s week: drafts to review first, the most concerning on top.'
      }
      searchLabel="Search weekly reports"
      searchPlaceholder="Search by pet or owner"
      filters={
        <>
          <StatusCountFilter
            statuses={weeklyReportStatuses}
            labels={weeklyReportStatusLabels}
            counts={counts}
            value={search.status}
            onChange={(status) => update({ status, page: 1 })}
          />
          <Select
            aria-label="Week"
            placeholder="Any week"
            data={weekOptions}
            value={search.week ?? null}
            onChange={(week) => update({ week: week ?? undefined, page: 1 })}
            clearable
            w={{ base: '100%', xs: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Company"
            placeholder="Any company"
            data={(companies.data?.companies ?? []).map((company) => ({
              value: company.sku,
              label: company.name,
            }))}
            value={search.company ?? null}
            onChange={(company) => update({ company: company ?? undefined, page: 1 })}
            clearable
            searchable
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Reviewed or sent by"
            placeholder="Any vet"
            data={(vets.data?.vets ?? []).map((vet) => ({
              value: vet.uuid,
              label: `${vet.firstName} ${vet.lastName}`,
            }))}
            value={search.vet ?? null}
            onChange={(vet) => update({ vet: vet ?? undefined, page: 1 })}
            clearable
            searchable
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
          <SortSelect
            choices={SORT_CHOICES}
            sort={search.sort}
            order={search.order}
            onChange={(choice) => update({ ...choice, page: 1 })}
          />
        </>
      }
      noun="weekly reports"
      table={{
        label: 'Weekly reports',
        columns,
        rowKey: (report) => report.uuid,
        rowAction: (report) => () => void go({ to: '/weekly-reports/$uuid', params: { uuid: report.uuid } }),
        minWidth: 900,
      }}
    />
  );
}
