import type { ItemPendingCard } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { itemCardStatusText } from './item-pending-cards.tsx';

const card = (over: Partial<ItemPendingCard>): ItemPendingCard => ({
  uuid: '0190b3c2-4e5a-7a01-8c11-0000000000f1',
  concern: 'checkup',
  severity: 'high-orange',
  status: 'open',
  claimedBy: null,
  triggerResolved: false,
  ...over,
});

describe("an item's card status in words", () => {
  it('says open, resolved, or that the item did its part on a card other triggers keep open', () => {
    expect(itemCardStatusText(card({}), 'checkup')).toBe('Open');
    expect(itemCardStatusText(card({ status: 'resolved', triggerResolved: true }), 'checkup')).toBe(
      'Resolved',
    );
    expect(itemCardStatusText(card({ triggerResolved: true }), 'entry')).toBe(
      'Open: this entry’s part is resolved, other triggers remain',
    );
  });
});
