import { Readable } from 'node:stream';
import {
  clinicalDocumentAmendSchema,
  clinicalDocumentCreateSchema,
  clinicalDocumentDiffQuerySchema,
  clinicalDocumentDiffSchema,
  clinicalDocumentListQuerySchema,
  clinicalDocumentListResponseSchema,
  clinicalDocumentResponseSchema,
  clinicalDocumentUpdateSchema,
  errorResponseSchema,
  okResponseSchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../lib/file-response.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { sessionVet } from '../../../plugins/app/authenticate.ts';
import {
  amendClinicalDocument,
  type ClinicalDocumentsDeps,
  clinicalDocumentPdf,
  createClinicalDocument,
  deleteClinicalDocument,
  diffClinicalDocumentVersions,
  getClinicalDocument,
  listPetClinicalDocuments,
  signClinicalDocument,
  updateClinicalDocument,
} from './clinical-documents.service.ts';

const tags = ['clinical-documents'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** `/v1/clinical-documents/{id}`: one version of an assessment or medical report, and its life. */
export const clinicalDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClinicalDocumentsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getClinicalDocument',
        tags,
        summary: 'Get one version of a clinical document, with every version of it',
        description:
          'The version asked for (content as written, `{{PET_NAME}}` kept), what may be done with it now, and ' +
          'the summaries of all its versions, the first first. A pet outside the vet’s scope answers 404.',
        params: idParams,
        response: { 200: clinicalDocumentResponseSchema, ...errors },
      },
    },
    async (request) => getClinicalDocument(deps, sessionVet(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        operationId: 'updateClinicalDocument',
        tags,
        summary: 'Save a draft clinical document',
        description:
          'Replaces a draft’s title and content (the editor autosaves here). The content is a safe rich-text ' +
          'tree: headings, paragraphs, lists, bold, italic and http(s)/mailto links only. A signed version ' +
          'answers 409 `clinical_documents.signed_read_only`: amend it instead.',
        params: idParams,
        body: clinicalDocumentUpdateSchema,
        response: { 200: clinicalDocumentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => updateClinicalDocument(deps, sessionVet(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        operationId: 'deleteClinicalDocument',
        tags,
        summary: 'Delete a draft clinical document',
        description:
          'Only its author, while it is a draft (403 `clinical_documents.not_author` for another vet, 409 ' +
          '`clinical_documents.signed_cannot_delete` once signed). Its last content is kept in the audit log.',
        params: idParams,
        response: { 200: okResponseSchema, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteClinicalDocument(deps, sessionVet(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/:id/sign',
    {
      schema: {
        operationId: 'signClinicalDocument',
        tags,
        summary: 'Sign a draft clinical document',
        description:
          'Records the signing vet, the time and the SHA-256 of the canonical content; the version is then ' +
          'read-only. 409 when it is already signed.',
        params: idParams,
        response: { 200: clinicalDocumentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => signClinicalDocument(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/amendments',
    {
      schema: {
        operationId: 'amendClinicalDocument',
        tags,
        summary: 'Start an amendment of a signed clinical document',
        description:
          'Creates the next version as a draft, a copy of the signed one linked to it, with the reason for ' +
          'the correction. 409 when the version is a draft or was already amended.',
        params: idParams,
        body: clinicalDocumentAmendSchema,
        response: { 201: clinicalDocumentResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await amendClinicalDocument(deps, sessionVet(request), request.params.id, request.body)),
  );

  app.get(
    '/:id/diff',
    {
      schema: {
        operationId: 'diffClinicalDocumentVersions',
        tags,
        summary: 'Compare two versions of a clinical document',
        description:
          'Section by section, word by word: the older version’s removed words and the newer one’s added ' +
          'words. `versionUuid` must be another version of the same document (400 otherwise).',
        params: idParams,
        querystring: clinicalDocumentDiffQuerySchema,
        response: { 200: clinicalDocumentDiffSchema, ...errors },
      },
    },
    async (request) =>
      diffClinicalDocumentVersions(deps, sessionVet(request), request.params.id, request.query.versionUuid),
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        operationId: 'getClinicalDocumentPdf',
        tags,
        summary: 'Download a signed clinical document as a PDF',
        description:
          'The signed version as a PDF (the diet PDF’s layout and fonts) with its signature block: signer, ' +
          'time, version and SHA-256. A draft answers 409 `clinical_documents.not_signed`.',
        params: idParams,
        response: {
          200: fileResponse('The PDF, shown inline.', ['application/pdf']),
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const pdf = await clinicalDocumentPdf(
        { ...deps, productName: app.config.productName },
        sessionVet(request),
        request.params.id,
      );
      return sendFile(request, reply, {
        contentType: 'application/pdf',
        size: pdf.content.length,
        sha256: pdf.sha256,
        filename: pdf.filename,
        cacheControl: 'private, no-cache',
        open: () => Readable.from([pdf.content]),
      });
    },
  );
};

/** The pet's documents under `/v1/pets/{id}/…`. */
export const clinicalDocumentsPetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClinicalDocumentsDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/:id/clinical-documents',
    {
      schema: {
        operationId: 'listPetClinicalDocuments',
        tags,
        summary: 'List a pet’s clinical assessments and medical reports',
        description:
          'The newest version of each document (optionally of one kind), the most recently changed first. A ' +
          'pet outside the vet’s scope answers 404.',
        params: idParams,
        querystring: clinicalDocumentListQuerySchema,
        response: { 200: clinicalDocumentListResponseSchema, ...errors },
      },
    },
    async (request) => listPetClinicalDocuments(deps, sessionVet(request), request.params.id, request.query),
  );

  app.post(
    '/:id/clinical-documents',
    {
      schema: {
        operationId: 'createClinicalDocument',
        tags,
        summary: 'Start a clinical assessment or a medical report',
        description:
          'A new draft (version 1): an empty structured assessment, or a report laid out by its `template` ' +
          '(consultation, cardiology follow-up, discharge summary).',
        params: idParams,
        body: clinicalDocumentCreateSchema,
        response: { 201: clinicalDocumentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createClinicalDocument(deps, sessionVet(request), request.params.id, request.body)),
  );
};
