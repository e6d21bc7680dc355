import {
  errorResponseSchema,
  okResponseSchema,
  recoveryCodesSchema,
  secondFactorRequirementResponseSchema,
  secondFactorRequirementUpdateSchema,
  secondFactorResetSchema,
  secondFactorStatusSchema,
  secondFactorVerifySchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
} from '@vetboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../../lib/request-meta.ts';
import { sessionVet, sessionVetRow } from '../../../plugins/app/authenticate.ts';
import { authDepsOf } from '../../../plugins/app/services.ts';
import { authErrors } from './auth.errors.ts';
import {
  confirmTotpEnrolment,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  removeOwnSecondFactor,
  resetVetSecondFactor,
  type SecondFactorSession,
  setSecondFactorRequirement,
  startTotpEnrolment,
  verifySecondFactor,
} from './auth.second-factor.service.ts';
import { readSecondFactorRequirement } from './auth.second-factor.state.ts';

const tags = ['auth'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

function secondFactorSession(request: FastifyRequest): SecondFactorSession {
  if (!request.sessionId || !request.secondFactor) throw authErrors.unauthenticated();
  return {
    sessionId: request.sessionId,
    vet: sessionVetRow(request),
    state: request.secondFactor.state,
    secondFactorAt: request.secondFactor.at,
    factors: request.secondFactor.factors,
  };
}

/** Issue #47, "Second factor": TOTP, recovery codes, the team's requirement and a head vet's reset. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDepsOf(app);

  app.get(
    '/second-factor',
    {
      config: { secondFactorPending: true },
      schema: {
        operationId: 'getSecondFactorStatus',
        summary: 'The session’s second factor: what it still needs, the vet’s factors',
        tags,
        response: { 200: secondFactorStatusSchema, 401: errorResponseSchema },
      },
    },
    (request) => getSecondFactorStatus(deps, secondFactorSession(request)),
  );

  app.post(
    '/second-factor',
    {
      config: { secondFactorPending: true },
      schema: {
        operationId: 'verifySecondFactor',
        summary: 'Give a second factor: the login’s second step, or a confirmation before a sensitive action',
        tags,
        body: secondFactorVerifySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await verifySecondFactor(deps, secondFactorSession(request), request.body, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/second-factor/totp',
    {
      config: { secondFactorPending: true },
      schema: {
        operationId: 'startTotpEnrolment',
        summary: 'Start setting up an authenticator app: a new secret, to confirm with a code',
        tags,
        response: { 200: totpEnrolmentSchema, ...errors, 409: errorResponseSchema },
      },
    },
    (request) => startTotpEnrolment(deps, secondFactorSession(request)),
  );

  app.post(
    '/second-factor/totp/confirm',
    {
      config: { secondFactorPending: true },
      schema: {
        operationId: 'confirmTotpEnrolment',
        summary: 'Confirm the authenticator app with a code: answers the recovery codes, shown once',
        tags,
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errors, 409: errorResponseSchema },
      },
    },
    (request) =>
      confirmTotpEnrolment(deps, secondFactorSession(request), request.body.code, requestMeta(request)),
  );

  app.delete(
    '/second-factor/totp',
    {
      config: { recentSecondFactor: true },
      schema: {
        operationId: 'removeTotp',
        summary: 'Remove one’s authenticator app and recovery codes',
        tags,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeOwnSecondFactor(deps, secondFactorSession(request), requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/second-factor/recovery-codes',
    {
      config: { recentSecondFactor: true },
      schema: {
        operationId: 'regenerateRecoveryCodes',
        summary: 'New recovery codes in place of the old ones, shown once',
        tags,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    (request) => regenerateRecoveryCodes(deps, secondFactorSession(request), requestMeta(request)),
  );

  app.get(
    '/second-factor/requirement',
    {
      schema: {
        operationId: 'getSecondFactorRequirement',
        tags,
        response: { 200: secondFactorRequirementResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ requirement: await readSecondFactorRequirement(deps.db) }),
  );

  app.put(
    '/second-factor/requirement',
    {
      config: { recentSecondFactor: true },
      schema: {
        operationId: 'setSecondFactorRequirement',
        summary: 'Who the team requires a second factor of (head vets)',
        tags,
        body: secondFactorRequirementUpdateSchema,
        response: { 200: secondFactorRequirementResponseSchema, ...errors },
      },
    },
    async (request) => ({
      requirement: await setSecondFactorRequirement(deps, sessionVet(request), request.body.requirement),
    }),
  );

  app.post(
    '/vets/:id/second-factor-reset',
    {
      config: { recentSecondFactor: true },
      schema: {
        operationId: 'resetVetSecondFactor',
        summary: 'Remove another vet’s second factors and end their sessions (head vets, with a reason)',
        tags,
        params: z.object({ id: z.uuid() }),
        body: secondFactorResetSchema,
        response: { 200: okResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await resetVetSecondFactor(deps, sessionVet(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
