/**
 * Live updates at a realistic size (issue: 200 dashboards open, one change): how long after a vet sends
 * a change each of BENCH_CLIENTS (200) connected `GET /v1/events` streams receives it, over
 * BENCH_CHANGES (20) changes (a pet renamed through `PATCH /v1/pets/{id}`), beside the same change's own
 * request round trip measured in the same run (the baseline: a dashboard cannot hear of a change before
 * it is made). Then the server's memory (after a full GC) before and with BENCH_IDLE (1,000) idle
 * streams open. The server runs in a child process (events-server.ts) so its memory is its own.
 *
 *   npm run bench:events
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_events npm run bench:events   # an empty database
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const IDLE = Number(process.env.BENCH_IDLE ?? 1000);

type Ready = { type: 'ready'; port: number; email: string; password: string; petId: string };
type Memory = { type: 'memory'; rss: number; heapUsed: number };

const server = fork(fileURLToPath(new URL('./events-server.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: process.env,
});
const messages: Array<(message: unknown) => void> = [];
server.on('message', (message) => messages.shift()?.(message));
const next = <T>() => new Promise<T>((resolve) => messages.push((m) => resolve(m as T)));

const ready = await next<Ready>();
const base = `http://127.0.0.1:${ready.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const login = await fetch(`${base}/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ready.email, password: ready.password }),
});
if (!login.ok) throw new Error(`login: ${login.status}`);
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

/** One SSE stream over a raw socket: the cheapest client, so the figures are the server's. */
function openStream(onEvent: (receivedAt: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/v1/events`,
      { agent: false, headers: { accept: 'text/event-stream', cookie } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`));
        let buffer = '';
        let opened = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened) {
              opened = true;
              resolve(() => request.destroy());
            }
            if (block.includes('\ndata: ') || block.startsWith('data: ')) onEvent(at);
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => Math.round(value * 10) / 10;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// Delivery latency.
let sentAt = 0;
let pending = 0;
let allHeard: () => void = () => {};
const deliveries: number[] = [];
const closers = await Promise.all(
  Array.from({ length: CLIENTS }, () =>
    openStream((at) => {
      deliveries.push(at - sentAt);
      pending -= 1;
      if (pending === 0) allHeard();
    }),
  ),
);
const roundTrips: number[] = [];
const perChange: Array<{ p50: number; p99: number }> = [];
for (let change = 0; change < CHANGES; change++) {
  const before = deliveries.length;
  pending = CLIENTS;
  const heard = new Promise<void>((resolve) => {
    allHeard = resolve;
  });
  sentAt = performance.now();
  const response = await fetch(`${base}/v1/pets/${ready.petId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: `Nala ${change}` }),
  });
  roundTrips.push(performance.now() - sentAt);
  if (!response.ok) throw new Error(`PATCH: ${response.status}`);
  await Promise.race([
    heard,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('not every client heard the change in 10 s')), 10_000),
    ),
  ]);
  const these = deliveries.slice(before);
  perChange.push({ p50: median(these), p99: percentile(these, 99) });
}
for (const close of closers) close();

console.log(
  `\nOne change heard by ${CLIENTS} open streams, ${CHANGES} changes, on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
console.table({
  'change request (baseline)': { 'p50 ms': ms(median(roundTrips)), 'p99 ms': ms(percentile(roundTrips, 99)) },
  'delivery to every stream': { 'p50 ms': ms(median(deliveries)), 'p99 ms': ms(percentile(deliveries, 99)) },
  'per change, median of p50/p99': {
    'p50 ms': ms(median(perChange.map((c) => c.p50))),
    'p99 ms': ms(median(perChange.map((c) => c.p99))),
  },
});
console.log(`delivery p50 / request p50: ${(median(deliveries) / median(roundTrips)).toFixed(2)}×`);

// Memory with idle connections.
await new Promise((resolve) => setTimeout(resolve, 500));
server.send('memory');
const idleBefore = await next<Memory>();
const idle: Array<() => void> = [];
for (let i = 0; i < IDLE; i += 100) {
  idle.push(
    ...(await Promise.all(Array.from({ length: Math.min(100, IDLE - i) }, () => openStream(() => {})))),
  );
}
await new Promise((resolve) => setTimeout(resolve, 1_000));
server.send('memory');
const idleAfter = await next<Memory>();
console.log(`\nServer memory after a full GC, before and with ${IDLE} idle streams`);
const kb = (bytes: number) => `${Math.round(bytes / 102.4) / 10} KB`;
console.table({
  before: { heap: `${mb(idleBefore.heapUsed)} MB`, rss: `${mb(idleBefore.rss)} MB` },
  [`${IDLE} idle streams`]: { heap: `${mb(idleAfter.heapUsed)} MB`, rss: `${mb(idleAfter.rss)} MB` },
  'per stream': {
    heap: kb((idleAfter.heapUsed - idleBefore.heapUsed) / IDLE),
    rss: kb((idleAfter.rss - idleBefore.rss) / IDLE),
  },
});
for (const close of idle) close();
server.send('stop');
agent.destroy();
