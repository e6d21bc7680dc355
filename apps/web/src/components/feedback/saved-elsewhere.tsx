import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Beside an editor whose saved data changed elsewhere (a colleague, another tab) while the vet was
 * editing it: what was saved, that saving replaces it, and a way to take it instead. What the vet typed
 * stays in the editor (`lib/forms/server-draft.ts`). An alert, so screen readers announce it.
 */
export function SavedElsewhere({
  children,
  plural = false,
  takeLabel,
  onTake,
  testId,
}: {
  /** What was saved meanwhile, as a sentence; "Saving yours replaces it (them)." follows. */
  children: ReactNode;
  plural?: boolean;
  takeLabel: string;
  onTake: () => void;
  testId: string;
}) {
  return (
    <Alert color="yellow" variant="light" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {children} Saving yours replaces {plural ? 'them' : 'it'}.
        </Text>
        <Button size="xs" variant="default" onClick={onTake}>
          {takeLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
