import { SimpleGrid } from '@mantine/core';
import type { ComponentType } from 'react';
import { CurrentDietPlanCard } from '@/components/diets/current-diet-plan-card.tsx';
import { LatestTrackersCard } from '@/components/trackers/latest-trackers-card.tsx';

export interface PetCareSectionProps {
  petUuid: string;
  /** The pet's home timezone, in which its dates and tracker values are shown. */
  timezone: string;
}

/**
 * The spot on the pet's profile for what later issues bring: the current diet plan and the latest
 * tracker values. Each adds its section component here; until then nothing is drawn, rather than
 * placeholders pretending to be data.
 */
export const petCareSections: ComponentType<PetCareSectionProps>[] = [
  CurrentDietPlanCard,
  LatestTrackersCard,
];

export function PetCareSections(props: PetCareSectionProps) {
  if (petCareSections.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="pet-care-sections">
      {petCareSections.map((Section) => (
        <Section key={Section.displayName ?? Section.name} {...props} />
      ))}
    </SimpleGrid>
  );
}
