import type { PendingCardTrigger } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { triggerValueText } from './pending-card-cells.tsx';

const trigger = (over: Partial<PendingCardTrigger>): PendingCardTrigger => ({
  uuid: '0190b3c2-4e5a-7a01-8c11-0000000000f1',
  kind: 'respiratory_high_red',
  label: 'Sleeping respiratory rate high-red',
  severity: 'high-red',
  value: 44,
  threshold: 40,
  unit: 'breaths/min',
  detail: null,
  source: null,
  at: { seconds: 1_795_662_000 },
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
  resolvedByItem: false,
  heldBack: false,
  itemState: null,
  ...over,
});

describe('a trigger’s value against its threshold, as a queue row shows it', () => {
  it('says a rate is over its threshold and a collar’s hours below theirs', () => {
    expect(triggerValueText(trigger({}))).toBe('44 breaths/min over 40');
    expect(
      triggerValueText(trigger({ kind: 'collar_data_gap', value: 9, threshold: 24, unit: 'hours' })),
    ).toBe('9 hours below 24');
  });

  it('counts counted units in words a vet writes: "1 answer", "1 hour", "severity 3" (issue #39)', () => {
    const problematic = { kind: 'checkup_problematic', threshold: null, unit: 'answers' } as const;
    expect(triggerValueText(trigger({ ...problematic, value: 1 }))).toBe('1 answer');
    expect(triggerValueText(trigger({ ...problematic, value: 3 }))).toBe('3 answers');
    expect(
      triggerValueText(trigger({ kind: 'collar_data_gap', value: 1, threshold: 24, unit: 'hours' })),
    ).toBe('1 hour below 24');
    expect(
      triggerValueText(trigger({ kind: 'journal_severe', value: 3, threshold: null, unit: 'severity' })),
    ).toBe('severity 3');
  });

  it('gives a weight change the sign of its limit, so a loss never reads as "over"', () => {
    expect(triggerValueText(trigger({ kind: 'weight_change', value: -10.2, threshold: -5, unit: '%' }))).toBe(
      '-10.2 % (limit -5 %)',
    );
    expect(triggerValueText(trigger({ kind: 'weight_target', value: 11.1, threshold: 3, unit: '%' }))).toBe(
      '+11.1 % (limit +3 %)',
    );
  });

  it('reads the sentence when there is no value, and the value alone when there is no threshold', () => {
    expect(triggerValueText(trigger({ value: null, detail: 'Severity 3 journal entry' }))).toBe(
      'Severity 3 journal entry',
    );
    expect(
      triggerValueText(trigger({ kind: 'checkup_problematic', value: 2, threshold: null, unit: 'answers' })),
    ).toBe('2 answers');
  });
});
