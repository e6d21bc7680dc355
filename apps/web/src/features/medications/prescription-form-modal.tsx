import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import {
  amountPerDose,
  calendarDateToIso,
  DOSE_FREQUENCY_LABELS,
  DOSE_ROUTE_LABELS,
  type DoseFrequency,
  type DoseRoute,
  type Drug,
  doseFrequencies,
  doseRoutes,
  isoToCalendarDate,
  mgPerDose,
  PRESCRIPTION_TEXT_MAX,
  type PrescriptionCreate,
  type PrescriptionListResponse,
  type PrescriptionWarningCode,
  prescriptionCreateSchema,
  type Species,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { formatDay } from '@/lib/format/dates.ts';
import { formErrors } from '@/lib/forms/contract-form.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useCreatePrescription } from './medications.mutations.ts';
import { drugsQueryOptions } from './medications.queries.ts';
import { warningsOf } from './prescription-warnings.ts';
import { PrescriptionWarningsConfirm } from './prescription-warnings-confirm.tsx';

interface Values {
  drugCode: string | null;
  strengthId: string | null;
  doseMgPerKg: number | string;
  frequency: DoseFrequency;
  route: DoseRoute;
  /** `YYYY-MM-DD`, as the date picker holds it. */
  startOn: string | null;
  endOn: string | null;
  instructions: string;
  reason: string;
  confirmationReason: string;
}

const FIELDS = ['drugCode', 'strengthId', 'doseMgPerKg', 'startOn', 'endOn', 'confirmationReason'] as const;

const isoToday = () => {
  const now = new Date();
  return calendarDateToIso({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
};

function toBody(values: Values, confirmed: readonly PrescriptionWarningCode[]): PrescriptionCreate {
  return {
    drugCode: values.drugCode ?? '',
    strengthId: values.strengthId ?? '',
    doseMgPerKg: typeof values.doseMgPerKg === 'number' ? values.doseMgPerKg : Number.NaN,
    frequency: values.frequency,
    route: values.route,
    // Refused by the contract with its own message when missing.
    startOn: (values.startOn
      ? isoToCalendarDate(values.startOn)
      : undefined) as PrescriptionCreate['startOn'],
    endOn: values.endOn ? isoToCalendarDate(values.endOn) : null,
    instructions: values.instructions,
    reason: values.reason,
    confirmedWarnings: [...confirmed],
    confirmationReason: confirmed.length > 0 ? values.confirmationReason : undefined,
  };
}

/** The computed dose under the form, as the API will compute it from the same weight. */
function DosePreview({
  drug,
  strengthId,
  dose,
  weight,
  species,
}: {
  drug: Drug | undefined;
  strengthId: string | null;
  dose: number | string;
  weight: PrescriptionListResponse['latestWeight'];
  species: Species;
}) {
  if (!weight)
    return (
      <Alert color="orange" variant="light" title="No weight on file">
        Record a weight first: the dose is computed from it.
      </Alert>
    );
  const strength = drug?.strengths.find((candidate) => candidate.id === strengthId);
  const usual = drug?.doses.find((candidate) => candidate.species === species);
  const mg = typeof dose === 'number' && dose > 0 ? mgPerDose(dose, weight.valueKg) : null;
  const amount = mg !== null && strength ? amountPerDose(mg, strength) : null;
  return (
    <Paper withBorder p="sm" data-testid="dose-preview" aria-live="polite">
      <Text size="sm">
        Weight {weight.valueKg} kg, measured {formatDay(weight.measuredAt)}
        {usual ? ` · usual dose ${usual.minMgPerKg}–${usual.maxMgPerKg} mg/kg` : ''}
      </Text>
      {mg !== null && (
        <Text size="sm" fw={600}>
          {mg} mg per dose
          {strength ? (amount ? ` = ${amount.text}` : ': this strength is too strong for the dose') : ''}
        </Text>
      )}
    </Paper>
  );
}

/**
 * A new prescription for the pet: drug, strength and dose per kg, with the amount per dose computed live
 * from the pet's latest weight. Warnings the API raises come back on the form, each to confirm, with one
 * reason for them all.
 */
export function PrescriptionFormModal({
  opened,
  onClose,
  pet,
  latestWeight,
}: {
  opened: boolean;
  onClose: () => void;
  pet: { uuid: string; name: string; species: Species };
  latestWeight: PrescriptionListResponse['latestWeight'];
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const drugs = useQuery(drugsQueryOptions());
  const create = useCreatePrescription(pet.uuid);
  const [warnings, setWarnings] = useState<Array<{ code: PrescriptionWarningCode; message: string }>>([]);
  const [confirmed, setConfirmed] = useState<PrescriptionWarningCode[]>([]);
  const form = useForm<Values>({
    initialValues: {
      drugCode: null,
      strengthId: null,
      doseMgPerKg: '',
      frequency: 'once_daily',
      route: 'oral',
      startOn: isoToday(),
      endOn: null,
      instructions: '',
      reason: '',
      confirmationReason: '',
    },
    validate: (values) => formErrors(prescriptionCreateSchema, toBody(values, confirmed)),
  });
  const drug = drugs.data?.drugs.find((candidate) => candidate.code === form.values.drugCode);
  const close = () => {
    form.reset();
    setWarnings([]);
    setConfirmed([]);
    onClose();
  };
  const chooseDrug = (code: string | null) => {
    const chosen = drugs.data?.drugs.find((candidate) => candidate.code === code);
    const usual = chosen?.doses.find((candidate) => candidate.species === pet.species) ?? chosen?.doses[0];
    form.setValues({
      drugCode: code,
      strengthId: chosen?.strengths[0]?.id ?? null,
      doseMgPerKg: usual?.minMgPerKg ?? '',
      frequency: usual?.frequency ?? form.values.frequency,
      route: usual?.route ?? form.values.route,
    });
    setWarnings([]);
    setConfirmed([]);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Prescribe for ${pet.name}`}
      centered
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Editor
        name="prescription-form"
        what="the prescription"
        dirty={() => form.isDirty() && !create.isPending}
      >
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            mutateThen(create, toBody(values, confirmed), {
              onSuccess: ({ prescription }) => {
                notifications.show({
                  color: 'clinic',
                  message: `Prescribed: ${prescription.drug.name}, ${prescription.amountText}`,
                });
                close();
              },
              onError: (error) => {
                const raised = warningsOf(error);
                if (raised) {
                  setWarnings(raised);
                  setConfirmed((current) => current.filter((code) => raised.some((w) => w.code === code)));
                  return;
                }
                if (!applyServerFieldErrors(form, error, { fields: FIELDS })) notifyRequestError(error);
              },
            }),
          )}
        >
          <Stack>
            <Select
              label="Drug"
              placeholder="Type a drug's name"
              withAsterisk
              searchable
              data={(drugs.data?.drugs ?? []).map((candidate) => ({
                value: candidate.code,
                label: candidate.name,
              }))}
              nothingFoundMessage={drugs.isPending ? 'Loading…' : 'No drug found'}
              value={form.values.drugCode}
              onChange={chooseDrug}
              error={form.errors.drugCode}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Strength"
              withAsterisk
              data={(drug?.strengths ?? []).map((strength) => ({
                value: strength.id,
                label: strength.label,
              }))}
              disabled={!drug}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('strengthId')}
            />
            <NumberInput
              label="Dose (mg/kg)"
              withAsterisk
              min={0}
              decimalScale={3}
              step={0.05}
              {...form.getInputProps('doseMgPerKg')}
            />
            <DosePreview
              drug={drug}
              strengthId={form.values.strengthId}
              dose={form.values.doseMgPerKg}
              weight={latestWeight}
              species={pet.species}
            />
            <Group grow align="flex-start">
              <Select
                label="How often"
                data={doseFrequencies.map((value) => ({ value, label: DOSE_FREQUENCY_LABELS[value] }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('frequency')}
              />
              <Select
                label="Route"
                data={doseRoutes.map((value) => ({ value, label: DOSE_ROUTE_LABELS[value] }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('route')}
              />
            </Group>
            <Group grow align="flex-start">
              <DatePickerInput
                label="Start"
                withAsterisk
                valueFormat="DD/MM/YYYY"
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('startOn')}
              />
              <DatePickerInput
                label="End"
                description="Leave empty until stopped"
                valueFormat="DD/MM/YYYY"
                clearable
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('endOn')}
              />
            </Group>
            <Textarea
              label="Instructions to the owner"
              description="{{PET_NAME}} is replaced by the pet's name"
              autosize
              minRows={2}
              maxLength={PRESCRIPTION_TEXT_MAX}
              {...form.getInputProps('instructions')}
            />
            <Textarea
              label="Reason"
              autosize
              minRows={1}
              maxLength={PRESCRIPTION_TEXT_MAX}
              {...form.getInputProps('reason')}
            />
            <PrescriptionWarningsConfirm
              warnings={warnings}
              confirmed={confirmed}
              setConfirmed={setConfirmed}
              title="Check before prescribing"
              confirmLabel="prescribe anyway"
              reasonLabel="Why you prescribe despite the warnings"
              reasonProps={form.getInputProps('confirmationReason')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Prescribe
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
