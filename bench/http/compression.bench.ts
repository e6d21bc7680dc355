/**
 * What compressing an API answer costs, per encoding and level: CPU (all threads: a zlib stream works on
 * libuv's thread pool), the event loop's own share of it, and bytes, for answers shaped like the API's
 * biggest common ones, a 300-day chart (371 daily buckets, ~32 KB) and the vitals panel over 7 days
 * (5 × 169 hourly buckets, ~85 KB), each through a zlib stream as @fastify/compress sends an answer above
 * its `syncThreshold`, and in one synchronous call ("one call") as it sends one below. Settings alternate
 * within every round; medians of BENCH_ROUNDS (7) rounds of BENCH_ANSWERS (200) answers each.
 *
 *   npm run bench:compression
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
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
const brotli = (quality: number) => ({ params: { [C.BROTLI_PARAM_QUALITY]: quality } });
type Setting = { stream: () => zlib.Gzip | zlib.BrotliCompress } | { oneCall: (body: Buffer) => Buffer };
const settings: Record<string, Setting> = {
  'gzip 6 (zlib default)': { stream: () => zlib.createGzip() },
  'gzip 3': { stream: () => zlib.createGzip({ level: 3 }) },
  'gzip 3, one call': { oneCall: (body) => zlib.gzipSync(body, { level: 3 }) },
  'gzip 1': { stream: () => zlib.createGzip({ level: 1 }) },
  'brotli 4 (@fastify/compress default)': { stream: () => zlib.createBrotliCompress(brotli(4)) },
  'brotli 3': { stream: () => zlib.createBrotliCompress(brotli(3)) },
  'brotli 3, one call': { oneCall: (body) => zlib.brotliCompressSync(body, brotli(3)) },
  'brotli 2': { stream: () => zlib.createBrotliCompress(brotli(2)) },
};

async function compressAll(body: Buffer, setting: Setting) {
  let bytes = 0;
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  for (let i = 0; i < ANSWERS; i++) {
    bytes = 0;
    if ('oneCall' in setting) {
      bytes = setting.oneCall(body).length;
      // As an answer's hook would, give the loop back between answers.
      await new Promise<void>((resolve) => setImmediate(resolve));
      continue;
    }
    await pipeline(
      Readable.from([body]),
      setting.stream(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
  }
  const used = process.cpuUsage(cpu);
  const looped = performance.eventLoopUtilization(loop);
  return { ms: (used.user + used.system) / 1000 / ANSWERS, loopMs: looped.active / ANSWERS, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () => os.loadavg()[0]?.toFixed(1);
console.log(`load average at start ${load()}`);
const rows: Record<string, Record<string, string | number>> = {};
for (const [answer, body] of Object.entries(answers)) {
  const samples = new Map<string, { ms: number[]; loopMs: number[] }>(
    Object.keys(settings).map((name) => [name, { ms: [], loopMs: [] }]),
  );
  const sizes = new Map<string, number>();
  for (let round = 0; round <= ROUNDS; round++) {
    const names = Object.keys(settings);
    for (const name of round % 2 ? names : names.reverse()) {
      const setting = settings[name];
      if (!setting) continue;
      const { ms, loopMs, bytes } = await compressAll(body, setting);
      const sample = samples.get(name);
      if (round > 0 && sample) {
        // round 0 warms up
        sample.ms.push(ms);
        sample.loopMs.push(loopMs);
      }
      sizes.set(name, bytes);
    }
  }
  for (const [name, values] of samples)
    rows[`${answer} (${(body.length / 1024).toFixed(0)} KB), ${name}`] = {
      'CPU ms per answer': Number(median(values.ms).toFixed(3)),
      'of it, event loop ms': Number(median(values.loopMs).toFixed(3)),
      'KB sent': Number(((sizes.get(name) ?? 0) / 1024).toFixed(1)),
    };
}
console.table(rows);
console.log(`load average at end ${load()}`);
