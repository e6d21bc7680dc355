import fp from 'fastify-plugin';

/**
 * Calls with no payload (logout, refresh: SPEC §7) may still be sent with a JSON content type; an
 * empty body then means "no body", and routes with a body schema still reject it with a 400.
 * Non-empty bodies go through Fastify's own parser (prototype-poisoning protection included).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
