import { amountPerDose, type Drug, type DrugStrength, mgPerDose, type Species } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { todayIn } from '../lib/timezone.ts';
import { DRUGS, drugOfCode } from '../modules/records/prescriptions/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DAY_MS } from './demo-dates.ts';
import { lunaFurosemideStart } from './generate-trackers.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { EMMA_CLARKE, LUNA } from './showcase.ts';

/** The share of the other demo pets with one or more current or past prescriptions. */
const PRESCRIBED_SHARE = 0.15;

interface PrescriptionSeedRow {
  id: string;
  petId: string;
  drug: Drug;
  strength: DrugStrength;
  doseMgPerKg: number;
  weightKg: number;
  weightMeasuredAt: Date;
  mgPerDose: number;
  unitsPerDose: number;
  amountText: string;
  frequency: string;
  route: string;
  startOn: string;
  endOn: string | null;
  reason: string;
  status: 'active' | 'stopped';
  vetId: string | null;
  createdAt: Date;
  stoppedAt: Date | null;
  stopReason: string | null;
}

const REASONS: Partial<Record<string, string[]>> = {
  meloxicam: ['Osteoarthritis, hips', 'Lameness after a sprain'],
  robenacoxib: ['Post-operative pain'],
  'amoxicillin-clavulanate': ['Skin infection', 'Dental extraction'],
  gabapentin: ['Chronic pain', 'Calmer vet visits'],
  maropitant: ['Vomiting'],
  prednisolone: ['Atopic dermatitis flare'],
  levothyroxine: ['Hypothyroidism'],
  methimazole: ['Hyperthyroidism'],
};

const STOP_REASONS = ['Course no longer needed', 'Vomiting on it', 'Owner could not give it'];

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The strength whose amount per dose is nearest a whole unit or two: what a vet would pick. */
function strengthFor(drug: Drug, mg: number) {
  let best: { strength: DrugStrength; amount: NonNullable<ReturnType<typeof amountPerDose>> } | undefined;
  for (const strength of drug.strengths) {
    const amount = amountPerDose(mg, strength);
    if (!amount || amount.units > 4) continue;
    const error = Math.abs(amount.mgGiven - mg) / mg;
    const bestError = best ? Math.abs(best.amount.mgGiven - mg) / mg : Number.POSITIVE_INFINITY;
    if (error < bestError) best = { strength, amount };
  }
  return best;
}

function rowOf(
  base: Omit<
    PrescriptionSeedRow,
    'strength' | 'mgPerDose' | 'unitsPerDose' | 'amountText' | 'frequency' | 'route'
  >,
  species: Species,
  strengthId?: string,
): PrescriptionSeedRow | undefined {
  const dose = base.drug.doses.find((candidate) => candidate.species === species);
  if (!dose) return undefined;
  const mg = mgPerDose(base.doseMgPerKg, base.weightKg);
  const chosen = strengthId
    ? (() => {
        const strength = base.drug.strengths.find((candidate) => candidate.id === strengthId);
        const amount = strength && amountPerDose(mg, strength);
        return strength && amount ? { strength, amount } : undefined;
      })()
    : strengthFor(base.drug, mg);
  if (!chosen) return undefined;
  return {
    ...base,
    strength: chosen.strength,
    mgPerDose: mg,
    unitsPerDose: chosen.amount.units,
    amountText: chosen.amount.text,
    frequency: dose.frequency,
    route: dose.route,
  };
}

/**
 * Prescriptions for the demo, deterministic for a given end of the readings: Luna on pimobendan since
 * last year (one 2.5 mg tablet twice a day, as her health profile says) and on furosemide from the day
 * her earlier episode turns (`lunaFurosemideStart`, the readings' own), so her treatment response is
 * there to see; and about 15 % of the other pets with a current, finished or stopped one, each dosed
 * from the weight on file before its start with the contract's own functions.
 */
export async function seedPrescriptions(tx: Tx, seed: number, end: Date): Promise<number> {
  const random = createSeededRandom(deriveSeed(seed, 'prescriptions'));
  const vets = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from vets where kind in ('regular', 'head') order by email`),
  );
  const pets = rowsOf<{ id: string; species: Species }>(
    await tx.execute(sql`select id, species::text as species from pets order by id`),
  );
  const weights = rowsOf<{ pet_id: string; value_kg: number; measured_at: string }>(
    await tx.execute(sql`
      select pet_id, value_kg::float8 as value_kg, measured_at::text as measured_at
      from weight_entries order by pet_id, measured_at`),
  );
  const weightsOf = new Map<string, Array<{ kg: number; at: Date }>>();
  for (const row of weights) {
    const list = weightsOf.get(row.pet_id) ?? [];
    list.push({ kg: row.value_kg, at: new Date(row.measured_at) });
    weightsOf.set(row.pet_id, list);
  }
  /** The newest weighing at or before `at`, else the first one after it: what the dose came from. */
  const weightAt = (petId: string, at: Date) => {
    const list = weightsOf.get(petId) ?? [];
    return [...list].reverse().find((entry) => entry.at <= at) ?? list[0];
  };
  const vetId = () => (vets.length > 0 ? random.pick(vets).id : null);
  const rows: PrescriptionSeedRow[] = [];

  const lunaWeight = (at: Date) => weightAt(LUNA.id, at) ?? { kg: LUNA.health.weightKg, at };
  const pimobendanStart = new Date(end.getTime() - 420 * DAY_MS);
  const furosemideStart = lunaFurosemideStart(end, EMMA_CLARKE.timezone);
  const pimobendan = drugOfCode('pimobendan');
  const furosemide = drugOfCode('furosemide');
  for (const [drug, start, doseMgPerKg, strengthId, reason] of [
    [pimobendan, pimobendanStart, 0.29, 'pimobendan-tab-2.5', 'Mitral valve disease, stage B2'],
    [furosemide, furosemideStart, 1, 'furosemide-tab-10', 'Sleeping breathing up: early congestion'],
  ] as const) {
    if (!drug) continue;
    const weight = lunaWeight(start);
    const createdAt = new Date(start.getTime() + 10 * 3_600_000);
    const row = rowOf(
      {
        id: random.uuidV7(createdAt),
        petId: LUNA.id,
        drug,
        doseMgPerKg,
        weightKg: weight.kg,
        weightMeasuredAt: weight.at,
        startOn: todayIn(EMMA_CLARKE.timezone, start),
        endOn: null,
        reason,
        status: 'active',
        vetId: vetId(),
        createdAt,
        stoppedAt: null,
        stopReason: null,
      },
      'dog',
      strengthId,
    );
    if (row) rows.push(row);
  }

  const common = DRUGS.filter((drug) => REASONS[drug.code]);
  for (const pet of pets) {
    if (pet.id === LUNA.id || !random.chance(PRESCRIBED_SHARE)) continue;
    const count = random.chance(0.3) ? 2 : 1;
    for (let index = 0; index < count; index += 1) {
      const drug = random.pick(common);
      const dose = drug.doses.find((candidate) => candidate.species === pet.species);
      if (!dose) continue;
      const start = new Date(end.getTime() - random.int(3, 330) * DAY_MS);
      const weight = weightAt(pet.id, start);
      if (!weight) continue;
      const createdAt = new Date(start.getTime() + random.int(8, 17) * 3_600_000);
      const steps = Math.round((dose.maxMgPerKg - dose.minMgPerKg) * 100);
      const doseMgPerKg = Math.round((dose.minMgPerKg + random.int(0, steps) / 100) * 1000) / 1000;
      const course = random.chance(0.6) ? random.pick([5, 7, 10, 14, 30]) : null;
      const stopped = course === null && random.chance(0.3);
      const stoppedAt = stopped
        ? new Date(Math.min(end.getTime() - DAY_MS, start.getTime() + random.int(4, 60) * DAY_MS))
        : null;
      const row = rowOf(
        {
          id: random.uuidV7(createdAt),
          petId: pet.id,
          drug,
          doseMgPerKg,
          weightKg: weight.kg,
          weightMeasuredAt: weight.at,
          startOn: isoDay(start),
          endOn: course ? isoDay(new Date(start.getTime() + (course - 1) * DAY_MS)) : null,
          reason: random.pick(REASONS[drug.code] ?? ['']),
          status: stoppedAt && stoppedAt > createdAt ? 'stopped' : 'active',
          vetId: vetId(),
          createdAt,
          stoppedAt: stoppedAt && stoppedAt > createdAt ? stoppedAt : null,
          stopReason: stoppedAt && stoppedAt > createdAt ? random.pick(STOP_REASONS) : null,
        },
        pet.species,
      );
      if (row) rows.push(row);
    }
  }

  await bulkInsert(
    tx,
    'prescriptions',
    [
      { name: 'id', type: 'uuid', value: (row) => row.id },
      { name: 'pet_id', type: 'uuid', value: (row) => row.petId },
      { name: 'drug_code', type: 'text', value: (row) => row.drug.code },
      { name: 'drug_name', type: 'text', value: (row) => row.drug.name },
      { name: 'strength_id', type: 'text', value: (row) => row.strength.id },
      { name: 'strength_label', type: 'text', value: (row) => row.strength.label },
      {
        name: 'strength_unit',
        type: 'text',
        select: (value) => `${value}::drug_unit`,
        value: (row) => row.strength.unit,
      },
      { name: 'mg_per_unit', type: 'numeric', value: (row) => row.strength.mgPerUnit },
      { name: 'dose_mg_per_kg', type: 'numeric', value: (row) => row.doseMgPerKg },
      { name: 'weight_kg', type: 'numeric', value: (row) => row.weightKg },
      { name: 'weight_measured_at', type: 'timestamptz', value: (row) => row.weightMeasuredAt.toISOString() },
      { name: 'mg_per_dose', type: 'numeric', value: (row) => row.mgPerDose },
      { name: 'units_per_dose', type: 'numeric', value: (row) => row.unitsPerDose },
      { name: 'amount_text', type: 'text', value: (row) => row.amountText },
      {
        name: 'frequency',
        type: 'text',
        select: (value) => `${value}::dose_frequency`,
        value: (row) => row.frequency,
      },
      { name: 'route', type: 'text', select: (value) => `${value}::dose_route`, value: (row) => row.route },
      { name: 'start_on', type: 'date', value: (row) => row.startOn },
      { name: 'end_on', type: 'date', value: (row) => row.endOn },
      { name: 'reason', type: 'text', value: (row) => row.reason },
      {
        name: 'status',
        type: 'text',
        select: (value) => `${value}::prescription_status`,
        value: (row) => row.status,
      },
      { name: 'prescribed_by_vet_id', type: 'uuid', value: (row) => row.vetId },
      { name: 'created_at', type: 'timestamptz', value: (row) => row.createdAt.toISOString() },
      {
        name: 'updated_at',
        type: 'timestamptz',
        value: (row) => (row.stoppedAt ?? row.createdAt).toISOString(),
      },
      { name: 'stopped_at', type: 'timestamptz', value: (row) => row.stoppedAt?.toISOString() ?? null },
      { name: 'stopped_by_vet_id', type: 'uuid', value: (row) => (row.stoppedAt ? row.vetId : null) },
      { name: 'stop_reason', type: 'text', value: (row) => row.stopReason },
    ],
    rows,
  );
  return rows.length;
}
