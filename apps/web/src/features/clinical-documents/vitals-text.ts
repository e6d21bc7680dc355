import type { LatestTrackersResponse, RichTextBlock } from '@vetboard/contract';
import { formatDateTime } from '@/lib/format/dates.ts';

/** The pet's latest collar and weight values as the objective's "Latest vitals" list. */
export function latestVitalsBlocks(latest: LatestTrackersResponse): RichTextBlock[] {
  const lines: string[] = [];
  if (latest.weight)
    lines.push(`Weight: ${latest.weight.value} kg (${formatDateTime(latest.weight.measuredAt)})`);
  if (latest.respiratoryRate)
    lines.push(
      `Sleeping respiratory rate: ${latest.respiratoryRate.value}/min (${formatDateTime(latest.respiratoryRate.measuredAt)})`,
    );
  if (latest.heartRate)
    lines.push(`Heart rate: ${latest.heartRate.value} bpm (${formatDateTime(latest.heartRate.measuredAt)})`);
  lines.push(`Head shaking today: ${latest.shakingToday}`);
  lines.push(`Drinking today: ${Math.round(latest.drinkingTodaySeconds / 60)} min`);
  return [
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Latest vitals' }] },
    {
      type: 'bulletList',
      content: lines.map((line) => ({
        type: 'listItem' as const,
        content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: line }] }],
      })),
    },
  ];
}
