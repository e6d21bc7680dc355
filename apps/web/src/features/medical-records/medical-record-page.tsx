import {
  Anchor,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCalendar, IconChecks, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  calendarDateToIso,
  isoToCalendarDate,
  type MedicalRecord,
  medicalRecordPatchSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { useServerDraft } from '@/components/editors/server-draft.ts';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { usePatchRecordMutation, useReviewMutation } from './medical-records.mutations.ts';
import { labelsQueryOptions, medicalRecordQueryOptions } from './medical-records.queries.ts';
import { fileSizeLabel, LabelBadge, RecordStatusBadge, uploaderName } from './record-cells.tsx';
import { RecordPreview } from './record-preview.tsx';

const route = getRouteApi('/_default/medical-records/$uuid');

/** A failed save is told by the shared 'Error' toast. */
const noop = () => {};

/** Corrects the title and the document's date; the contract's schema judges them, as the API does. */
function DetailsForm({ record }: { record: MedicalRecord }) {
  const patch = usePatchRecordMutation(record.uuid);
  // Each field a draft of what is saved: live updates bring the saved details back (this vet's save or
  // a colleague's), and a field follows them unless the vet has typed something else, which is kept.
  const savedDate = calendarDateToIso(record.documentDate);
  const titleDraft = useServerDraft(record.title);
  const dateDraft = useServerDraft(savedDate);
  const title = titleDraft.text;
  const date = dateDraft.text || null;
  const setTitle = titleDraft.setText;
  const setDate = (chosen: string | null) => dateDraft.setText(chosen ?? '');
  const savedElsewhere = titleDraft.overtaken || dateDraft.overtaken;
  const [errors, setErrors] = useState<{ title?: string; documentDate?: string }>({});
  const changed = title.trim() !== record.title || date !== savedDate;

  const save = () => {
    const parsed = medicalRecordPatchSchema.safeParse({
      title,
      documentDate: date ? isoToCalendarDate(date) : undefined,
    });
    const next: typeof errors = {};
    if (!date) next.documentDate = 'Choose the document’s date';
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'title' || key === 'documentDate') next[key] ??= issue.message;
      }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    // Through the promise: it outlives the component if the page changes meanwhile.
    patch
      .mutateAsync(parsed.data)
      .then(() => notifications.show({ color: 'clinic', message: 'Record saved.' }), noop);
  };

  return (
    <Editor
      name="medical-record-details"
      what="the record’s details"
      dirty={() => changed && !patch.isPending}
      dirtyOnUnload={() => changed}
    >
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextInput
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          maxLength={200}
        />
        <DatePickerInput
          label="Document date"
          value={date}
          onChange={setDate}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar size={16} aria-hidden />}
          error={errors.documentDate}
          popoverProps={{ withinPortal: true }}
        />
        {savedElsewhere && (
          <SavedElsewhere
            plural
            testId="details-overtaken"
            saved={`“${record.title}”, ${formatCalendarDate(record.documentDate)}`}
            takeLabel="Use the saved details"
            onTake={() => {
              titleDraft.takeSaved();
              dateDraft.takeSaved();
            }}
          >
            The details were saved elsewhere while you were editing them.
          </SavedElsewhere>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!changed}
            loading={patch.isPending}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Editor>
  );
}

/** The record's labels: any active label, and those it already has (an archived one stays until removed). */
function LabelsField({ record }: { record: MedicalRecord }) {
  const labels = useQuery(labelsQueryOptions('active'));
  const patch = usePatchRecordMutation(record.uuid);
  const options = new Map((labels.data?.labels ?? []).map((label) => [label.uuid, label.name]));
  for (const label of record.labels) if (!options.has(label.uuid)) options.set(label.uuid, label.name);
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Labels"
        placeholder={record.labels.length === 0 ? 'Choose labels' : undefined}
        data={[...options].map(([value, label]) => ({ value, label }))}
        value={record.labels.map((label) => label.uuid)}
        onChange={(labelUuids) =>
          patch
            .mutateAsync({ labelUuids })
            .then(() => notifications.show({ color: 'clinic', message: 'Labels saved.' }), noop)
        }
        searchable
        hidePickedOptions
        disabled={patch.isPending}
        nothingFoundMessage="No label with this name"
        comboboxProps={{ withinPortal: true }}
        data-testid="record-labels-input"
      />
      <Anchor size="xs" renderRoot={(props) => <Link to="/medical-records/labels" {...props} />}>
        Manage labels
      </Anchor>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * `/medical-records/{uuid}`: the document previewed in the page beside what a vet does with it: correct
 * its title and date, label it, mark it reviewed, download it under its own name.
 */
export function MedicalRecordPage() {
  const { uuid } = route.useParams();
  const record = useSuspenseQuery(medicalRecordQueryOptions(uuid)).data.medicalRecord;
  const review = useReviewMutation();

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/medical-records" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All medical records
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6} miw={0}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {record.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Anchor
              fw={600}
              renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: record.pet.uuid }} {...props} />}
              data-testid="record-pet"
            >
              {record.pet.name}
            </Anchor>
            {record.ownerName && (
              <Text c="dimmed" size="sm">
                owned by {record.ownerName}
              </Text>
            )}
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link to="/pets/$uuid/medical-records" params={{ uuid: record.pet.uuid }} {...props} />
              )}
            >
              All {record.pet.name}’s records
            </Anchor>
          </Group>
          <Group gap="xs" wrap="wrap">
            <RecordStatusBadge status={record.status} />
            {record.labels.map((label) => (
              <LabelBadge key={label.uuid} label={label} />
            ))}
          </Group>
        </Stack>
        {record.status === 'pending' && (
          <Button
            leftSection={<IconChecks size={16} />}
            loading={review.isPending}
            onClick={() =>
              mutateThen(review, record.uuid, {
                onSuccess: () => notifications.show({ color: 'clinic', message: 'Record marked reviewed.' }),
              })
            }
          >
            Mark reviewed
          </Button>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecordPreview record={record} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-label="Labels">
              <LabelsField record={record} />
            </Paper>
            <Paper withBorder p="md" component="section" aria-label="Details">
              <Title order={2} fz="md" mb="sm">
                Details
              </Title>
              <DetailsForm record={record} />
            </Paper>
            <Paper withBorder p="md" component="section" aria-label="File and history">
              <Title order={2} fz="md" mb="sm">
                File and history
              </Title>
              <Stack gap={6}>
                <Fact label="File">{record.file.filename}</Fact>
                <Fact label="Size">{fileSizeLabel(record.file.size)}</Fact>
                <Fact label="Document date">{formatCalendarDate(record.documentDate)}</Fact>
                <Fact label="Uploaded by">{uploaderName(record)}</Fact>
                <Fact label="Uploaded">{formatDateTime(record.uploadedAt)}</Fact>
                {record.reviewedBy && record.reviewedAt && (
                  <Fact label="Reviewed">
                    {record.reviewedBy.name}, {formatDateTime(record.reviewedAt)}
                  </Fact>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
