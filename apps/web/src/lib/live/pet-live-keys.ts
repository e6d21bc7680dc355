import type { DomainEvent, DomainEventType } from '@vetboard/contract';
import { petKeys } from '../pets/pet-keys.ts';
import { invalidateOnLive } from './live-invalidation.ts';

/**
 * What each change of a pet's makes stale, in the pet-first keys every feature reads through
 * (lib/pets/pet-keys.ts): exactly those reads, never the whole pet.
 */
const petKeysFor: Partial<Record<DomainEventType, (petUuid: string) => readonly (readonly unknown[])[]>> = {
  // The target weight is in the health profile: the diet's progress is measured against it.
  'pet.edited': (uuid) => [petKeys.detail(uuid), petKeys.healthProfile(uuid), petKeys.dietProgress(uuid)],
  'weight.entry_added': (uuid) => [
    petKeys.weight(uuid),
    // The weight a new prescription is dosed from.
    petKeys.prescriptions(uuid),
    petKeys.latestTrackers(uuid),
    petKeys.vitals(uuid),
    petKeys.dietProgress(uuid),
  ],
  'weight.entry_corrected': (uuid) => [
    petKeys.weight(uuid),
    petKeys.latestTrackers(uuid),
    petKeys.vitals(uuid),
    petKeys.dietProgress(uuid),
  ],
  'thresholds.changed': (uuid) => [
    petKeys.thresholds(uuid),
    petKeys.respiratory(uuid),
    petKeys.latestTrackers(uuid),
    petKeys.vitals(uuid),
  ],
  'diet.created': (uuid) => [petKeys.diets(uuid)],
  'diet.changed': (uuid) => [petKeys.diets(uuid)],
  'diet.published': (uuid) => [
    petKeys.diets(uuid),
    petKeys.currentDietPlan(uuid),
    petKeys.dietProgress(uuid),
  ],
  'diet.deleted': (uuid) => [petKeys.diets(uuid)],
  'prescription.created': (uuid) => [petKeys.prescriptions(uuid)],
  'prescription.changed': (uuid) => [petKeys.prescriptions(uuid)],
  'prescription.stopped': (uuid) => [petKeys.prescriptions(uuid)],
  // A dose recorded or an item marked (not) applicable: the schedule's page and the profile's card.
  'preventive_care.changed': (uuid) => [petKeys.preventiveCare(uuid)],
  'pet_alert.changed': (uuid) => [petKeys.alerts(uuid)],
  // A new weight changes the dose a new prescription would get.
};

for (const [type, keysOf] of Object.entries(petKeysFor)) {
  invalidateOnLive([type as DomainEventType], (event: DomainEvent) =>
    event.petUuid ? keysOf(event.petUuid) : [],
  );
}
