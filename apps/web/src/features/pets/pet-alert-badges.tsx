import { useQuery } from '@tanstack/react-query';
import { PetAlertBadges as AlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { petAlertsQueryOptions } from '@/lib/pets/pet-alerts.queries.ts';
import { petAlertTitle } from './pet-alert-title.ts';

// Its own file: the pet menu is part of the signed-in shell, whose libraries every page downloads, so it
// must not pull in the section's dialog (Modal, Radio: +9 KB gzip on the home page, first-load.spec).
/** The pet's alerts in its header, on every pet page (issue #39 §2): badges, not links. */
export function PetAlertBadges({ petUuid, petName }: { petUuid: string; petName: string }) {
  const alerts = useQuery(petAlertsQueryOptions(petUuid)).data?.petAlerts ?? [];
  return (
    <AlertBadges
      alerts={alerts}
      petName={petName}
      size="md"
      titleOf={(index) => (alerts[index] ? petAlertTitle(alerts[index]) : '')}
    />
  );
}
