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
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
