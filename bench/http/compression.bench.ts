/**
 * What compressing an API answer costs, per encoding and level: CPU (all threads: a zlib stream works on
 * libuv's thread pool) and bytes for answers shaped like the API's biggest common ones, a 300-day chart
 * (371 daily buckets, ~32 KB) and the vitals panel over 7 days (5 × 169 hourly buckets, ~85 KB), each
 * through a zlib stream as @fastify/compress sends it. Settings alternate within every round; medians of
 * BENCH_ROUNDS (7) rounds of BENCH_ANSWERS (200) answers each.
 *
 *   npm run bench:compression
 */
import os from 'node:os';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 200);

/** A deterministic pseudo-random sequence, so every run compresses the same bytes. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function buckets(count: number, stepSeconds: number, next: () => number) {
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return Array.from({ length: count }, (_, i) => {
    const readings = Math.floor(next() * 70);
    const avg = 12 + next() * 14;
    return readings === 0
      ? {
          start: { seconds: 1_769_778_000 + i * stepSeconds },
          avg: null,
          min: null,
          max: null,
          sum: null,
          count: 0,
          coverage: 0,
        }
      : {
          start: { seconds: 1_769_778_000 + i * stepSeconds },
          avg: round2(avg),
          min: round2(avg - next() * 4),
          max: round2(avg + next() * 6),
          sum: round2(avg * readings),
          count: readings,
          coverage: next() < 0.8 ? 1 : round2(next()),
        };
  });
}

const next = random(7);
const answers = {
  'chart, 300 days': Buffer.from(
    JSON.stringify({
      timezone: 'Australia/Sydney',
      timeScope: 'range',
      bucketSize: '1d',
      buckets: buckets(371, 86_400, next),
    }),
  ),
  'vitals, 7 days': Buffer.from(
    JSON.stringify({
      timezone: 'Australia/Sydney',
      range: '7d',
      vitals: Object.fromEntries(
        ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'].map((name) => [
          name,
          { buckets: buckets(169, 3_600, next), latest: null, band: { type: 'none' } },
        ]),
      ),
    }),
  ),
};

const C = zlib.constants;
const settings: Record<string, () => zlib.Gzip | zlib.BrotliCompress> = {
  'gzip 6 (zlib default)': () => zlib.createGzip(),
  'gzip 3': () => zlib.createGzip({ level: 3 }),
  'gzip 1': () => zlib.createGzip({ level: 1 }),
  'brotli 4 (@fastify/compress default)': () =>
    zlib.createBrotliCompress({ params: { [C.BROTLI_PARAM_QUALITY]: 4 } }),
  'brotli 3': () => zlib.createBrotliCompress({ params: { [C.BROTLI_PARAM_QUALITY]: 3 } }),
  'brotli 2': () => zlib.createBrotliCompress({ params: { [C.BROTLI_PARAM_QUALITY]: 2 } }),
};

async function compressAll(body: Buffer, make: () => zlib.Gzip | zlib.BrotliCompress) {
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < ANSWERS; i++) {
    bytes = 0;
    await pipeline(
      Readable.from([body]),
      make(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
  }
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000 / ANSWERS, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () => os.loadavg()[0]?.toFixed(1);
console.log(`load average at start ${load()}`);
const rows: Record<string, Record<string, string | number>> = {};
for (const [answer, body] of Object.entries(answers)) {
  const samples = new Map<string, number[]>(Object.keys(settings).map((name) => [name, []]));
  const sizes = new Map<string, number>();
  for (let round = 0; round <= ROUNDS; round++) {
    const names = Object.keys(settings);
    for (const name of round % 2 ? names : names.reverse()) {
      const make = settings[name];
      if (!make) continue;
      const { ms, bytes } = await compressAll(body, make);
      if (round > 0) samples.get(name)?.push(ms); // round 0 warms up
      sizes.set(name, bytes);
    }
  }
  for (const [name, values] of samples)
    rows[`${answer} (${(body.length / 1024).toFixed(0)} KB), ${name}`] = {
      'CPU ms per answer': Number(median(values).toFixed(3)),
      'KB sent': Number(((sizes.get(name) ?? 0) / 1024).toFixed(1)),
    };
}
console.table(rows);
console.log(`load average at end ${load()}`);
