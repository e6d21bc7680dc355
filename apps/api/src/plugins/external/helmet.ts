import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Patient data on screen: CSP with no inline scripts, no framing, nosniff, a strict referrer policy.
 * helmet's middleware is built once, here: @fastify/helmet built it again on every request (its
 * options parsed and every CSP directive checked), about 3.5 % of a users list request's CPU in a
 * profile under load. The headers are the same for every route; a route that needs another CSP sets
 * its own header (send-file.ts), which replaces this one.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes CSS variables into <style> tags and style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
});

export const helmetPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'helmet' },
);
