import { describe, expect, it } from 'vitest';
import { estimatedProgress, PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from './progress-estimate.ts';

describe('estimatedProgress', () => {
  it('uses the SPEC §9 constants', () => {
    expect(PROGRESS_THROTTLE_MS).toBe(200);
    expect(PROGRESS_DURATION_MS).toBe(5000);
  });

  it('starts at 0, rises steadily and never reaches 100', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(1000)).toBeLessThan(estimatedProgress(2000));
    expect(estimatedProgress(5000)).toBeGreaterThan(65);
    expect(estimatedProgress(5000)).toBeLessThan(75);
    expect(estimatedProgress(600_000)).toBeLessThan(100);
  });
});
