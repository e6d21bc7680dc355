import {
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type WeightEntry,
  type WeightLocation,
  weightLocationLabels,
  weightLocations,
} from '@vetboard/contract';
import { Editor } from '@/components/editors/editor.tsx';
import { formatKg } from '@/components/trackers/tracker-format.ts';
import { todayInZone } from '@/lib/format/zoned-time.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useSaveWeightEntryMutation } from './weight.mutations.ts';
import {
  validateWeightForm,
  WEIGHT_FORM_FIELDS,
  type WeightFormValues,
  type WeightUnit,
  weightFormValues,
  weightInKg,
  weightPayload,
  weightUnits,
} from './weight-form.ts';

function WeightEntryForm({
  petUuid,
  timezone,
  entry,
  onDone,
}: {
  petUuid: string;
  timezone: string;
  entry: WeightEntry | null;
  onDone: () => void;
}) {
  const form = useForm<WeightFormValues>({
    initialValues: weightFormValues(entry, timezone),
    validate: (values) => validateWeightForm(values, timezone),
  });
  const save = useSaveWeightEntryMutation(petUuid);
  const inKg = form.values.unit === 'kg' ? null : weightInKg(form.values.value, form.values.unit);

  const submit = form.onSubmit((values) => {
    const body = weightPayload(values, timezone);
    if (!body) return;
    mutateThen(
      save,
      { entryUuid: entry?.uuid ?? null, body },
      {
        onSuccess: ({ weightEntry }) => {
          notifications.show({
            color: 'teal',
            title: entry ? 'Weight corrected' : 'Weight added',
            message: `${formatKg(weightEntry.value)} saved.`,
          });
          onDone();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, { fields: WEIGHT_FORM_FIELDS })) notifyRequestError(error);
        },
      },
    );
  });

  return (
    <Editor name="weight-entry" what="the weight" dirty={() => form.isDirty() && !save.isPending}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <NumberInput
              label="Weight"
              withAsterisk
              min={0}
              decimalScale={2}
              allowNegative={false}
              style={{ flex: 1 }}
              data-autofocus
              description={inKg !== null ? `= ${formatKg(inKg)}` : 'Saved in kilograms'}
              {...form.getInputProps('value')}
            />
            <Input.Wrapper label="Unit" mt={0}>
              <SegmentedControl
                aria-label="Unit"
                data={weightUnits.map((unit) => ({ value: unit, label: unit }))}
                value={form.values.unit}
                onChange={(unit) => form.setFieldValue('unit', unit as WeightUnit)}
                mt={4}
              />
            </Input.Wrapper>
          </Group>
          <Input.Wrapper label="Location" {...form.getInputProps('location')}>
            <SegmentedControl
              fullWidth
              aria-label="Location"
              data={weightLocations.map((location) => ({
                value: location,
                label: weightLocationLabels[location],
              }))}
              value={form.values.location}
              onChange={(location) => form.setFieldValue('location', location as WeightLocation)}
              mt={4}
            />
          </Input.Wrapper>
          <DateTimePicker
            label="Measured at"
            description={`On the pet's clock (${timezone})`}
            withAsterisk
            valueFormat="DD/MM/YYYY HH:mm"
            maxDate={todayInZone(timezone)}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('measuredAt')}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {entry ? 'Save correction' : 'Add weight'}
            </Button>
          </Group>
          {entry && (
            <Text size="xs" c="dimmed">
              The change from the previous weight, and of the next one, is worked out again after saving.
            </Text>
          )}
        </Stack>
      </form>
    </Editor>
  );
}

/** Adds a weight (entry null) or corrects one; a phone gets it full screen. */
export function WeightEntryModal({
  opened,
  onClose,
  petUuid,
  timezone,
  entry,
}: {
  opened: boolean;
  onClose: () => void;
  petUuid: string;
  timezone: string;
  entry: WeightEntry | null;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Correct a weight' : 'Add a weight'}
      fullScreen={phone}
      size="md"
    >
      {opened && (
        <WeightEntryForm
          key={entry?.uuid ?? 'new'}
          petUuid={petUuid}
          timezone={timezone}
          entry={entry}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
