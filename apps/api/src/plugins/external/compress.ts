import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * JSON and CSV answers above 1 KB go out brotli- or gzip-encoded. Built assets are
 * compressed once at build time and served as such by the SPA plugin, so they skip this.
 * Server-sent events are left out on purpose: a compressor buffers, and an event must reach the
 * browser the moment it is written.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:csv|plain|html|css|javascript)|image\/svg\+xml)(?:;|$)/;

export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Answers are built per request, so each one pays its compression (the built assets are compressed
      // once, at build time, at the highest levels): gzip 3 and brotli 3 instead of zlib's 6 and the
      // plugin's 4. `npm run bench:compression`: gzip 3 about half gzip 6's CPU for 13-16 % more
      // bytes, brotli 3 11-21 % less CPU than brotli 4 for 2-4 % more (a 300-day chart, the 7-day vitals).
      zlibOptions: { level: 3 },
      // Answers up to 64 KB (charts, list pages) are compressed in one synchronous call instead of
      // through a zlib stream on libuv's threadpool. The plugin's default for two cores is 8 KB, for
      // hosts with cores to spare; here PostgreSQL shares them. `npm run bench:compression`: a 300-day
      // chart (38 KB) cost 0.59-0.61 ms of CPU through a stream (0.21-0.24 ms of it on the event loop),
      // and 0.27-0.31 ms in one call (all on the loop): a zlib context per stream, and the hand-offs. The
      // 7-day vitals (88 KB) would hold the loop 0.6-0.7 ms in one call against a stream's 0.27: streamed.
      syncThreshold: 64 * 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
