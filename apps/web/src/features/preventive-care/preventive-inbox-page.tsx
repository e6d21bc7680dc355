import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  PREVENTIVE_KIND_LABELS,
  PREVENTIVE_STATUS_LABELS,
  type PreventiveInboxRow,
  preventiveInboxStatuses,
  species,
  speciesLabels,
} from '@vetboard/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PreventiveStatusBadge } from '@/components/preventive-care/preventive-status-badge.tsx';
import { visibleCompaniesQueryOptions } from '@/lib/companies/visible-companies.queries.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { preventiveInboxQueryOptions, preventiveProtocolsQueryOptions } from './preventive-inbox.queries.ts';
import {
  PREVENTIVE_INBOX_FILTERS,
  type PreventiveInboxSearch,
  preventiveInboxListQuery,
} from './preventive-inbox-search.ts';

const route = getRouteApi('/_default/preventive-care');

const nowrap = { whiteSpace: 'nowrap' } as const;

const STATUS_LABELS = {
  overdue: PREVENTIVE_STATUS_LABELS.overdue,
  due: PREVENTIVE_STATUS_LABELS.due,
  almost_due: PREVENTIVE_STATUS_LABELS.almost_due,
};

/**
 * `/preventive-care`: vaccines and parasite treatments overdue, due or almost due across the pets the
 * vet may see, the longest due first; a row opens the pet's preventive-care page.
 */
export function PreventiveInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), PREVENTIVE_INBOX_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(preventiveInboxQueryOptions(preventiveInboxListQuery(search)));
  const companies = useQuery(visibleCompaniesQueryOptions());
  const protocols = useQuery(preventiveProtocolsQueryOptions());
  const companyOptions = useMemo(() => {
    const options = (companies.data?.companies ?? []).map((company) => ({
      value: company.sku,
      label: company.name,
    }));
    const chosen = search.companySku;
    return chosen && companies.data && !options.some((option) => option.value === chosen)
      ? [{ value: chosen, label: chosen }, ...options]
      : options;
  }, [companies.data, search.companySku]);
  const itemOptions = useMemo(
    () =>
      (protocols.data?.items ?? [])
        .filter((item) => !search.species || item.species === search.species)
        .map((item) => ({ value: item.code, label: `${speciesLabels[item.species]}: ${item.name}` })),
    [protocols.data, search.species],
  );

  const columns = useMemo<DataTableColumn<PreventiveInboxRow, PreventiveInboxSearch['sort']>[]>(
    () => [
      { key: 'status', header: 'Status', render: (row) => <PreventiveStatusBadge status={row.status} /> },
      {
        key: 'pet',
        header: 'Pet and owner',
        sortField: 'pet',
        firstOrder: 'asc',
        render: (row) => (
          <Stack gap={0}>
            <Anchor
              fw={600}
              size="sm"
              style={nowrap}
              renderRoot={(props) => (
                <Link to="/pets/$uuid/preventive-care" params={{ uuid: row.pet.uuid }} {...props} />
              )}
            >
              {row.pet.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {speciesLabels[row.species]} · {row.ownerName ?? 'No owner'}
              {row.companySku ? ` · ${row.companySku}` : ''}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'item',
        header: 'Vaccine or treatment',
        sortField: 'item',
        firstOrder: 'asc',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.itemName}</Text>
            <Text size="xs" c="dimmed">
              {PREVENTIVE_KIND_LABELS[row.kind]}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'dueOn',
        header: 'Due',
        sortField: 'dueOn',
        firstOrder: 'asc',
        render: (row) => (
          <Text size="sm" style={nowrap}>
            {formatCalendarDate(row.dueOn)}
          </Text>
        ),
      },
      {
        key: 'lastGivenOn',
        header: 'Last given',
        render: (row) => (
          <Text size="sm" style={nowrap} c={row.lastGivenOn ? undefined : 'dimmed'}>
            {row.lastGivenOn ? formatCalendarDate(row.lastGivenOn) : 'Never'}
          </Text>
        ),
      },
    ],
    [],
  );

  return (
    <ListPage
      state={state}
      query={list}
      rows={list.data?.items}
      title="Preventive care"
      description="Vaccines and parasite treatments overdue, due or almost due across your pets, the longest due first."
      searchLabel="Search preventive care"
      searchPlaceholder="Search by pet or owner"
      filters={
        <>
          <StatusCountFilter
            statuses={preventiveInboxStatuses}
            labels={STATUS_LABELS}
            counts={
              list.data
                ? {
                    overdue: list.data.counts.overdue,
                    due: list.data.counts.due,
                    almost_due: list.data.counts.almostDue,
                  }
                : undefined
            }
            value={search.status}
            onChange={(status) => update({ status, page: 1 })}
          />
          <Select
            aria-label="Species"
            placeholder="All species"
            data={species.map((value) => ({ value, label: speciesLabels[value] }))}
            value={search.species ?? null}
            onChange={(value) =>
              update({
                species: (value ?? undefined) as PreventiveInboxSearch['species'],
                item: undefined,
                page: 1,
              })
            }
            clearable
            w={{ base: '100%', xs: 140 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Vaccine or treatment"
            placeholder="Every item"
            data={itemOptions}
            value={search.item ?? null}
            onChange={(value) => update({ item: value ?? undefined, page: 1 })}
            clearable
            searchable
            w={{ base: '100%', xs: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Company"
            placeholder="Any company"
            data={companyOptions}
            value={search.companySku ?? null}
            onChange={(value) => update({ companySku: value ?? undefined, page: 1 })}
            clearable
            searchable
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      }
      noun="items"
      table={{
        label: 'Preventive care due',
        columns,
        rowKey: (row) => `${row.pet.uuid}:${row.itemCode}`,
        rowAction: (row) => () =>
          void go({ to: '/pets/$uuid/preventive-care', params: { uuid: row.pet.uuid } }),
        minWidth: 820,
      }}
    />
  );
}
