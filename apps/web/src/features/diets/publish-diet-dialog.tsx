import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { countOf, DIET_ACKNOWLEDGEMENT_REASON_MAX, type Diet } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { type PublishRefusal, publishBody, publishErrors, publishRefusalOf } from './diet-publish.ts';
import { usePublishDietMutation } from './diets.mutations.ts';

/**
 * "Publish this diet?" with the diet's warnings: each one, and a reason, must be acknowledged before
 * it goes to the owner. The list is the formulation's; when the server finds others (a colleague
 * changed the diet or the pet's weight meanwhile), its list replaces it and the box is ticked again.
 */
export function PublishDietDialog({
  diet,
  petName,
  opened,
  onClose,
}: {
  diet: Diet;
  petName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const publish = usePublishDietMutation(diet.uuid, diet.petUuid);
  const [refusal, setRefusal] = useState<PublishRefusal | null>(null);
  // The list the box was ticked for: a list that changes under it (live update, 409) unticks it.
  const [acknowledgedFor, setAcknowledgedFor] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ acknowledged?: string; reason?: string }>({});
  const warnings = refusal && refusal.warnings.length > 0 ? refusal.warnings : diet.formulation.warnings;
  const changed = refusal !== null && refusal.warnings.length > 0;
  const listKey = warnings.map((warning) => `${warning.code}:${warning.message}`).join('\n');
  const acknowledged = acknowledgedFor === listKey;

  const close = () => {
    setRefusal(null);
    setAcknowledgedFor(null);
    setReason('');
    setErrors({});
    onClose();
  };

  const confirm = () => {
    const refused = publishErrors(warnings, acknowledged, reason);
    setErrors(refused ?? {});
    if (refused) return;
    mutateThen(publish, publishBody(warnings, reason), {
      onSuccess: () => {
        close();
        notifications.show({
          color: 'teal',
          title: 'Diet published',
          message: `It is now ${petName}'s current diet plan.`,
        });
      },
      onError: (error) => {
        const next = publishRefusalOf(error);
        if (!next) {
          notifyRequestError(error);
          return;
        }
        setRefusal(next);
        setErrors({
          ...(next.warnings.length > 0 ? { acknowledged: 'Acknowledge the warnings to publish' } : {}),
          ...(next.reasonMissing ? { reason: 'A reason is required' } : {}),
        });
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Publish this diet?"
      centered
      size={warnings.length > 0 ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Editor
        name="diet-publish"
        what="the reason"
        dirty={() => (reason.trim() !== '' || acknowledged) && !publish.isPending}
      >
        <Stack gap="lg">
          <Text size="sm">
            It becomes {petName}'s current diet plan and can no longer be edited: later changes need a copy.
          </Text>
          {warnings.length > 0 && (
            <Stack gap="sm">
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={20} />}
                title={countOf(warnings.length, { one: 'warning', other: 'warnings' })}
                data-testid="diet-publish-warnings"
              >
                {changed && (
                  <Text size="sm" fw={600} mb="xs" data-testid="diet-publish-warnings-changed">
                    The warnings changed since this page was loaded: check them again.
                  </Text>
                )}
                <List size="sm" spacing={2}>
                  {warnings.map((warning) => (
                    <List.Item key={warning.code}>{warning.message}</List.Item>
                  ))}
                </List>
              </Alert>
              <Checkbox
                label="I have checked these warnings and publish this diet despite them"
                checked={acknowledged}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setAcknowledgedFor(checked ? listKey : null);
                  if (checked) setErrors(({ acknowledged: _, ...rest }) => rest);
                }}
                error={errors.acknowledged}
              />
              <Textarea
                label="Reason"
                description="Kept with the diet: who published it, when, despite which warnings and why."
                withAsterisk
                autosize
                minRows={2}
                maxLength={DIET_ACKNOWLEDGEMENT_REASON_MAX}
                value={reason}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setReason(value);
                  if (value.trim()) setErrors(({ reason: _, ...rest }) => rest);
                }}
                error={errors.reason}
              />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={publish.isPending}>
              Cancel
            </Button>
            <Button
              color="teal"
              onClick={confirm}
              loading={publish.isPending}
              data-autofocus={warnings.length === 0 ? true : undefined}
            >
              Publish
            </Button>
          </Group>
        </Stack>
      </Editor>
    </Modal>
  );
}
