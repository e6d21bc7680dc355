import { describe, expect, it } from 'vitest';
import { isoToCalendarDate } from './common.ts';
import {
  computeDietProgress,
  type DietProgressInput,
  dietProgressSentence,
  expectedWeightKg,
  leastSquaresSlope,
  plannedWeightOn,
  suggestedAssessmentSentence,
} from './diet-progress.ts';

const d = isoToCalendarDate;

function progressOf(input: DietProgressInput) {
  const progress = computeDietProgress(input);
  if (!progress) throw new Error('The diet has no weight goal');
  return progress;
}

/** A 10 kg dog losing to 9 kg from 1 September 2026: 0.1 kg a week, ±0.2 kg, target on day 70. */
function loss(
  entries: [string, number][],
  nextAssessmentOn: string | null = '2026-12-01',
): DietProgressInput {
  return {
    dietUuid: '00000000-0000-4000-8000-000000000001',
    dietKind: 'weight_loss',
    startDate: d('2026-09-01'),
    startWeightKg: 10,
    targetWeightKg: 9,
    entries: entries.map(([date, valueKg]) => ({ date: d(date), valueKg })),
    nextAssessmentOn: nextAssessmentOn ? d(nextAssessmentOn) : null,
  };
}

describe('the diet-to-weight loop', () => {
  it('draws the planned line at 1 % of the start weight a week, flat once at the target', () => {
    const plan = { weightKg: 10, targetKg: 9, weeklyRateKg: 0.1 };
    expect(expectedWeightKg(plan, 0)).toBe(10);
    expect(expectedWeightKg(plan, 28)).toBeCloseTo(9.6, 10);
    expect(expectedWeightKg(plan, 100)).toBe(9);
    const progress = progressOf(loss([]));
    expect(progress?.weeklyRateKg).toBe(0.1);
    expect(progress?.toleranceKg).toBe(0.2);
    expect(progress?.plannedTargetDate).toEqual(d('2026-11-10'));
    expect(progress?.targetLine).toEqual([
      { date: d('2026-09-01'), kg: 10 },
      { date: d('2026-11-10'), kg: 9 },
    ]);
  });

  it('a loss on track: the numbers at the latest entry and the date the current rate reaches the target', () => {
    const progress = progressOf(
      loss([
        ['2026-09-15', 9.85],
        ['2026-09-29', 9.7],
      ]),
    );
    expect(progress?.status).toBe('on_track');
    expect(progress?.latest).toEqual({
      date: d('2026-09-29'),
      actualKg: 9.7,
      expectedKg: 9.6,
      differenceKg: 0.1,
    });
    // Slope of (0, 10), (14, 9.85), (28, 9.7): −0.15 kg per 14 days, −0.075 kg a week;
    // 0.7 kg to go takes 65.3 days, so day 28 + 66 = 4 December.
    expect(progress?.currentWeeklyRateKg).toBe(-0.075);
    expect(progress?.expectedReachDate).toEqual(d('2026-12-04'));
    expect(progress?.suggestedNextAssessmentOn).toBeNull();
    expect(dietProgressSentence(progress)).toBe(
      'On track: 9.7 kg on 29/09, expected 9.6 kg; at this rate the 9 kg target is reached around 04/12/2026.',
    );
  });

  it('behind for three weeks: the run of behind entries, a slower rate and an earlier next assessment', () => {
    const entries: [string, number][] = [
      ['2026-09-15', 9.95], // expected 9.8: on track (0.15 ≤ 0.2)
      ['2026-09-29', 9.95], // expected 9.6: behind
      ['2026-10-13', 9.9], // expected 9.4: behind
    ];
    const fortnight = progressOf(loss(entries));
    expect(fortnight?.status).toBe('behind');
    expect(fortnight?.behindSince).toEqual(d('2026-09-29'));
    expect(fortnight?.behindDays).toBe(14);
    expect(fortnight?.suggestedNextAssessmentOn).toBeNull();

    const threeWeeks = progressOf(loss([...entries, ['2026-10-20', 9.9]]));
    expect(threeWeeks?.behindDays).toBe(21);
    expect(threeWeeks?.latest).toEqual({
      date: d('2026-10-20'),
      actualKg: 9.9,
      expectedKg: 9.3,
      differenceKg: 0.6,
    });
    // Days 0, 14, 28, 42, 49 at 10, 9.95, 9.95, 9.9, 9.9: covariance −3.22 over variance 1607.2.
    expect(threeWeeks?.currentWeeklyRateKg).toBe(-0.014);
    // 0.9 kg at 0.0020035 kg a day is 449.2 days: day 49 + 450 = 13 January 2028.
    expect(threeWeeks?.expectedReachDate).toEqual(d('2028-01-13'));
    expect(threeWeeks?.suggestedNextAssessmentOn).toEqual(d('2026-11-03'));
    expect(suggestedAssessmentSentence(threeWeeks)).toBe(
      'Suggested next assessment: 03/11/2026 (was 01/12/2026)',
    );
    // An assessment already sooner than the suggestion is left as it is.
    expect(
      progressOf(loss([...entries, ['2026-10-20', 9.9]], '2026-10-30'))?.suggestedNextAssessmentOn,
    ).toBeNull();
  });

  it('ahead when lighter than the line by more than the tolerance', () => {
    const progress = progressOf(loss([['2026-09-15', 9.5]]));
    expect(progress?.status).toBe('ahead');
    expect(progress?.latest?.differenceKg).toBe(-0.3);
  });

  it('a gain: lighter than the line is behind', () => {
    const gain: DietProgressInput = {
      ...loss([
        ['2026-09-29', 4.1], // expected 4.16: on track
        ['2026-10-27', 4.05], // expected 4.32: behind by 0.27 (tolerance 0.1 kg, the floor)
      ]),
      dietKind: 'weight_gain',
      startWeightKg: 4,
      targetWeightKg: 5,
    };
    const progress = progressOf(gain);
    expect(progress?.direction).toBe('gain');
    expect(progress?.weeklyRateKg).toBe(0.04);
    expect(progress?.toleranceKg).toBe(0.1);
    expect(progress?.plannedTargetDate).toEqual(d('2027-02-23'));
    expect(progress?.latest?.expectedKg).toBe(4.32);
    expect(progress?.status).toBe('behind');
    expect(progress?.behindDays).toBe(0);
  });

  it('moving away from the target gives no date', () => {
    const progress = progressOf(
      loss([
        ['2026-09-15', 10.2],
        ['2026-09-29', 10.4],
      ]),
    );
    expect(progress?.status).toBe('behind');
    expect(progress?.currentWeeklyRateKg).toBeGreaterThan(0);
    expect(progress?.expectedReachDate).toBeNull();
    expect(dietProgressSentence(progress)).toBe(
      'Behind: 10.4 kg on 29/09, expected 9.6 kg; at this rate the 9 kg target is not reached (the weight is moving away from it).',
    );
  });

  it('no entries since the start: no status, no rate, the planned date only', () => {
    const progress = progressOf(loss([['2026-08-20', 10.3]]));
    expect(progress?.latest).toBeNull();
    expect(progress?.status).toBeNull();
    expect(progress?.currentWeeklyRateKg).toBeNull();
    expect(progress?.expectedReachDate).toBeNull();
    expect(dietProgressSentence(progress)).toBe(
      'No weight entry since the diet started on 01/09/2026: the 9 kg target is planned for around 10/11/2026.',
    );
  });

  it('the target reached, and the line kept flat to the latest entry after the planned date', () => {
    const progress = progressOf(loss([['2026-11-20', 8.95]]));
    expect(progress?.targetReached).toBe(true);
    expect(progress?.status).toBe('on_track');
    expect(progress?.expectedReachDate).toBeNull();
    expect(progress?.targetLine.at(-1)).toEqual({ date: d('2026-11-20'), kg: 9 });
    expect(progress.entries).toEqual([{ date: d('2026-11-20'), kg: 8.95 }]);
    expect(plannedWeightOn(progress, d('2026-08-31'))).toBeNull();
    expect(plannedWeightOn(progress, d('2026-09-15'))).toBeCloseTo(9.8, 10);
    expect(plannedWeightOn(progress, d('2026-12-24'))).toBe(9);
  });

  it('no weight goal: not a weight diet, or a target on the wrong side of the start weight', () => {
    expect(computeDietProgress({ ...loss([]), dietKind: 'maintenance' })).toBeNull();
    expect(computeDietProgress({ ...loss([]), targetWeightKg: 10.5 })).toBeNull();
  });

  it('least squares needs two distinct days', () => {
    expect(leastSquaresSlope([{ day: 3, kg: 5 }])).toBeNull();
    expect(
      leastSquaresSlope([
        { day: 3, kg: 5 },
        { day: 3, kg: 6 },
      ]),
    ).toBeNull();
    expect(
      leastSquaresSlope([
        { day: 0, kg: 5 },
        { day: 10, kg: 6 },
      ]),
    ).toBeCloseTo(0.1, 10);
  });
});
