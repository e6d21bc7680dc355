import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import type { RefObject } from 'react';

/**
 * As in the diet editor: leaving with unsaved changes asks first (a link, back, or closing the tab).
 * `leaving` is set just before the page itself navigates away after saving.
 */
export function LeaveGuard({
  dirty,
  leaving,
  what,
}: {
  dirty: boolean;
  leaving: RefObject<boolean>;
  /** "this pool", "this checkup". */
  what: string;
}) {
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !leaving.current,
    enableBeforeUnload: () => dirty && !leaving.current,
    withResolver: true,
  });
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
    >
      <Stack gap="lg">
        <Text size="sm">The changes to {what} are not saved yet. They are lost if you leave.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay and keep editing
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
