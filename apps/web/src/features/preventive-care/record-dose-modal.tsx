import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type CalendarDate,
  calendarDateToIso,
  isoToCalendarDate,
  PREVENTIVE_TEXT_MAX,
  type PreventiveDoseCreate,
  type PreventiveScheduleItem,
  preventiveDoseCreateSchema,
} from '@vetboard/contract';
import { Editor } from '@/components/editors/editor.tsx';
import { formErrors } from '@/lib/forms/contract-form.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useRecordPreventiveDose } from './preventive-care.mutations.ts';

interface Values {
  itemCode: string | null;
  product: string;
  batch: string;
  /** `YYYY-MM-DD`, as the date picker holds it. */
  givenOn: string | null;
  givenAt: string;
  givenBy: string;
}

const FIELDS = ['itemCode', 'product', 'batch', 'givenOn', 'givenAt', 'givenBy'] as const;

function toBody(values: Values): PreventiveDoseCreate {
  return {
    itemCode: values.itemCode ?? '',
    product: values.product,
    batch: values.batch,
    // Refused by the contract with its own message when missing.
    givenOn: (values.givenOn
      ? isoToCalendarDate(values.givenOn)
      : undefined) as PreventiveDoseCreate['givenOn'],
    givenAt: values.givenAt,
    givenBy: values.givenBy,
  };
}

/**
 * A dose given to the pet, here or at another clinic: what, which product and batch, when, where and by
 * whom. The day cannot be after the pet's today (the API says so too, in its own words).
 */
export function RecordDoseModal({
  petUuid,
  petName,
  items,
  itemCode,
  today,
  onClose,
}: {
  petUuid: string;
  petName: string;
  items: PreventiveScheduleItem[];
  itemCode: string | null;
  today: CalendarDate;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const record = useRecordPreventiveDose(petUuid);
  const form = useForm<Values>({
    initialValues: {
      itemCode,
      product: '',
      batch: '',
      givenOn: calendarDateToIso(today),
      givenAt: '',
      givenBy: '',
    },
    validate: (values) => formErrors(preventiveDoseCreateSchema, toBody(values)),
  });
  const text = (field: 'product' | 'batch' | 'givenAt' | 'givenBy') => ({
    maxLength: PREVENTIVE_TEXT_MAX,
    ...form.getInputProps(field),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Record a dose for ${petName}`}
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Editor name="preventive-dose" what="the dose" dirty={() => form.isDirty() && !record.isPending}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            mutateThen(record, toBody(values), {
              onSuccess: (schedule) => {
                const item = schedule.items.find((candidate) => candidate.code === values.itemCode);
                notifications.show({
                  color: 'clinic',
                  message: `Dose recorded: ${item?.name ?? values.product}`,
                });
                onClose();
              },
              onError: (error) => {
                if (!applyServerFieldErrors(form, error, { fields: FIELDS })) notifyRequestError(error);
              },
            }),
          )}
        >
          <Stack>
            <Select
              label="Vaccine or treatment"
              withAsterisk
              data={items.map((item) => ({ value: item.code, label: item.name }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('itemCode')}
            />
            <TextInput label="Product" withAsterisk data-autofocus {...text('product')} />
            <TextInput label="Batch" {...text('batch')} />
            <DatePickerInput
              label="Given on"
              withAsterisk
              valueFormat="DD/MM/YYYY"
              maxDate={calendarDateToIso(today)}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('givenOn')}
            />
            <TextInput
              label="Where it was given"
              description="This clinic or another one"
              {...text('givenAt')}
            />
            <TextInput label="Given by" {...text('givenBy')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={record.isPending}>
                Record dose
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
