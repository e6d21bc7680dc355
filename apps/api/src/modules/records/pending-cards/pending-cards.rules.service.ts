import {
  classifyRespiratoryRate,
  countOf,
  DIET_OFF_PLAN_DAYS,
  type DietProgress,
  defaultRespiratoryThresholds,
  type PendingCardTriggerKind,
  periodOf,
  type RespiratoryThresholds,
  suggestedAssessmentSentence,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../policy/actor.ts';
import {
  abnormalRespiratoryBucketsSince,
  type RespiratoryBucket,
  respiratoryBucketsOf,
  type WeightContext,
  weightContextOf,
  weightEntriesWithContextSince,
} from './pending-cards.inputs.repository.ts';
import type { Signal } from './pending-cards.signals.repository.ts';
import { raiseSignals, signalOf } from './pending-cards.signals.service.ts';

/** Readings older than this (a collar catching up on a long-lost week) are history, not news. */
const RESPIRATORY_LOOK_BACK_MS = 7 * 86_400_000;

const bandThreshold = (band: string, t: RespiratoryThresholds) =>
  band === 'high-red' ? t.highRed : band === 'high-orange' ? t.highOrange : band === 'high' ? t.high : t.low;

const bandKind: Record<string, PendingCardTriggerKind> = {
  high: 'respiratory_high',
  'high-orange': 'respiratory_high_orange',
  'high-red': 'respiratory_high_red',
  low: 'respiratory_low',
};

/**
 * The respiratory rule, run in the ingestion's transaction: each half hour the batch's sleeping
 * respiratory readings fell in is judged by its average (after this batch) against the pet's
 * thresholds (its override, else its species'); a half hour in the high, high-orange, high-red or low
 * band is a trigger of the pet's respiratory card. One trigger per (UTC) day keeps the day's worst half
 * hour, so a bad night is one line of evidence, not sixteen.
 */
export async function raiseRespiratoryCards(
  tx: DbOrTx,
  actor: Actor,
  readings: ReadonlyArray<{ petId: string; kind: string; measuredAt: Date }>,
  now: Date,
): Promise<void> {
  const since = now.getTime() - RESPIRATORY_LOOK_BACK_MS;
  const respiratory = readings.filter(
    (r) => r.kind === 'respiratory_rate' && r.measuredAt.getTime() >= since,
  );
  if (respiratory.length === 0) return;
  const buckets = await respiratoryBucketsOf(tx, respiratory);
  await raiseSignals(tx, actor, buckets.flatMap(respiratorySignal), now);
}

/**
 * The respiratory rule's signals over the half hours already stored since `since` (readings loaded
 * without ingestion, the demo data): every abnormal half hour, as ingestion would have judged it.
 */
export async function respiratorySignalsSince(tx: DbOrTx, since: Date): Promise<Signal[]> {
  const buckets = await abnormalRespiratoryBucketsSince(tx, since, defaultRespiratoryThresholds);
  return buckets.flatMap(respiratorySignal);
}

function respiratorySignal(bucket: RespiratoryBucket): Signal[] {
  const thresholds = bucket.override ?? defaultRespiratoryThresholds[bucket.species];
  const average = Math.round(bucket.average * 10) / 10;
  const band = classifyRespiratoryRate(average, thresholds);
  const kind = bandKind[band];
  if (!kind) return [];
  return [
    signalOf(kind, {
      petId: bucket.petId,
      value: average,
      threshold: bandThreshold(band, thresholds),
      unit: 'breaths/min',
      detail: `Half-hour average of ${countOf(bucket.count, { one: 'sleeping reading', other: 'sleeping readings' })}`,
      sourceEntity: null,
      sourceId: null,
      at: bucket.bucketStart,
      dedupeKey: `respiratory:${bucket.bucketStart.toISOString().slice(0, 10)}`,
    }),
  ];
}

const WEIGHT_CHANGE_PERCENT = 5;
const WEIGHT_TARGET_PERCENT = 3;
const round1 = (value: number) => Math.round(value * 10) / 10;
const signed = (value: number) => `${value > 0 ? '+' : ''}${round1(value)} %`;

/**
 * The weight rules, run in the transaction that adds or corrects an entry measured in the last 30
 * days: a change of more than 5 % from the oldest entry of the 30 days before it, or an entry more
 * than 3 % from the target that moved away from it.
 */
export async function raiseWeightCards(
  tx: DbOrTx,
  actor: Actor,
  entry: WeighedEntry,
  now: Date,
  dietProgress: DietProgress | null = null,
): Promise<void> {
  if (entry.measuredAt.getTime() < now.getTime() - 30 * 86_400_000) return;
  const context = await weightContextOf(tx, entry.petId, entry);
  const offPlan = dietOffPlanSignal(entry, dietProgress);
  await raiseSignals(tx, actor, [...weightSignals(entry, context), ...offPlan], now);
}

/**
 * The diet rule, on the progress the weight module computed with the entry: after it, the pet's current weight diet has been behind its
 * plan on every entry for three weeks or more. One trigger per diet, refreshed by later entries; its
 * detail carries the earlier next assessment the diet page suggests. The demo seed's replay calls it
 * too, with the progress as it stood after each stored entry.
 */
export function dietOffPlanSignal(entry: WeighedEntry, progress: DietProgress | null): Signal[] {
  if (!progress?.latest || progress.status !== 'behind' || progress.behindDays < DIET_OFF_PLAN_DAYS)
    return [];
  const { latest } = progress;
  const suggestion = suggestedAssessmentSentence(progress);
  return [
    signalOf('weight_off_plan', {
      petId: entry.petId,
      value: latest.actualKg,
      threshold: round1(latest.expectedKg + progress.toleranceKg * (progress.direction === 'loss' ? 1 : -1)),
      unit: 'kg',
      detail: `${latest.actualKg} kg, expected ${latest.expectedKg} kg: behind the diet's plan for ${periodOf(progress.behindDays)}${suggestion ? `. ${suggestion}` : ''}`,
      sourceEntity: 'weight_entry',
      sourceId: entry.id,
      at: entry.measuredAt,
      dedupeKey: `weight_off_plan:${progress.dietUuid}`,
    }),
  ];
}

/** The weight rules' signals over the entries already stored since `since` (the demo data). */
export async function weightSignalsSince(tx: DbOrTx, since: Date): Promise<Signal[]> {
  const entries = await weightEntriesWithContextSince(tx, since);
  return entries.flatMap(({ entry, context }) => weightSignals(entry, context));
}

export interface WeighedEntry {
  id: string;
  petId: string;
  valueKg: number;
  measuredAt: Date;
}

function weightSignals(entry: WeighedEntry, context: WeightContext): Signal[] {
  const source = {
    sourceEntity: 'weight_entry',
    sourceId: entry.id,
    at: entry.measuredAt,
    petId: entry.petId,
  };
  const signals: Signal[] = [];
  if (context.monthAgo) {
    const change = ((entry.valueKg - context.monthAgo.valueKg) / context.monthAgo.valueKg) * 100;
    if (Math.abs(change) > WEIGHT_CHANGE_PERCENT) {
      const days = Math.max(
        1,
        Math.round((entry.measuredAt.getTime() - context.monthAgo.measuredAt.getTime()) / 86_400_000),
      );
      signals.push(
        signalOf('weight_change', {
          ...source,
          value: round1(change),
          threshold: change > 0 ? WEIGHT_CHANGE_PERCENT : -WEIGHT_CHANGE_PERCENT,
          unit: '%',
          detail: `${entry.valueKg} kg, ${signed(change)} from ${context.monthAgo.valueKg} kg in ${periodOf(days)}`,
          dedupeKey: `weight_change:${entry.id}`,
        }),
      );
    }
  }
  const target = context.targetKg;
  if (target) {
    const distance = ((entry.valueKg - target) / target) * 100;
    const movedAway =
      !context.previous || Math.abs(entry.valueKg - target) > Math.abs(context.previous.valueKg - target);
    if (Math.abs(distance) > WEIGHT_TARGET_PERCENT && movedAway) {
      signals.push(
        signalOf('weight_target', {
          ...source,
          value: round1(distance),
          threshold: distance > 0 ? WEIGHT_TARGET_PERCENT : -WEIGHT_TARGET_PERCENT,
          unit: '%',
          detail: `${entry.valueKg} kg, ${signed(distance)} from the ${target} kg target`,
          dedupeKey: `weight_target:${entry.id}`,
        }),
      );
    }
  }
  return signals;
}
