import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { petAlertsQueryOptions } from '@/lib/pets/pet-alerts.queries.ts';
import { petAlertTitle } from './pet-alert-title.ts';

// Its own file: the pet menu is part of the signed-in shell, whose libraries every page downloads, so it
// must not pull in the section's dialog (Modal, Radio: +9 KB gzip on the home page, first-load.spec).
/** The pet's alerts in its header, on every pet page (issue #39 §2): badges, not links. */
export function PetAlertBadges({ petUuid }: { petUuid: string }) {
  const alerts = useQuery(petAlertsQueryOptions(petUuid)).data?.petAlerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <Group gap={4} data-testid="pet-alert-badges" aria-label="Patient alerts">
      {alerts.map((alert) => (
        <Badge
          key={alert.uuid}
          color="red"
          variant="filled"
          radius="sm"
          tt="none"
          leftSection={<IconAlertTriangle size={12} aria-hidden />}
          title={petAlertTitle(alert)}
          data-testid="pet-alert"
        >
          {alert.label}
        </Badge>
      ))}
    </Group>
  );
}
