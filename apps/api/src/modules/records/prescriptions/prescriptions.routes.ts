import {
  drugListResponseSchema,
  errorResponseSchema,
  prescriptionChangeSchema,
  prescriptionCreateSchema,
  prescriptionListResponseSchema,
  prescriptionResponseSchema,
  prescriptionStopSchema,
  treatmentResponseListSchema,
  treatmentResponseQuerySchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import { getTreatmentResponses } from './prescriptions.responses.service.ts';
import {
  changePrescription,
  createPrescription,
  listDrugs,
  listPrescriptionsOfPet,
  type PrescriptionsDeps,
  stopPrescription,
} from './prescriptions.service.ts';

const tags = ['prescriptions'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const drugsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        operationId: 'listDrugs',
        tags,
        description:
          'The drug reference list: each drug’s classes, strengths and usual dose per species (mg/kg, ' +
          'frequency, route) with its source. Reference data for a demo, not for clinical use.',
        response: { 200: drugListResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => listDrugs(),
  );
};

export const prescriptionsPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PrescriptionsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/prescriptions',
    {
      schema: {
        operationId: 'listPetPrescriptions',
        tags,
        description: 'The pet’s prescriptions: the active ones first, then the stopped and completed ones.',
        params: idParams,
        response: { 200: prescriptionListResponseSchema, ...errors },
      },
    },
    async (request) => listPrescriptionsOfPet(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/treatment-responses',
    {
      schema: {
        operationId: 'listTreatmentResponses',
        tags,
        description:
          'What each treatment did to the pet’s vitals: for every prescription started, changed, stopped or ' +
          'ended at least `days` local days ago (7 by default), the vital’s average over the `days` before ' +
          'against the `days` from it, with the collar’s coverage and the words the screens show; ' +
          '"not enough readings" below the coverage threshold. One vital with `vital`, else all four.',
        params: idParams,
        querystring: treatmentResponseQuerySchema,
        response: { 200: treatmentResponseListSchema, ...errors },
      },
    },
    async (request) => getTreatmentResponses(deps, sessionVet(request), request.params.id, request.query),
  );

  app.post(
    '/:id/prescriptions',
    {
      schema: {
        operationId: 'createPrescription',
        tags,
        description:
          'Prescribes a drug for the pet, dosed from its latest weight (the amount per dose rounded to what ' +
          'the strength can be split into). Refused 409 `prescriptions.unconfirmed_warnings` with each ' +
          'warning (dose outside the species’ range, weight older than 30 days, an allergy on file, two ' +
          'NSAIDs or an NSAID and a corticosteroid, a drug not listed for the species) until they are named ' +
          'in `confirmedWarnings` with a `confirmationReason`; 422 without a weight on file.',
        params: idParams,
        body: prescriptionCreateSchema,
        response: {
          201: prescriptionResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPrescription(deps, sessionVet(request), request.params.id, request.body)),
  );
};

export const prescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PrescriptionsDeps = { db: app.database.db, now: app.clock.now };

  app.post(
    '/:id/stop',
    {
      schema: {
        operationId: 'stopPrescription',
        tags,
        description: 'Stops an active prescription, with the reason; a stopped or completed one answers 409.',
        params: idParams,
        body: prescriptionStopSchema,
        response: { 200: prescriptionResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => stopPrescription(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/change',
    {
      schema: {
        operationId: 'changePrescription',
        tags,
        description:
          'Changes an active prescription’s dose (mg/kg) or frequency, with the reason: a new version starts ' +
          'today, dosed from the latest weight and checked like a new prescription (409 ' +
          '`prescriptions.unconfirmed_warnings` until confirmed); the old one is kept as `changed`. A ' +
          'changed, stopped or completed one answers 409 `prescriptions.not_active`.',
        params: idParams,
        body: prescriptionChangeSchema,
        response: {
          200: prescriptionResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => changePrescription(deps, sessionVet(request), request.params.id, request.body),
  );
};
