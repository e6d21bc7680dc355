import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Beside an editor whose saved data changed elsewhere (a colleague, another tab) while the vet was
 * editing it: who or what changed it, that saving replaces it, what is saved now (on its own line, so
 * quoted text keeps its own punctuation), and a way to take that instead. What the vet typed stays in
 * the editor (`lib/forms/server-draft.ts`). An alert, so screen readers announce it.
 */
export function SavedElsewhere({
  children,
  saved,
  plural = false,
  takeLabel,
  onTake,
  testId,
}: {
  /** A sentence saying what happened; "Saving yours replaces it (them)." follows. */
  children: ReactNode;
  /** What is saved now. */
  saved: ReactNode;
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
        <Text size="sm" fs="italic">
          {saved}
        </Text>
        {/* Its label wraps: in a table cell on a phone (a B2B status), a one-line button widened the
            table past the screen. */}
        <Button
          size="xs"
          variant="default"
          onClick={onTake}
          h="auto"
          mih={30}
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {takeLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
