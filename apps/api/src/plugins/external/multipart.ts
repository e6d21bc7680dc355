import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@vetboard/contract';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for uploads (vet avatars). The defaults are tight because nothing uploads more;
 * a route that does passes its own limits to `request.files()`.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: AVATAR_MAX_BYTES,
        files: 1,
        fields: 10,
        parts: 11,
        fieldSize: 1024,
        headerPairs: 100,
      },
    });
  },
  { name: 'multipart' },
);
