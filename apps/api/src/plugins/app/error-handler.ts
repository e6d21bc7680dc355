import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { isAppError } from '../../lib/app-error.ts';

function send(reply: FastifyReply, status: number, body: { error: string; code: string; details?: unknown }) {
  return reply.status(status).send(body);
}

/** `/owner/email` → `owner.email`; unknown keys are named by themselves, the root by its part. */
function issuePath(
  issue: { instancePath: string; params: Record<string, unknown> },
  where: string | undefined,
): string {
  const keys = issue.params.keys;
  if (Array.isArray(keys) && keys.length > 0) return keys.map(String).join(', ');
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where || 'body';
}

/** What busboy says of a form it could not read to its end (its errors carry no code). */
const MALFORMED_FORM_MESSAGES = new Set([
  'Unexpected end of form',
  'Unexpected end of file',
  'Malformed part header',
]);

/**
 * A client's fault, not ours (issue 47: 500 "Premature close" on the four upload routes): the body
 * stopped before the form's closing boundary, so the parser destroyed the part being read.
 */
function isTruncatedMultipart(error: FastifyError): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' || MALFORMED_FORM_MESSAGES.has(error.message);
}

/**
 * The single place that turns errors into `{ error, code, details }`, so no route leaks a 5xx's internals.
 * 5xx answers never carry internals: the details go to the log with the request id.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (isAppError(error)) {
        if (error.headers) reply.headers(error.headers);
        return send(reply, error.statusCode, {
          error: error.message,
          code: error.code,
          ...(error.details ? { details: error.details } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issuePath(issue, error.validationContext),
          message: issue.message,
        }));
        return send(reply, 400, { error: 'Invalid request', code: 'request.invalid', details });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return send(reply, 500, { error: 'Internal server error', code: 'internal' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return send(reply, 400, {
          error: 'The request body is not valid JSON',
          code: 'request.malformed_json',
        });
      }
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(reply, 400, {
          error: 'Invalid request',
          code: 'request.invalid',
          details: [{ path: 'body', message: 'A JSON body is required' }],
        });
      }
      if (request.isMultipart?.() && isTruncatedMultipart(error)) {
        return send(reply, 400, {
          error: 'The multipart body ended before its closing boundary',
          code: 'request.malformed_multipart',
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return send(reply, 429, {
          error: 'Too many requests, please try again later',
          code: 'request.rate_limited',
        });
      }
      if (status >= 400 && status < 500) {
        const code = error.code
          ? `request.${error.code.replace(/^FST_ERR_/, '').toLowerCase()}`
          : 'request.invalid';
        return send(reply, status, { error: error.message, code });
      }
      if (isDatabaseUnavailable(error)) {
        // A restart or failover: the request failed as a whole (its transaction did not commit, or its
        // outcome is unknown and so it is not acknowledged); the pool reconnects for the next one.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '1');
        return send(reply, 503, {
          error: 'The database is unavailable for a moment, please try again',
          code: 'database.unavailable',
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, { error: 'Internal server error', code: 'internal' });
    });
  },
  { name: 'error-handler' },
);
