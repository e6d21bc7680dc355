import type { DomainEvent } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { petKeys } from '../pets/pet-keys.ts';
import { reconnectDelay } from './live-connection.ts';
import { keysForLiveEvent } from './live-invalidation.ts';
import './pet-live-keys.ts';

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
    expect(keysForLiveEvent(event('pet.edited'))).toEqual([
      petKeys.detail(PET),
      petKeys.healthProfile(PET),
      petKeys.dietProgress(PET),
    ]);
    expect(keysForLiveEvent(event('weight.entry_added'))).toEqual([
      petKeys.weight(PET),
      petKeys.latestTrackers(PET),
      petKeys.vitals(PET),
      petKeys.dietProgress(PET),
    ]);
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
