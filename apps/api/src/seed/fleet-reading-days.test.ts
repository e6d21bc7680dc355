import { describe, expect, it } from 'vitest';
import { DAY_MS } from './demo-dates.ts';
import { DEMO_REFERENCE_DATE, DEMO_SEED, generateDemoData } from './generate.ts';
import { type ReadingBatch, readingBatches, type TrackerPet, trackerPetsOf } from './generate-trackers.ts';
import { LUNA } from './showcase.ts';

const NOW = new Date('2026-11-20T21:47:31Z');

/** Each reading as one line, keyed by its id: what a pet's stream yields, to compare two runs of it. */
function linesOf(batches: Iterable<ReadingBatch>): Map<string, Map<string, string>> {
  const byPet = new Map<string, Map<string, string>>();
  for (const batch of batches) {
    batch.id.forEach((id, i) => {
      const petId = batch.petIds[(batch.pet[i] ?? 0) - 1] ?? '';
      const lines = byPet.get(petId) ?? new Map<string, string>();
      lines.set(id, `${batch.kind[i]}|${batch.value[i]}|${batch.measuredAtSeconds[i]}|${batch.app[i]}`);
      byPet.set(petId, lines);
    });
  }
  return byPet;
}

describe("the browser tests' shorter fleet history (seedDemoData's fleetReadingDays)", () => {
  it('keeps exactly the full stream’s readings after the cut, ids and values alike, and none before it', () => {
    const fleet = trackerPetsOf(generateDemoData({ subscriptionsAsOf: NOW }), {
      seed: DEMO_SEED,
      scale: 1,
      reference: DEMO_REFERENCE_DATE,
    });
    const luna = fleet.find((pet) => pet.id === LUNA.id);
    const other = fleet.find((pet) => pet.id !== LUNA.id);
    if (!luna || !other) throw new Error('the demo fleet should hold Luna and another tracker pet');
    const pets: TrackerPet[] = [luna, other];
    const cut = NOW.getTime() - 70 * DAY_MS;

    const full = linesOf(readingBatches(pets, { seed: DEMO_SEED, end: NOW }));
    const short = linesOf(
      readingBatches(pets, {
        seed: DEMO_SEED,
        end: NOW,
        keepFrom: (pet) => (pet.id === luna.id ? undefined : cut),
      }),
    );

    // The pet without a cut keeps its year, line for line.
    expect(short.get(luna.id)).toEqual(full.get(luna.id));
    const fullOther = full.get(other.id) ?? new Map<string, string>();
    const kept = new Map([...fullOther].filter(([, line]) => Number(line.split('|')[2]) * 1000 > cut));
    const shortOther = short.get(other.id) ?? new Map<string, string>();
    // Days of readings on both sides of the cut: the cut is inside the history, not past one end of it.
    expect(kept.size).toBeGreaterThan(1000);
    expect(fullOther.size - kept.size).toBeGreaterThan(kept.size);
    expect(shortOther).toEqual(kept);
  });
});
