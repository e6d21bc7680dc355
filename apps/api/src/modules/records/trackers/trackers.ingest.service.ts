import {
  type IngestReading,
  type IngestResponse,
  ingestReadingSchema,
  MAX_READING_FUTURE_SECONDS,
  readingKinds,
  readingRanges,
  readingSources,
  truncate,
} from '@vetboard/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { hasSqlState } from '../../../db/errors.ts';
import type { Now } from '../../../lib/clock.ts';
import type { IntegrationActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { petIdsInScope } from '../../core/pets/index.ts';
import { raiseRespiratoryCards } from '../pending-cards/index.ts';
import { findConflictingReadings, findExistingPetIds } from './trackers.ingest.repository.ts';
import { insertReadings, type ReadingInsert } from './trackers.writes.ts';

/** Readings before this are clock faults (a collar that lost its time), not history. */
export const EARLIEST_READING_SECONDS = Date.UTC(2000, 0, 1) / 1000;

export interface ReadingRejection {
  index: number;
  reason: string;
}

export type IngestOutcome =
  | { ok: true; result: IngestResponse }
  | { ok: false; received: number; rejected: ReadingRejection[] };

/** A refused value as the reason quotes it; cut short, as a field may carry anything up to the body limit. */
function quote(value: unknown): string {
  const text =
    typeof value === 'string'
      ? `'${value}'`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return truncate(text, 80);
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let current = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const article = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function listOf(values: readonly string[]): string {
  return values.length <= 1
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** zod's issues rephrased for the integration's developer reading the 400. */
function describeIssue(raw: unknown, issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const input = valueAt(raw, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(quote).join(', ')}`;
    case 'invalid_value':
      if (field === 'kind') return `unknown kind ${quote(input)} (expected ${listOf(readingKinds)})`;
      if (field === 'source') return `unknown source ${quote(input)} (expected ${listOf(readingSources)})`;
      return `${field} ${quote(input)} is not allowed`;
    case 'invalid_format':
      return `${field} ${quote(input)} is not a valid ${issue.format === 'uuid' ? 'UUID' : issue.format}`;
    case 'invalid_type':
      if (input === undefined) return `${field || 'reading'} is missing`;
      if (field === '') return `a reading must be an object, not ${quote(input)}`;
      return `${field} must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}, not ${quote(input)}`;
    default:
      return field ? `${field}: ${issue.message}` : issue.message;
  }
}

function describeRange(reading: IngestReading): string | null {
  const range = readingRanges[reading.kind];
  if (reading.value >= range.min && reading.value <= range.max) return null;
  return `value ${reading.value} is outside ${range.min}–${range.max} ${range.unit} for ${reading.kind}`;
}

function describeTime(reading: IngestReading, nowSeconds: number): string | null {
  const { seconds } = reading.measuredAt;
  if (seconds > nowSeconds + MAX_READING_FUTURE_SECONDS)
    return `measuredAt is more than ${MAX_READING_FUTURE_SECONDS / 60} minutes in the future`;
  if (seconds < EARLIEST_READING_SECONDS) return 'measuredAt is before 2000-01-01';
  return null;
}

/**
 * A whole batch in one parse: five times faster than 5,000 parses of one reading each, the cost of a
 * batch's validation. Only a batch it refuses is parsed again reading by reading, for the reasons.
 */
const batchOfReadings = z.array(ingestReadingSchema);

/**
 * Checks every reading on its own (shape, plausible range for its kind, time, repeated ids) so that
 * a refused batch names each bad reading, not just the first. Pets are checked afterwards, in bulk.
 */
export function validateReadings(
  raw: readonly unknown[],
  now: Date,
): { readings: Array<{ index: number; reading: IngestReading }>; rejected: ReadingRejection[] } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const readings: Array<{ index: number; reading: IngestReading }> = [];
  const rejected: ReadingRejection[] = [];
  const firstIndexOfId = new Map<string, number>();
  const whole = batchOfReadings.safeParse(raw);
  raw.forEach((candidate, index) => {
    const parsed = whole.success
      ? { success: true as const, data: whole.data[index] as IngestReading }
      : ingestReadingSchema.safeParse(candidate);
    if (!parsed.success) {
      rejected.push({
        index,
        reason: parsed.error.issues.map((i) => describeIssue(candidate, i)).join('; '),
      });
      return;
    }
    const reading = parsed.data;
    const earlier = firstIndexOfId.get(reading.id);
    const reason =
      describeRange(reading) ??
      describeTime(reading, nowSeconds) ??
      (earlier === undefined
        ? null
        : `id ${reading.id} is repeated in this batch (first at index ${earlier})`);
    if (earlier === undefined) firstIndexOfId.set(reading.id, index);
    if (reason) rejected.push({ index, reason });
    else readings.push({ index, reading });
  });
  return { readings, rejected };
}

/** Thrown inside the transaction so that readings inserted before a conflict was found roll back. */
class RejectedBatch extends Error {
  constructor(readonly rejected: ReadingRejection[]) {
    super('batch rejected');
  }
}

const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

function isRetryable(error: unknown): boolean {
  return hasSqlState(error, RETRYABLE_SQLSTATES);
}

/**
 * All or nothing: one refused reading refuses the batch and nothing is written. Otherwise the readings
 * and both rollups are written in one transaction, with the pending cards the respiratory readings raise; readings whose id already exists with the same
 * content count as duplicates (a retried batch adds nothing), with other content they are refused.
 */
export async function ingestReadings(
  deps: { db: Db; now: Now },
  actor: IntegrationActor,
  raw: readonly unknown[],
): Promise<IngestOutcome> {
  const now = deps.now();
  const received = raw.length;
  const { readings, rejected } = validateReadings(raw, now);
  const petIds = [...new Set(readings.map(({ reading }) => reading.petUuid))];
  const rows: ReadingInsert[] = readings.map(({ reading }) => ({
    id: reading.id,
    petId: reading.petUuid,
    kind: reading.kind,
    value: reading.value,
    measuredAt: new Date(reading.measuredAt.seconds * 1000),
    source: reading.source,
  }));

  // Concurrent batches upsert overlapping rollup rows in no fixed order and may deadlock; the loser retries.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction(async (tx) => {
        // PostgreSQL answers ids in lower case; a client may send them in upper case.
        const refuseUnknown = (unknownIds: readonly string[]) => {
          const unknown = new Set(unknownIds);
          return readings
            .filter(({ reading }) => unknown.has(reading.petUuid.toLowerCase()))
            .map(({ index, reading }) => ({ index, reason: `unknown pet ${reading.petUuid}` }));
        };
        // A company's own token writes only about its company's pets; another pet is as unknown to it as
        // a missing one. (The product's tokens see every pet and skip this read.)
        if (actor.companySku) {
          const inScope = await petIdsInScope(tx, petIds, (column) => petCondition(actor, column));
          const outside = petIds.filter((id) => !inScope.has(id.toLowerCase()));
          if (outside.length > 0) {
            const allRejected = [...rejected, ...refuseUnknown(outside)].sort((a, b) => a.index - b.index);
            return { ok: false, received, rejected: allRejected };
          }
        }
        if (rejected.length > 0) {
          // Refused already; the pets are still checked so that the 400 names every refused reading.
          const known = await findExistingPetIds(tx, petIds);
          const unknown = petIds.map((id) => id.toLowerCase()).filter((id) => !known.has(id));
          const allRejected = [...rejected, ...refuseUnknown(unknown)].sort((a, b) => a.index - b.index);
          return { ok: false, received, rejected: allRejected };
        }
        // The insert checks the pets itself, and writes nothing if any is unknown.
        const { inserted, unknownPetIds } = await insertReadings(tx, rows, actor.integrationId);
        if (unknownPetIds.length > 0) return { ok: false, received, rejected: refuseUnknown(unknownPetIds) };
        if (inserted < rows.length) {
          // Only a batch with repeated ids pays for this check; a conflict undoes the whole batch.
          const conflicts = (await findConflictingReadings(tx, rows)).map((position) => {
            const { index, reading } = readings[position] as (typeof readings)[number];
            return { index, reason: `id ${reading.id} already exists with other content` };
          });
          if (conflicts.length > 0) throw new RejectedBatch(conflicts);
        }
        // In the same transaction: a reading is never stored without the card it raises.
        if (inserted > 0) await raiseRespiratoryCards(tx, actor, rows, now);
        return { ok: true, result: { received, inserted, duplicates: received - inserted } };
      });
    } catch (error) {
      if (error instanceof RejectedBatch) return { ok: false, received, rejected: error.rejected };
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
