import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  PREVENTIVE_REASON_MAX,
  type PreventiveScheduleItem,
  preventiveNotApplicableCreateSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { formErrors } from '@/lib/forms/contract-form.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useMarkNotApplicable } from './preventive-care.mutations.ts';

/** "Not applicable" for one item of the pet's schedule, with the reason the API requires. */
export function NotApplicableModal({
  petUuid,
  item,
  onClose,
}: {
  petUuid: string;
  item: PreventiveScheduleItem;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const mark = useMarkNotApplicable(petUuid);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const errors = formErrors(preventiveNotApplicableCreateSchema, { itemCode: item.code, reason });
    if (errors.reason) return setError(errors.reason);
    mutateThen(
      mark,
      { itemCode: item.code, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'clinic', message: `Not applicable: ${item.name}` });
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof HttpError && (failure.status === 400 || failure.status === 409))
            return setError(failure.details?.[0]?.message ?? failure.serverMessage ?? failure.message);
          notifyRequestError(failure);
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${item.name}: not applicable`}
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Editor
        name="preventive-not-applicable"
        what="the reason"
        dirty={() => reason.trim() !== '' && !mark.isPending}
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
              label="Why it does not apply"
              withAsterisk
              autosize
              minRows={2}
              maxLength={PREVENTIVE_REASON_MAX}
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
              <Button type="submit" loading={mark.isPending}>
                Mark not applicable
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
