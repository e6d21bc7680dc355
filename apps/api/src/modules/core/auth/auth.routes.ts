import {
  currentVetResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  passwordResetAcceptedSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../../lib/request-meta.ts';
import {
  ACCESS_COOKIE,
  bearerToken,
  REFRESH_COOKIE,
  sessionCookieName,
  sessionVetRow,
} from '../../../plugins/app/authenticate.ts';
import { authDepsOf } from '../../../plugins/app/services.ts';
import { toVetDto } from '../vets/index.ts';
import { clearSessionCookies, setSessionCookies } from './auth.cookies.ts';
import { authErrors } from './auth.errors.ts';
import { confirmPasswordReset, requestPasswordReset } from './auth.passwords.service.ts';
import { login, logout, refresh } from './auth.service.ts';

const tags = ['auth'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

export const RESET_REQUEST_ACCEPTED =
  'If an account exists for this e-mail, a link to set a new password is on its way.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDepsOf(app);

  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'login',
        summary: 'Log in',
        tags,
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { vet, tokens, secondFactor } = await login(deps, request.body, requestMeta(request));
      setSessionCookies(request, reply, tokens);
      return { vet, secondFactor };
    },
  );

  app.get(
    '/vet',
    {
      config: { secondFactorPending: true },
      schema: {
        operationId: 'getCurrentVet',
        tags,
        response: { 200: currentVetResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => toVetDto(sessionVetRow(request)),
  );

  app.post(
    '/refresh',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'refreshSession',
        tags,
        response: { 200: okResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[sessionCookieName(request, REFRESH_COOKIE)];
      if (!refreshToken) throw authErrors.refreshInvalid();
      const tokens = await refresh(deps, refreshToken, requestMeta(request));
      setSessionCookies(request, reply, tokens);
      return { ok: true as const };
    },
  );

  app.post(
    '/logout',
    {
      config: { auth: 'public' },
      schema: { operationId: 'logout', summary: 'Log out', tags, response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      await logout(
        deps,
        {
          accessToken:
            bearerToken(request.headers.authorization) ??
            request.cookies[sessionCookieName(request, ACCESS_COOKIE)],
          refreshToken: request.cookies[sessionCookieName(request, REFRESH_COOKIE)],
        },
        requestMeta(request),
      );
      clearSessionCookies(request, reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/password-reset',
    {
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requestPasswordReset({ db: deps.db, jobs: app.jobs }, request.body, requestMeta(request));
      return reply.status(202).send({ message: RESET_REQUEST_ACCEPTED });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmPasswordReset',
        tags,
        body: passwordResetConfirmSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await confirmPasswordReset(deps, request.body, requestMeta(request));
      return { ok: true as const };
    },
  );
};
