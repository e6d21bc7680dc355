import {
  errorResponseSchema,
  fhirQuestionnaireQuerySchema,
  fhirQuestionnaireSchema,
  formListQuerySchema,
  formListResponseSchema,
  formResponseSchema,
  formSendResponseSchema,
  formSendSchema,
  formSummarySchema,
  formVersionListResponseSchema,
  formWriteSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  createForm,
  deleteForm,
  type FormsDeps,
  getForm,
  getFormFhir,
  listFormsPage,
  listFormVersionsOf,
  listManuallySendableForms,
  sendForm,
  updateFormVersion,
} from './checkups.forms.service.ts';

const tags = ['forms'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FormsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listForms',
        tags,
        description:
          'Forms and pools (`isPool`): the active ones, or only the archived ones with `status=archived`; ' +
          'newest change first by default.',
        querystring: formListQuerySchema,
        response: { 200: formListResponseSchema, ...errors },
      },
    },
    async (request) => {
      sessionVet(request);
      return listFormsPage(deps, request.query);
    },
  );

  app.get(
    '/manually-sendable',
    {
      schema: {
        operationId: 'listManuallySendableForms',
        tags,
        description: 'The forms a vet may send to an owner by hand, by title.',
        response: { 200: z.object({ forms: z.array(formSummarySchema) }), ...errors },
      },
    },
    async (request) => {
      sessionVet(request);
      return listManuallySendableForms(deps);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getForm',
        tags,
        description: 'A form with the questions of its current version (archived forms stay readable).',
        params: idParams,
        response: { 200: formResponseSchema, ...errors },
      },
    },
    async (request) => {
      sessionVet(request);
      return getForm(deps, request.params.id);
    },
  );

  app.get(
    '/:id/versions',
    {
      schema: {
        operationId: 'listFormVersions',
        summary: 'List a form’s versions',
        tags,
        description:
          'Every saved version of the form, newest first: when and by whom it was saved, its number of ' +
          'questions and how many checkups were sent with it (they keep that version’s questions).',
        params: idParams,
        response: { 200: formVersionListResponseSchema, ...errors },
      },
    },
    async (request) => {
      sessionVet(request);
      return listFormVersionsOf(deps, request.params.id);
    },
  );

  app.get(
    '/:id/fhir',
    {
      schema: {
        operationId: 'getFormFhir',
        tags,
        description:
          'A version of the form as a FHIR R4 Questionnaire (the current one, or `version`: the one a ' +
          'QuestionnaireResponse cites; an earlier version is `retired`): its canonical `url` (this address) ' +
          'and a computable `name`, groups of `choice` items, each option an `answerOption` coding whose code ' +
          'is the option sku. 404 `forms.version_not_found` for a version never saved.',
        params: idParams,
        querystring: fhirQuestionnaireQuerySchema,
        response: { 200: fhirQuestionnaireSchema, ...errors },
      },
    },
    async (request) => {
      sessionVet(request);
      return getFormFhir({ ...deps, config: app.config }, request.params.id, request.query);
    },
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createForm',
        tags,
        description:
          'A new form (version 1). Each option’s sku is its title snake-cased; two options of one question ' +
          'with the same title or sku, a question with fewer than two options or an empty title answer 400. ' +
          'The product’s own vets only (403 `forms.forbidden`).',
        body: formWriteSchema,
        response: { 201: formResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createForm(deps, sessionVet(request), request.body.form)),
  );

  // SPEC §7 writes `PUT /v1/forms/{uuid}`: the same id as `{id}` elsewhere, named alike so the paths match.
  app.put(
    '/:id',
    {
      schema: {
        operationId: 'updateForm',
        tags,
        description:
          'Saves the form as a new version; checkups already sent keep the version they were sent with. ' +
          'An archived form answers 409 `forms.archived`. The product’s own vets only (403 `forms.forbidden`).',
        params: idParams,
        body: formWriteSchema,
        response: { 200: formResponseSchema, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => updateFormVersion(deps, sessionVet(request), request.params.id, request.body.form),
  );

  app.delete(
    '/:id',
    {
      schema: {
        operationId: 'deleteForm',
        tags,
        description:
          'Deletes a form without checkups; a form with checkups is archived instead. A head vet’s (403 `forms.forbidden`).',
        params: idParams,
        response: { 200: z.object({ archived: z.boolean() }), ...errors, 403: errorResponseSchema },
      },
    },
    async (request) => deleteForm(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/send',
    {
      schema: {
        operationId: 'sendForm',
        tags,
        description:
          'Sends the form’s current version to the owner of `petUuid`, or of each of `petUuids` (at most 500): ' +
          'one checkup per pet, `sent`. Of `petUuids`, a pet whose owner has not answered this form’s last ' +
          'checkup yet is left out and listed in `skipped` (`awaiting_answer`). A pet missing or outside the ' +
          'vet’s scope refuses the whole send (400 `forms.pet_not_found`), nothing sent.',
        params: idParams,
        body: formSendSchema,
        response: { 201: formSendResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendForm(deps, sessionVet(request), request.params.id, request.body)),
  );
};
