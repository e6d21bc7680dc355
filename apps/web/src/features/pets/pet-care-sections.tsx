import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { CurrentDietPlanCard } from '@/components/diets/current-diet-plan-card.tsx';
import { PreventiveCareCard } from '@/components/preventive-care/preventive-care-card.tsx';

export interface PetCareSectionProps {
  petUuid: string;
  /** The pet's home timezone, in which its dates and tracker values are shown. */
  timezone: string;
}

/**
 * The spot on the pet's profile (under the owner and subscription) for what later issues bring: the
 * current diet plan and the preventive-care items due soonest. Each adds its section component here; until then nothing is drawn, rather than
 * placeholders pretending to be data. The latest tracker values are the vitals panel's (with each tracker's link, band and the weight's
 * direction), so the older trackers card is no longer repeated here; pages without the panel (a B2B
 * pet, a journal entry) still show it.
 */
export const petCareSections: ComponentType<PetCareSectionProps>[] = [
  CurrentDietPlanCard,
  PreventiveCareCard,
];

export function PetCareSections(props: PetCareSectionProps) {
  if (petCareSections.length === 0) return null;
  return (
    <Stack gap="lg" data-testid="pet-care-sections">
      {petCareSections.map((Section) => (
        <Section key={Section.displayName ?? Section.name} {...props} />
      ))}
    </Stack>
  );
}
