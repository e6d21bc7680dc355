import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

/**
 * Every editor asks the same way before unsaved work is lost (a link, back, or closing the tab).
 * The checks are functions because they must read the editor's state when the vet leaves, not when
 * it last rendered (a page that navigates away right after saving clears its flag just before).
 */
export function LeaveGuard({
  blocks,
  blocksUnload = blocks,
  what,
}: {
  blocks: () => boolean;
  /** Closing the tab; defaults to `blocks`. */
  blocksUnload?: () => boolean;
  /** "this diet", "this pool", "Luna's checkup". */
  what: string;
}) {
  const blocker = useBlocker({
    shouldBlockFn: blocks,
    enableBeforeUnload: blocksUnload,
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
