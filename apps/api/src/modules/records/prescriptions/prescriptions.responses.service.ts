import {
  isoToCalendarDate,
  TREATMENT_RESPONSE_MIN_COVERAGE,
  type TreatmentEvent,
  type TreatmentResponse,
  type TreatmentResponseList,
  type TreatmentResponseQuery,
  type TreatmentResponseSide,
  type TreatmentResponseVital,
  treatmentResponseSummary,
  treatmentResponseVitals,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner } from '../../core/pets/index.ts';
import { type DailyVitalKind, type DailyVitalRow, dailyVitalsOfPet } from '../trackers/index.ts';
import { prescriptionsErrors } from './prescriptions.errors.ts';
import { statusOf } from './prescriptions.mapper.ts';
import { type TreatmentRow, treatmentRowsOfPet } from './prescriptions.repository.ts';
import { prescriptions } from './prescriptions.table.ts';

const DAY_MS = 86_400_000;
const shiftDate = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);
const round2 = (value: number) => Math.round(value * 100) / 100;

const KIND_OF: Record<TreatmentResponseVital, DailyVitalKind> = {
  respiratoryRate: 'respiratory_rate',
  heartRate: 'heart_rate',
  weight: 'weight',
  drinking: 'drinking',
};

/** A day a treatment began, changed or ended: the first local day of its "after" side. */
interface TreatmentFact {
  prescriptionUuid: string;
  drugName: string;
  event: TreatmentEvent;
  on: string;
}

/**
 * The days each prescription row stands for: its start (a change when it is a later version), the day it
 * was stopped, or the day after its end once it ran its course. A changed row's end is its successor's
 * start, so it gives none.
 */
export function treatmentFactsOf(
  rows: readonly TreatmentRow[],
  timezone: string,
  today: string,
): TreatmentFact[] {
  const facts: TreatmentFact[] = [];
  for (const row of rows) {
    const base = { prescriptionUuid: row.id, drugName: row.drugName };
    facts.push({ ...base, event: row.previousVersionId ? 'changed' : 'started', on: row.startOn });
    if (row.status === 'stopped' && row.stoppedAt)
      facts.push({ ...base, event: 'stopped', on: todayIn(timezone, row.stoppedAt) });
    else if (statusOf(row, today) === 'completed' && row.endOn)
      facts.push({ ...base, event: 'completed', on: shiftDate(row.endOn, 1) });
  }
  return facts;
}

function sideOf(vital: TreatmentResponseVital, days: readonly DailyVitalRow[]): TreatmentResponseSide {
  let readings = 0;
  let sum = 0;
  let covered = 0;
  let worn = 0;
  for (const day of days) {
    readings += day.count;
    sum += day.sum;
    covered += day.coverage ?? 0;
    if ((day.coverage ?? 0) > 0) worn += 1;
  }
  const coverage = vital === 'weight' ? null : round2(covered / days.length);
  // Drinking is a daily total: a day the collar was worn and heard no drinking drank nothing it saw.
  const divisor = vital === 'drinking' ? worn : readings;
  const average = readings === 0 || divisor === 0 ? null : round2(sum / divisor);
  return { average, readings, coverage };
}

function responseOf(
  fact: TreatmentFact,
  vital: TreatmentResponseVital,
  series: readonly DailyVitalRow[],
  days: number,
): TreatmentResponse | undefined {
  const pivot = series.findIndex((day) => day.date === fact.on);
  if (pivot < days || pivot + days > series.length) return undefined;
  const beforeDays = series.slice(pivot - days, pivot);
  const afterDays = series.slice(pivot, pivot + days);
  const before = sideOf(vital, beforeDays);
  const after = sideOf(vital, afterDays);
  const coverage =
    before.coverage === null || after.coverage === null
      ? null
      : round2(sideOf(vital, [...beforeDays, ...afterDays]).coverage ?? 0);
  const enough =
    vital === 'weight'
      ? before.readings > 0 && after.readings > 0
      : (before.coverage ?? 0) >= TREATMENT_RESPONSE_MIN_COVERAGE &&
        (after.coverage ?? 0) >= TREATMENT_RESPONSE_MIN_COVERAGE &&
        before.average !== null &&
        after.average !== null;
  const response = {
    drugName: fact.drugName,
    event: fact.event,
    on: isoToCalendarDate(fact.on),
    vital,
    days,
    before,
    after,
    coverage,
    enough,
  };
  return {
    ...response,
    prescriptionUuid: fact.prescriptionUuid,
    at: { seconds: (series[pivot] as DailyVitalRow).start },
    summary: treatmentResponseSummary(response),
  };
}

/**
 * What each of a pet's treatments did to its vitals: for every start, change and end at least `days`
 * local days ago, the vital's average over the `days` before against the `days` from it, with the
 * collar's coverage, from the trackers' daily rollups (one read over the span of them all). The
 * medications page, the vitals panel and the charts all read this, so they show the same numbers.
 */
export async function getTreatmentResponses(
  deps: { db: Db; now: Now },
  actor: Actor,
  petId: string,
  query: TreatmentResponseQuery,
): Promise<TreatmentResponseList> {
  const pet = await findPetWithOwner(deps.db, actor, petId);
  if (!pet) throw prescriptionsErrors.petNotFound();
  const { timezone } = pet;
  const { days } = query;
  const today = todayIn(timezone, deps.now());
  const rows = await treatmentRowsOfPet(deps.db, pet.pet.id, petCondition(actor, prescriptions.petId));
  // Only a change whose "after" side has fully passed (today is not over) has a response to show.
  const facts = treatmentFactsOf(rows, timezone, today).filter((fact) => shiftDate(fact.on, days) <= today);
  const vitals = query.vital ? [query.vital] : [...treatmentResponseVitals];
  const base = { days, minCoverage: TREATMENT_RESPONSE_MIN_COVERAGE };
  if (facts.length === 0) return { ...base, responses: [] };
  const ons = facts.map((fact) => fact.on).sort();
  const series = await dailyVitalsOfPet(
    deps.db,
    pet.pet.id,
    timezone,
    vitals.map((vital) => KIND_OF[vital]),
    shiftDate(ons[0] as string, -days),
    shiftDate(ons[ons.length - 1] as string, days),
  );
  const responses = facts
    .sort((a, b) => (a.on === b.on ? a.drugName.localeCompare(b.drugName) : a.on < b.on ? 1 : -1))
    .flatMap((fact) =>
      vitals.flatMap((vital) => responseOf(fact, vital, series.get(KIND_OF[vital]) ?? [], days) ?? []),
    );
  return { ...base, responses };
}
