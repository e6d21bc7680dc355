import { readingSourceLabels } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  abnormalLabels,
  formatDuration,
  formatKg,
  formatReading,
  formatVariationKg,
} from './tracker-format.ts';

describe('tracker values and labels', () => {
  it('writes each reading with its unit', () => {
    expect(formatReading('respiratory_rate', 24)).toBe('24 breaths/min');
    expect(formatReading('respiratory_rate', 31.25)).toBe('31.3 breaths/min');
    expect(formatReading('heart_rate', 92.4)).toBe('92 bpm');
    expect(formatReading('shaking', 1)).toBe('1 episode');
    expect(formatReading('shaking', 3)).toBe('3 episodes');
    expect(formatReading('drinking', 125)).toBe('2 min 5 s');
  });

  it('writes drinking time in s, min and h', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(4320)).toBe('1 h 12 min');
    expect(formatDuration(7200)).toBe('2 h');
  });

  it('writes weights and their changes in kg, signed', () => {
    expect(formatKg(8.5)).toBe('8.5 kg');
    expect(formatKg(12.345)).toBe('12.35 kg');
    expect(formatVariationKg(0.3)).toBe('+0.3 kg');
    expect(formatVariationKg(-0.25)).toBe('−0.25 kg');
    expect(formatVariationKg(0)).toBe('0 kg');
  });

  it('names every abnormal value in words, and the SPEC source labels', () => {
    expect(abnormalLabels).toEqual({
      undefined: 'Normal',
      high: 'High',
      'high-orange': 'High-orange',
      'high-red': 'High-red',
      low: 'Low',
    });
    expect(readingSourceLabels).toEqual({ app: 'Added by the user', tracker: 'Registered by the collar' });
  });
});
