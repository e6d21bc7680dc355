import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPill } from '@tabler/icons-react';
import type { TreatmentResponse } from '@vetboard/contract';

/**
 * What treatments did to a vital, in the server's words (the same on the medications page, the vitals
 * panel and each chart); a response without enough readings is dimmed, not hidden, so the vet sees why,
 * unless neither side has a single reading.
 */
export function TreatmentResponses({
  responses,
  title = 'Treatment response',
}: {
  responses: readonly TreatmentResponse[];
  title?: string;
}) {
  // Before the collar or any weighing there is nothing to say: a line per vital of "not enough" is noise.
  const shown = responses.filter((response) => response.before.readings > 0 || response.after.readings > 0);
  if (shown.length === 0) return null;
  return (
    <Stack gap={4} data-testid="treatment-responses">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List
        spacing={4}
        size="sm"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light" color="grape" aria-hidden>
            <IconPill size={12} />
          </ThemeIcon>
        }
      >
        {shown.map((response) => (
          <List.Item
            key={`${response.prescriptionUuid}-${response.event}-${response.vital}`}
            data-testid="treatment-response"
            data-enough={response.enough}
            data-vital={response.vital}
            c={response.enough ? undefined : 'dimmed'}
          >
            {response.summary}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
