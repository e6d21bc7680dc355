import type { DomainEvent } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { petKeys } from '../pets/pet-keys.ts';
import { reconnectDelay } from './live-connection.ts';
import { keysForLiveEvent } from './live-invalidation.ts';
import './pet-live-keys.ts';
// Registers its own keys at import; imported here so the test does not depend on which other test
// file of the worker loaded it first (the registration order then varies, so keys compare as sets).
import { petTimelineKey } from '../timeline/pet-timeline.queries.ts';

const PET = '0190a6e4-7c1e-7b3a-9f00-000000000001';
const event = (type: DomainEvent['type']): DomainEvent => ({
  seq: 1,
  type,
  entity: 'pet',
  id: PET,
  petUuid: PET,
  companySku: null,
  at: new Date(0).toISOString(),
  actor: { type: 'vet', id: null },
});

describe('live events', () => {
  it('invalidate exactly the reads they touch, never the whole pet', () => {
    const asSet = (keys: readonly (readonly unknown[])[]) => new Set(keys.map((key) => JSON.stringify(key)));
    expect(asSet(keysForLiveEvent(event('pet.edited')))).toEqual(
      asSet([petKeys.detail(PET), petKeys.healthProfile(PET), petKeys.dietProgress(PET)]),
    );
    expect(asSet(keysForLiveEvent(event('weight.entry_added')))).toEqual(
      asSet([
        petKeys.weight(PET),
        petKeys.latestTrackers(PET),
        petKeys.vitals(PET),
        petKeys.dietProgress(PET),
        // A new prescription is dosed from the latest weight.
        petKeys.prescriptions(PET),
        petTimelineKey(PET),
      ]),
    );
    // An alert set or removed: the pet's badges and its timeline, which lists both.
    expect(asSet(keysForLiveEvent(event('pet_alert.changed')))).toEqual(
      asSet([petKeys.alerts(PET), petTimelineKey(PET)]),
    );
    for (const type of [
      'pet.edited',
      'weight.entry_added',
      'thresholds.changed',
      'diet.published',
    ] as const) {
      expect(keysForLiveEvent(event(type))).not.toContainEqual(petKeys.pet(PET));
    }
  });

  it('reconnect after a doubling wait, from about a second up to half a minute', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
  });
});
