import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconArrowLeft, IconCalendar } from '@tabler/icons-react';
import { hashKey, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type B2bPet, companyKindLabels, type DailyStatusFilter } from '@vetboard/contract';
import { useMemo, useRef } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { useHeldRows } from '@/components/lists/held-rows.ts';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { b2bPetsQueryOptions, companyQueryOptions, localToday } from './b2b.queries.ts';
import { formatIsoDay } from './b2b-cells.tsx';
import { COMPANY_PET_FILTERS, type CompanyPetsSearch, companyPetsQuery } from './b2b-search.ts';
import { ContactsCard } from './company-contacts-card.tsx';
import { DailyEmailButton, EmailsCard } from './company-emails.tsx';
import { StatusCell } from './company-status-cell.tsx';

const route = getRouteApi('/_default/b2b/$sku/');

const ALL = 'all';

const petKey = (pet: B2bPet) => pet.uuid;

/**
 * `/b2b/{sku}`: the company's pets with the day's status. A vet writes them one after the other from
 * the keyboard: Enter saves and moves to the next pet still without one. The day, the written/missing
 * filter and the search live in the URL.
 */
export function CompanyPage() {
  const { sku } = route.useParams();
  const company = useSuspenseQuery(companyQueryOptions(sku)).data.company;
  const state = useListPage(route.useSearch(), route.useNavigate(), COMPANY_PET_FILTERS);
  const { search, update } = state;
  const today = localToday();
  const date = search.date ?? today;
  const listOptions = b2bPetsQueryOptions(companyPetsQuery(sku, search, today));
  const list = useListQuery(listOptions);
  const counts = list.data?.counts;
  const shown = useHeldRows(
    list.data?.pets,
    list.isPlaceholderData ? null : hashKey(listOptions.queryKey),
    petKey,
  );
  const { isHeld, setEditing: onUnsaved } = shown;
  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const rowsRef = useRef<readonly B2bPet[]>([]);
  rowsRef.current = shown.rows ?? [];
  const written = useRef(new Set<string>());

  const columns = useMemo<DataTableColumn<B2bPet, CompanyPetsSearch['sort']>[]>(() => {
    const register = (uuid: string, element: HTMLTextAreaElement | null) => {
      if (element) inputs.current.set(uuid, element);
      else inputs.current.delete(uuid);
    };
    /** After a save, the next pet down the page still without a status (then from the top). */
    const onWritten = (uuid: string) => {
      written.current.add(uuid);
      const rows = rowsRef.current;
      const at = rows.findIndex((row) => row.uuid === uuid);
      const order = [...rows.slice(at + 1), ...rows.slice(0, Math.max(at, 0))];
      const next = order.find(
        (row) => !row.dailyStatus && !written.current.has(row.uuid) && inputs.current.has(row.uuid),
      );
      if (next) inputs.current.get(next.uuid)?.focus();
    };
    return [
      {
        key: 'pet',
        header: 'Pet and owner',
        sortField: 'name',
        // A share, not a fixed width: on a phone the status box keeps most of the row, so thirty
        // statuses are written without scrolling sideways to each one.
        width: '30%',
        render: (pet) => (
          <Stack gap={0}>
            <Anchor
              fw={600}
              size="sm"
              renderRoot={(props) => (
                <Link to="/b2b/$sku/$uuid" params={{ sku, uuid: pet.uuid }} {...props} />
              )}
            >
              {pet.name}
            </Anchor>
            <PetAlertBadges alerts={pet.alerts} petName={pet.name} />
            <Text size="xs" c="dimmed">
              {[pet.breed, pet.ownerName].filter(Boolean).join(' · ') || '—'}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'status',
        header: 'Daily status',
        render: (pet) => (
          <StatusCell
            key={`${pet.uuid}:${date}`}
            pet={pet}
            date={date}
            held={isHeld(pet.uuid)}
            register={register}
            onWritten={onWritten}
            onUnsaved={onUnsaved}
          />
        ),
      },
    ];
  }, [sku, date, isHeld, onUnsaved]);

  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link to="/b2b" {...props} />}>
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          B2B companies
        </Group>
      </Anchor>
      <ListPage
        state={state}
        query={list}
        rows={shown.rows}
        title={company.name}
        description={
          <>
            {companyKindLabels[company.kind]} · {company.sku} · {company.petsCount} pets
            {counts ? ` · ${counts.written} of ${counts.pets} statuses written on ${formatIsoDay(date)}` : ''}
          </>
        }
        actions={<DailyEmailButton sku={sku} date={date} today={today} written={counts?.written ?? 0} />}
        searchLabel="Search pets"
        searchPlaceholder="Search by pet or owner"
        filters={
          <>
            <DatePickerInput
              // The name holds the day shown on the button (WCAG 2.5.3).
              aria-label={`Day ${formatIsoDay(date)}`}
              value={date}
              onChange={(value) => update({ date: value && value !== today ? value : undefined, page: 1 })}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} aria-hidden />}
              maxDate={today}
              ariaLabels={{
                previousMonth: 'Previous month',
                nextMonth: 'Next month',
                previousYear: 'Previous year',
                nextYear: 'Next year',
                previousDecade: 'Previous decade',
                nextDecade: 'Next decade',
              }}
              w={{ base: '100%', xs: 170 }}
              popoverProps={{ withinPortal: true }}
              data-testid="day-picker"
            />
            <SegmentedControl
              aria-label="Statuses"
              data={[
                { value: ALL, label: `All${counts ? ` (${counts.pets})` : ''}` },
                { value: 'written', label: `Written${counts ? ` (${counts.written})` : ''}` },
                { value: 'missing', label: `Missing${counts ? ` (${counts.missing})` : ''}` },
              ]}
              value={search.status ?? ALL}
              onChange={(value) =>
                update({ status: value === ALL ? undefined : (value as DailyStatusFilter), page: 1 })
              }
              size="xs"
              w={{ base: '100%', sm: 'auto' }}
              data-testid="status-filter"
            />
          </>
        }
        noun="pets"
        table={{ label: `${company.name} pets`, columns, rowKey: petKey, minWidth: 340 }}
      />
      <ContactsCard company={company} />
      <EmailsCard sku={sku} />
    </Stack>
  );
}
