import { Alert, Button, Code, SimpleGrid, Stack, Text } from '@mantine/core';

/** Shown once, right after they are made: the server keeps only their digests. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="Save your recovery codes">
        Each code logs you in once if you lose your phone. They are shown only now: write them down or store
        them in your password manager.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {codes.length} codes
      </Text>
      <Button onClick={onDone}>I have saved them</Button>
    </Stack>
  );
}
