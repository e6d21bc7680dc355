import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { RespiratoryThresholds, RespiratoryThresholdsResponse } from '@vetboard/contract';
import { useEffect, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useResetThresholdsMutation, useSaveThresholdsMutation } from './thresholds.mutations.ts';
import {
  overtakenThresholds,
  THRESHOLD_FIELDS,
  type ThresholdFormValues,
  thresholdFieldLabels,
  thresholdFormValues,
  thresholdsAfter,
  thresholdsKey,
  thresholdsPayload,
  validateThresholds,
} from './thresholds-form.ts';
import { respiratoryThresholdsQueryOptions } from './trackers.queries.ts';

function ThresholdsForm({
  petUuid,
  timezone,
  current,
}: {
  petUuid: string;
  timezone: string;
  current: RespiratoryThresholdsResponse;
}) {
  const form = useForm<ThresholdFormValues>({
    initialValues: thresholdFormValues(current.thresholds),
    validate: validateThresholds,
  });
  const save = useSaveThresholdsMutation(petUuid);
  const reset = useResetThresholdsMutation(petUuid);
  // The saved value each field started from. Live updates bring the saved thresholds back (this vet's
  // save or reset, or a colleague's): field by field, the form follows them where the vet typed nothing,
  // keeps what was typed, and says which typed fields were saved elsewhere meanwhile (`thresholdsAfter`).
  const [base, setBase] = useState(current.thresholds);
  const saved = current.thresholds;
  const follow = (values: ThresholdFormValues, from: RespiratoryThresholds) => {
    const savedValues = thresholdFormValues(saved);
    form.setInitialValues(savedValues);
    form.setValues(values);
    // What `isDirty` compares with: the saved values, as on a fresh form.
    form.resetDirty(savedValues);
    setBase(from);
  };
  const adopt = () => follow(thresholdFormValues(saved), saved);
  useEffect(() => {
    if (thresholdsKey(base) === thresholdsKey(saved)) return;
    const draft = { values: form.getValues(), base };
    const next = thresholdsAfter(draft, saved);
    if (next !== draft) follow(next.values, next.base);
  });
  const overtaken = overtakenThresholds(base, saved);
  const overtakenBy = overtaken.length > 0 ? current : undefined;

  const submit = form.onSubmit((values) => {
    const body = thresholdsPayload(values);
    if (!body) return;
    mutateThen(save, body, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Thresholds saved',
          message: 'Readings are flagged with the new thresholds.',
        }),
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, { fields: THRESHOLD_FIELDS })) notifyRequestError(error);
      },
    });
  });

  return (
    <Editor
      name="thresholds"
      what="the thresholds"
      dirty={() => form.isDirty() && !save.isPending}
      dirtyOnUnload={() => form.isDirty()}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs" data-testid="thresholds-origin">
            {current.isCustom ? (
              <>
                <Badge variant="light" color="grape" radius="sm" tt="none">
                  Custom for this pet
                </Badge>
                {current.updatedAt && (
                  <Text size="xs" c="dimmed">
                    Changed{current.updatedBy ? ` by ${current.updatedBy.name}` : ''} on{' '}
                    {formatZoned(current.updatedAt, timezone)}
                  </Text>
                )}
              </>
            ) : (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                Species defaults
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {THRESHOLD_FIELDS.map((field) => (
              <NumberInput
                key={field}
                label={thresholdFieldLabels[field]}
                suffix=" /min"
                min={1}
                max={150}
                decimalScale={1}
                allowNegative={false}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          {overtakenBy && (
            <SavedElsewhere
              testId="thresholds-overtaken"
              takeLabel="Use the saved thresholds"
              onTake={adopt}
              plural={overtaken.length > 1}
              saved={overtaken.map((field) => `${thresholdFieldLabels[field]} ${saved[field]}`).join(', ')}
            >
              {overtaken.length > 1 ? 'Thresholds you changed were' : 'A threshold you changed was'} also
              saved elsewhere while you were editing
              {overtakenBy.updatedBy ? ` (by ${overtakenBy.updatedBy.name})` : ''}.
            </SavedElsewhere>
          )}
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              disabled={!current.isCustom}
              loading={reset.isPending}
              onClick={() => {
                // Back to the defaults: what was typed goes, whatever the server answers.
                form.setValues(form.getInitialValues());
                mutateThen(reset, undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: 'Thresholds reset',
                      message: 'The species defaults apply again.',
                    }),
                });
              }}
            >
              Reset to species defaults
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save thresholds
            </Button>
          </Group>
        </Stack>
      </form>
    </Editor>
  );
}

/**
 * The pet's own sleeping-rate thresholds (DOMAIN.md: species defaults, overridable per pet). A reading
 * is flagged when strictly above a high threshold or strictly below low.
 */
export function ThresholdsEditor({ petUuid, timezone }: { petUuid: string; timezone: string }) {
  const thresholds = useQuery(respiratoryThresholdsQueryOptions(petUuid));
  const data = thresholds.data;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="thresholds-editor">
      <Title order={2} fz="lg" mb={4}>
        Thresholds
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Sleeping breaths per minute at which a reading is flagged. Each must be above the one before it.
      </Text>
      {data ? (
        <ThresholdsForm petUuid={petUuid} timezone={timezone} current={data} />
      ) : thresholds.isError ? (
        <Alert color="red" variant="light" title="The thresholds could not be loaded">
          {errorMessage(thresholds.error)}
        </Alert>
      ) : (
        <Skeleton height={120} />
      )}
    </Paper>
  );
}
