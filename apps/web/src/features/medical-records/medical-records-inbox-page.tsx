import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconTags, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  countOf,
  fullName,
  MEDICAL_RECORD_REVIEW_MATCHING_MAX,
  type MedicalRecord,
  medicalRecordStatuses,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import {
  ActOnAllMatching,
  BulkActionBar,
  type BulkSelection,
  selectionColumn,
  useBulkSelection,
} from '@/components/lists/bulk-selection.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { DateRangeFilter } from '@/components/lists/date-range-filter.tsx';
import { InboxAge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { type SortChoice, SortSelect } from '@/components/lists/sort-select.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { assignableVetsQueryOptions } from '@/lib/reminders/reminders.queries.ts';
import { useReviewManyMutation, useReviewMatchingMutation } from './medical-records.mutations.ts';
import { labelsQueryOptions, medicalRecordListQueryOptions } from './medical-records.queries.ts';
import {
  MEDICAL_RECORD_FILTERS,
  type MedicalRecordsSearch,
  medicalRecordsListQuery,
} from './medical-records-search.ts';
import { RECORD_STATUS_LABELS, RecordLabels, RecordStatusBadge, uploaderName } from './record-cells.tsx';
import { RecordUploader } from './record-upload.tsx';

const route = getRouteApi('/_default/medical-records/');

const nowrap = { whiteSpace: 'nowrap' } as const;

// Only what is on screen and still awaiting review can be selected.
const SELECTABLE = {
  key: (record: MedicalRecord) => record.uuid,
  selectable: (record: MedicalRecord) => record.status === 'pending',
  label: (record: MedicalRecord) => `Select ${record.pet.name}’s ${record.title}`,
};

/** The "Uploaded by" choice: a kind of uploader (`kind:vet`), me, or one vet (`vet:<uuid>`). */
function uploaderValue(search: MedicalRecordsSearch): string | null {
  if (search.uploaderVet) return `vet:${search.uploaderVet}`;
  return search.uploadedBy ? `kind:${search.uploadedBy}` : null;
}

function uploaderChange(value: string | null): Pick<MedicalRecordsSearch, 'uploadedBy' | 'uploaderVet'> {
  if (value?.startsWith('vet:')) return { uploadedBy: undefined, uploaderVet: value.slice(4) };
  if (value?.startsWith('kind:'))
    return { uploadedBy: value.slice(5) as MedicalRecordsSearch['uploadedBy'], uploaderVet: undefined };
  return { uploadedBy: undefined, uploaderVet: undefined };
}

const SORT_CHOICES = [
  { label: 'Awaiting review first', sort: 'inbox', order: 'asc' },
  { label: 'Newest uploads first', sort: 'uploadedAt', order: 'desc' },
  { label: 'Oldest uploads first', sort: 'uploadedAt', order: 'asc' },
  { label: 'Newest documents first', sort: 'documentDate', order: 'desc' },
] as const satisfies ReadonlyArray<SortChoice<MedicalRecordsSearch['sort']>>;

function columnsOf(
  selection: Pick<BulkSelection, 'selected' | 'toggle'>,
): DataTableColumn<MedicalRecord, MedicalRecordsSearch['sort']>[] {
  return [
    selectionColumn(selection, SELECTABLE),
    {
      key: 'pet',
      header: 'Pet and owner',
      render: (record) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" style={nowrap}>
            {record.pet.name}
          </Text>
          <PetAlertBadges alerts={record.pet.alerts} petName={record.pet.name} />
          <Text size="xs" c="dimmed">
            {record.ownerName ?? 'No owner'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'title',
      header: 'Document',
      sortField: 'documentDate',
      firstOrder: 'desc',
      render: (record) => (
        <Stack gap={0} maw={320}>
          <Anchor
            fw={600}
            size="sm"
            lineClamp={2}
            renderRoot={(props) => (
              <Link to="/medical-records/$uuid" params={{ uuid: record.uuid }} {...props} />
            )}
          >
            {record.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatCalendarDate(record.documentDate)}
          </Text>
        </Stack>
      ),
    },
    { key: 'labels', header: 'Labels', render: (record) => <RecordLabels labels={record.labels} /> },
    {
      key: 'uploader',
      header: 'Uploaded by',
      render: (record) => (
        <Text size="sm" style={nowrap}>
          {uploaderName(record)}
        </Text>
      ),
    },
    {
      key: 'uploadedAt',
      header: 'Uploaded',
      sortField: 'uploadedAt',
      firstOrder: 'desc',
      render: (record) => (
        <Stack gap={0}>
          <Text size="sm" style={nowrap}>
            {formatDateTime(record.uploadedAt)}
          </Text>
          {record.status === 'pending' && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Waiting
              </Text>
              <InboxAge since={record.uploadedAt} />
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (record) => (
        <Stack gap={0}>
          <RecordStatusBadge status={record.status} />
          {record.reviewedBy && (
            <Text size="xs" c="dimmed" style={nowrap}>
              {record.reviewedBy.name}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

/**
 * `/medical-records`: the records inbox. Documents awaiting review first, the longest waiting on top;
 * vets upload new ones for a pet, open one to preview, label and review it, or review several at once.
 */
export function MedicalRecordsInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), MEDICAL_RECORD_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const me = useAuthState().vet?.uuid;
  const query = medicalRecordsListQuery(search, me);
  const list = useListQuery(medicalRecordListQueryOptions(query));
  const labels = useQuery(labelsQueryOptions('all'));
  const vets = useQuery(assignableVetsQueryOptions());
  const reviewMany = useReviewManyMutation();
  const reviewMatching = useReviewMatchingMutation();
  const [uploading, setUploading] = useState(false);
  const counts = list.data?.counts;
  const rows = list.data?.medicalRecords;
  const filteredPet = search.petUuid
    ? rows?.find((record) => record.pet.uuid === search.petUuid)?.pet
    : undefined;
  const selection = useBulkSelection(rows, { ...SELECTABLE, resetOn: query });
  const { selected, toggle } = selection;
  const columns = useMemo(() => columnsOf({ selected, toggle }), [selected, toggle]);
  // Every pending record the filters match, the status filter aside.
  const pendingMatching = search.status === undefined || search.status === 'pending' ? counts?.pending : 0;
  const uploaderChoices = [
    { value: 'kind:vet', label: 'A vet' },
    { value: 'kind:owner', label: 'The owner (app)' },
    { value: 'vet:me', label: 'Me' },
    ...(vets.data ?? [])
      .filter((vet) => vet.uuid !== me)
      .map((vet) => ({ value: `vet:${vet.uuid}`, label: fullName(vet) })),
  ];
  const chosenUploader = uploaderValue(search);
  // A vet named in the URL who is not in the list (disabled, or not loaded yet) still shows as chosen.
  if (chosenUploader && !uploaderChoices.some((choice) => choice.value === chosenUploader))
    uploaderChoices.push({ value: chosenUploader, label: 'A given vet' });

  const reviewChosen = (chosen: string[]) =>
    mutateThen(reviewMany, chosen, {
      onSuccess: ({ reviewed, asked }) => {
        selection.clear();
        notifications.show({
          color: reviewed === asked ? 'clinic' : 'orange',
          message:
            reviewed === asked
              ? `${countOf(reviewed, { one: 'record', other: 'records' })} marked reviewed.`
              : `${reviewed} of ${asked} records marked reviewed; the others had changed meanwhile.`,
        });
      },
    });

  const reviewAllMatching = (done: () => void) =>
    mutateThen(
      reviewMatching,
      {
        search: query.search,
        petUuid: query.petUuid,
        labelUuid: query.labelUuid,
        uploadedBy: query.uploadedBy,
        uploadedByVetUuid: query.uploadedByVetUuid,
        uploadedFrom: query.uploadedFrom,
        uploadedTo: query.uploadedTo,
      },
      {
        onSuccess: ({ reviewed }) => {
          done();
          selection.clear();
          notifications.show({
            color: 'clinic',
            message: `${countOf(reviewed, { one: 'record', other: 'records' })} marked reviewed.`,
          });
        },
      },
    );

  return (
    <>
      <ListPage
        state={state}
        query={list}
        rows={rows}
        title="Medical records"
        description={
          filteredPet
            ? `${filteredPet.name}’s documents. Awaiting review first, the longest waiting on top.`
            : 'Lab results, reports and invoices uploaded for pets: those awaiting labels and review first.'
        }
        actions={
          <BulkActionBar
            selection={selection}
            selectPageLabel="Select all awaiting review on this page"
            actionLabel="Mark reviewed"
            actionIcon={<IconChecks size={16} />}
            actionVariant="default"
            onAction={reviewChosen}
            pending={reviewMany.isPending}
          >
            <ActOnAllMatching
              count={pendingMatching}
              max={MEDICAL_RECORD_REVIEW_MATCHING_MAX}
              label={(count) => (count === 1 ? 'Review the 1 awaiting' : `Review all ${count} awaiting`)}
              title={(count) => `Mark ${countOf(count, { one: 'record', other: 'records' })} reviewed?`}
              description="Every record awaiting review that these filters match is marked reviewed by you, on every page, not only this one."
              confirmLabel="Mark reviewed"
              onConfirm={reviewAllMatching}
              pending={reviewMatching.isPending}
            />
            <Button
              variant="default"
              leftSection={<IconTags size={16} />}
              renderRoot={(props) => <Link to="/medical-records/labels" {...props} />}
            >
              Labels
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload
            </Button>
          </BulkActionBar>
        }
        searchLabel="Search medical records"
        searchPlaceholder="Search by pet, owner or title"
        filters={
          <>
            <StatusCountFilter
              statuses={medicalRecordStatuses}
              labels={RECORD_STATUS_LABELS}
              counts={counts}
              value={search.status}
              onChange={(status) => update({ status, page: 1 })}
            />
            <Select
              aria-label="Label"
              placeholder="Any label"
              data={(labels.data?.labels ?? []).map((label) => ({
                value: label.uuid,
                label: label.archived ? `${label.name} (archived)` : label.name,
              }))}
              value={search.label ?? null}
              onChange={(label) => update({ label: label ?? undefined, page: 1 })}
              clearable
              searchable
              w={{ base: '100%', xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Uploaded by"
              placeholder="Anyone"
              data={uploaderChoices}
              value={chosenUploader}
              onChange={(value) => update({ ...uploaderChange(value), page: 1 })}
              clearable
              searchable
              w={{ base: '100%', xs: 190 }}
              comboboxProps={{ withinPortal: true }}
            />
            <DateRangeFilter
              label="Uploaded between"
              from={search.from}
              to={search.to}
              onChange={({ from, to }) => update({ from, to, page: 1 })}
            />
            <SortSelect
              choices={SORT_CHOICES}
              sort={search.sort}
              order={search.order}
              onChange={(choice) => update({ ...choice, page: 1 })}
            />
          </>
        }
        noun="medical records"
        table={{
          label: 'Medical records',
          columns,
          rowKey: (record) => record.uuid,
          rowAction: (record) => () =>
            void go({ to: '/medical-records/$uuid', params: { uuid: record.uuid } }),
          minWidth: 1040,
        }}
      />
      <Modal
        opened={uploading}
        onClose={() => setUploading(false)}
        title="Upload medical records"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <RecordUploader />
      </Modal>
    </>
  );
}
