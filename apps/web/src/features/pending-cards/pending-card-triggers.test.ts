import type { PendingCardTrigger } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { itemStateText } from './pending-card-triggers.tsx';

const trigger = (over: Partial<PendingCardTrigger>): PendingCardTrigger => ({
  uuid: '0190b3c2-4e5a-7a01-8c11-0000000000f1',
  kind: 'checkup_problematic',
  label: 'Problematic checkup answers',
  severity: 'high-orange',
  value: 1,
  threshold: null,
  unit: 'answers',
  detail: null,
  source: { entity: 'checkup', uuid: '0190b3c2-4e5a-7a01-8c11-0000000000f2' },
  at: { seconds: 1_795_662_000 },
  resolvedAt: { seconds: 1_795_665_600 },
  resolvedBy: { uuid: '0190b3c2-4e5a-7a01-8c11-0000000000f3', name: 'Helena Marsh' },
  resolutionNote: 'Booked a recheck.',
  resolvedByItem: true,
  heldBack: false,
  itemState: null,
  ...over,
});

describe("a trigger's item state in words", () => {
  it('names how the item was handled and by whom when its handling resolved the trigger', () => {
    expect(itemStateText(trigger({}))).toBe('Reviewed by Helena Marsh');
    expect(
      itemStateText(trigger({ kind: 'journal_severe', source: { entity: 'journal_entry', uuid: 'x' } })),
    ).toBe('Replied to by Helena Marsh');
    expect(itemStateText(trigger({ source: { entity: 'pet_question', uuid: 'x' } }))).toBe(
      'Answered by Helena Marsh',
    );
  });

  it('says nothing of the item when the trigger is open or was resolved on the card', () => {
    expect(itemStateText(trigger({ resolvedAt: null, resolvedBy: null, resolvedByItem: false }))).toBeNull();
    expect(itemStateText(trigger({ resolvedByItem: false }))).toBeNull();
  });

  it('says what an open trigger’s item still waits for', () => {
    const open = { resolvedAt: null, resolvedBy: null, resolvedByItem: false };
    expect(itemStateText(trigger({ ...open, itemState: 'awaiting_review' }))).toBe('Awaiting review');
    expect(itemStateText(trigger({ ...open, itemState: 'awaiting_reply' }))).toBe('Awaiting a reply');
    expect(itemStateText(trigger({ ...open, itemState: 'awaiting_answer' }))).toBe('Awaiting an answer');
  });
});
