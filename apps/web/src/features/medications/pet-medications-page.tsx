import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPill, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DOSE_FREQUENCY_LABELS, type Prescription, prescriptionStopSchema } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { TreatmentResponses } from '@/components/trackers/treatment-responses.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formErrors } from '@/lib/forms/contract-form.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { treatmentResponsesQueryOptions } from '@/lib/treatments/treatment-responses.queries.ts';
import { useStopPrescription } from './medications.mutations.ts';
import { petPrescriptionsQueryOptions } from './medications.queries.ts';
import { PrescriptionChangeModal } from './prescription-change-modal.tsx';
import { PrescriptionFormModal } from './prescription-form-modal.tsx';

const route = getRouteApi('/pets/$uuid/medications');

function period(prescription: Prescription): string {
  const start = formatCalendarDate(prescription.startOn);
  return prescription.endOn ? `${start} – ${formatCalendarDate(prescription.endOn)}` : `Since ${start}`;
}

function StopModal({ prescription, onClose }: { prescription: Prescription; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const stop = useStopPrescription(prescription.petUuid);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const errors = formErrors(prescriptionStopSchema, { reason });
    if (errors.reason) return setError(errors.reason);
    mutateThen(
      stop,
      { uuid: prescription.uuid, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'clinic', message: `Stopped: ${prescription.drug.name}` });
          onClose();
        },
        onError: notifyRequestError,
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Stop ${prescription.drug.name}`} centered fullScreen={phone}>
      <Editor
        name="prescription-stop"
        what="the reason"
        dirty={() => reason.trim() !== '' && !stop.isPending}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Textarea
              label="Why it is stopped"
              withAsterisk
              autosize
              minRows={2}
              data-autofocus
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={stop.isPending}>
                Stop
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}

const PAST_BADGES = {
  changed: { label: 'Changed', color: 'blue' },
  stopped: { label: 'Stopped', color: 'red' },
  completed: { label: 'Completed', color: 'gray' },
  active: { label: 'Active', color: 'green' },
} as const;

function PrescriptionRows({
  rows,
  current,
  onStop,
  onChange,
}: {
  rows: Prescription[] | undefined;
  current: boolean;
  onStop: (prescription: Prescription) => void;
  onChange: (prescription: Prescription) => void;
}) {
  if (!rows)
    return [0, 1].map((row) => (
      <Table.Tr key={row}>
        <Table.Td colSpan={5}>
          <Skeleton height={20} />
        </Table.Td>
      </Table.Tr>
    ));
  return rows.map((prescription) => (
    <Table.Tr
      key={prescription.uuid}
      data-prescription-uuid={prescription.uuid}
      data-status={prescription.status}
    >
      <Table.Td>
        <Text size="sm" fw={600}>
          {prescription.drug.name}
        </Text>
        <Text size="xs" c="dimmed">
          {prescription.strength.label}
          {prescription.reason ? ` · ${prescription.reason}` : ''}
        </Text>
        {prescription.previousVersionUuid && (
          <Text size="xs" c="dimmed">
            Changed version
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {prescription.amountText}, {DOSE_FREQUENCY_LABELS[prescription.frequency].toLowerCase()}
        </Text>
        <Text size="xs" c="dimmed">
          {prescription.doseMgPerKg} mg/kg × {prescription.weightKg} kg = {prescription.mgPerDose} mg
        </Text>
        {prescription.confirmedWarnings.length > 0 && (
          <Text size="xs" c="orange.9">
            Confirmed: {prescription.confirmedWarnings.map((warning) => warning.message).join('; ')} (
            {prescription.confirmationReason})
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{period(prescription)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{prescription.prescribedBy?.name ?? 'The system'}</Text>
      </Table.Td>
      <Table.Td>
        {current ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => onChange(prescription)}>
              Change dose
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onStop(prescription)}>
              Stop
            </Button>
          </Group>
        ) : (
          <Stack gap={2}>
            <Badge variant="light" color={PAST_BADGES[prescription.status].color}>
              {PAST_BADGES[prescription.status].label}
            </Badge>
            {prescription.changeReason && (
              <Text size="xs" c="dimmed" data-testid="change-reason">
                {prescription.changedBy?.name ? `${prescription.changedBy.name}: ` : ''}
                {prescription.changeReason}
              </Text>
            )}
            {prescription.stopReason && (
              <Text size="xs" c="dimmed">
                {prescription.stoppedBy?.name ? `${prescription.stoppedBy.name}: ` : ''}
                {prescription.stopReason}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  ));
}

function PrescriptionTable({
  label,
  rows,
  current,
  busy,
  onStop,
  onChange,
}: {
  label: string;
  rows: Prescription[] | undefined;
  current: boolean;
  busy: boolean;
  onStop: (prescription: Prescription) => void;
  onChange: (prescription: Prescription) => void;
}) {
  return (
    <TableScroll minWidth={760} label={label}>
      <Table verticalSpacing="sm" aria-label={label} aria-busy={busy || undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Drug</Table.Th>
            <Table.Th>Dose</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Prescribed by</Table.Th>
            <Table.Th>{current ? 'Actions' : 'Status'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <PrescriptionRows rows={rows} current={current} onStop={onStop} onChange={onChange} />
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** `/pets/{uuid}/medications`: the pet's current prescriptions, then its past ones; prescribe and stop. */
export function PetMedicationsPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const list = useQuery(petPrescriptionsQueryOptions(uuid));
  const responses = useQuery(treatmentResponsesQueryOptions(uuid)).data?.responses ?? [];
  const [prescribing, setPrescribing] = useState(false);
  const [stopping, setStopping] = useState<Prescription | null>(null);
  const [changing, setChanging] = useState<Prescription | null>(null);
  const all = list.data?.prescriptions;
  const current = all?.filter((prescription) => prescription.status === 'active');
  const past = all?.filter((prescription) => prescription.status !== 'active');
  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Medications"
        description={`${pet.name}'s prescriptions, dosed from the latest weight: current first, then past.`}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPrescribing(true)}>
            Prescribe
          </Button>
        }
      />
      {list.isError ? (
        <Alert color="red" variant="light" title="Could not load the medications">
          {errorMessage(list.error)}
        </Alert>
      ) : all && all.length === 0 ? (
        <Paper withBorder>
          <EmptyState
            py={48}
            px="md"
            icon={<IconPill size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No medications"
            description={`Nothing has been prescribed for ${pet.name} yet.`}
          />
        </Paper>
      ) : (
        <>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Current
            </Title>
            <Paper withBorder>
              {current && current.length === 0 ? (
                <Text size="sm" c="dimmed" p="md">
                  No current medication.
                </Text>
              ) : (
                <PrescriptionTable
                  label="Current medications"
                  rows={current}
                  current
                  busy={list.isPending}
                  onStop={setStopping}
                  onChange={setChanging}
                />
              )}
            </Paper>
          </Stack>
          {(!past || past.length > 0) && (
            <Stack gap="xs">
              <Title order={2} fz="lg">
                Past
              </Title>
              <Paper withBorder>
                <PrescriptionTable
                  label="Past medications"
                  rows={past}
                  current={false}
                  busy={list.isPending}
                  onStop={setStopping}
                  onChange={setChanging}
                />
              </Paper>
            </Stack>
          )}
          {responses.length > 0 && (
            <Paper withBorder p="md">
              <TreatmentResponses
                responses={responses}
                title="What each treatment did to the vitals (the days before against the days after)"
              />
            </Paper>
          )}
        </>
      )}
      {prescribing && (
        <PrescriptionFormModal
          opened
          onClose={() => setPrescribing(false)}
          pet={{ uuid: pet.uuid, name: pet.name, species: pet.species }}
          latestWeight={list.data?.latestWeight ?? null}
        />
      )}
      {changing && (
        <PrescriptionChangeModal
          key={changing.uuid}
          prescription={changing}
          onClose={() => setChanging(null)}
        />
      )}
      {stopping && (
        <StopModal key={stopping.uuid} prescription={stopping} onClose={() => setStopping(null)} />
      )}
    </Stack>
  );
}
