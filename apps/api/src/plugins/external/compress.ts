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
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compress' },
);
