import { matchQuery, QueryClient } from '@tanstack/react-query';
import type { DomainEvent } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { keysForLiveEvent } from '@/lib/live/live-invalidation.ts';
import { petTimelineKey, petTimelineRangeQueryOptions } from './pet-timeline.queries.ts';

const PET = '0190a6e4-7c1e-7b3a-9f00-000000000001';
const event = (type: DomainEvent['type'], petUuid: string | null = PET): DomainEvent => ({
  seq: 1,
  type,
  entity: 'pet',
  id: PET,
  petUuid,
  companySku: null,
  at: new Date(0).toISOString(),
  actor: { type: 'vet', id: null },
});

describe('a pet’s timeline, live', () => {
  it('is read again when something it shows happens to the pet, and only that pet’s', () => {
    for (const type of [
      'journal.received',
      'checkup.answered',
      'pending_card.opened',
      'clinical_document.signed',
    ] as const) {
      expect(keysForLiveEvent(event(type)), type).toContainEqual(petTimelineKey(PET));
    }
    // A draft saved or a label renamed puts nothing on a timeline.
    expect(keysForLiveEvent(event('clinical_document.changed'))).not.toContainEqual(petTimelineKey(PET));
    expect(keysForLiveEvent(event('journal.received', null))).not.toContainEqual(petTimelineKey(PET));
  });

  it('refreshes the event markers of a tracker chart too, when the pet gets a new event', () => {
    const client = new QueryClient();
    const markers = petTimelineRangeQueryOptions(PET, { from: 0, to: 86_400 });
    client.setQueryData(markers.queryKey, { items: [], nextCursor: null });
    const cached = client.getQueryCache().find({ queryKey: markers.queryKey, exact: true });
    expect(cached).toBeDefined();
    const keys = keysForLiveEvent(event('diet.published'));
    expect(keys.some((queryKey) => cached && matchQuery({ queryKey }, cached))).toBe(true);
  });
});
