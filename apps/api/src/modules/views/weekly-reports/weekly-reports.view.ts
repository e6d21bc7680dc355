import {
  dietKindLabels,
  isoWeekLabel,
  pendingCardConcernLabels,
  type WeeklyReportContent,
  type WeeklyTrackerSummary,
  weeklyTrackerLabels,
  weightTrendLabels,
} from '@vetboard/contract';

/**
 * The report as an owner reads it, already worded: the e-mail's HTML and the PDF both show exactly
 * this, so the two never disagree.
 */
export interface WeeklyReportView {
  petName: string;
  title: string;
  period: string;
  comment: string;
  trackerColumns: string[];
  trackerRows: string[][];
  facts: Array<[string, string]>;
}

const number = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 1 });

function changeText(tracker: WeeklyTrackerSummary): string {
  if (tracker.changePercent === null) return '—';
  const sign = tracker.changePercent > 0 ? '+' : '';
  return `${sign}${number(tracker.changePercent)}%`;
}

function trackerRow(tracker: WeeklyTrackerSummary): string[] {
  const unit = tracker.unit === 's' ? 's' : tracker.unit;
  return [
    weeklyTrackerLabels[tracker.kind],
    tracker.average === null ? 'No data' : `${number(tracker.average)} ${unit}`,
    tracker.min === null || tracker.max === null ? '—' : `${number(tracker.min)}–${number(tracker.max)}`,
    changeText(tracker),
    `${tracker.daysWithData} of 7 days`,
  ];
}

function weightText(weight: WeeklyReportContent['weight']): string {
  if (weight.latestKg === null) return weightTrendLabels.no_data;
  const change =
    weight.changeKg === null
      ? ''
      : weight.changeKg === 0
        ? ' (no change this week)'
        : ` (${weight.changeKg > 0 ? '+' : ''}${number(weight.changeKg)} kg this week)`;
  const target = weight.targetKg === null ? '' : `, target ${number(weight.targetKg)} kg`;
  return `${number(weight.latestKg)} kg${change}${target}: ${weightTrendLabels[weight.trend].toLowerCase()}`;
}

export function weeklyReportView(
  content: WeeklyReportContent,
  petName: string,
  comment: string,
): WeeklyReportView {
  const openCards = content.pendingCards.filter((card) => card.status === 'open');
  const plan = content.dietPlan;
  return {
    petName,
    title: `${petName}’s week`,
    period: isoWeekLabel(content.week),
    comment,
    trackerColumns: ['Tracker', 'Average', 'Lowest–highest', 'Change', 'Data'],
    trackerRows: content.trackers
      .filter((t) => t.daysWithData > 0 || t.previousAverage !== null)
      .map(trackerRow),
    facts: [
      ['Weight', weightText(content.weight)],
      [
        'Open concerns',
        openCards.length === 0
          ? 'None'
          : openCards.map((card) => pendingCardConcernLabels[card.concern]).join(', '),
      ],
      ['Journal entries', String(content.journal.count)],
      ['Checkups answered', String(content.checkups.count)],
      ['Diet plan', plan ? dietKindLabels[plan.kind] : 'None'],
    ],
  };
}
