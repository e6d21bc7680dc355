import {
  errorResponseSchema,
  labelCreateSchema,
  labelListQuerySchema,
  labelListResponseSchema,
  labelMergeSchema,
  labelPatchSchema,
  labelResponseSchema,
  MEDICAL_RECORD_MAX_BYTES,
  MEDICAL_RECORD_REVIEW_MATCHING_MAX,
  medicalRecordListQuerySchema,
  medicalRecordListResponseSchema,
  medicalRecordPatchSchema,
  medicalRecordResponseSchema,
  medicalRecordReviewMatchingResponseSchema,
  medicalRecordReviewMatchingSchema,
} from '@vetboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../../lib/file-response.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { sessionIntegration, sessionVet } from '../../../plugins/app/authenticate.ts';
import { sendableFile } from '../../platform/files/index.ts';
import { medicalRecordsErrors } from './medical-records.errors.ts';
import { createLabel, listLabelsPage, mergeLabel, patchLabel } from './medical-records.labels.service.ts';
import {
  findMedicalRecordFile,
  getMedicalRecord,
  listMedicalRecordsPage,
  type MedicalRecordsDeps,
  patchMedicalRecord,
  reviewMatchingMedicalRecords,
  reviewMedicalRecord,
} from './medical-records.service.ts';
import {
  receiveOwnerMedicalRecord,
  type UploadPart,
  uploadMedicalRecord,
} from './medical-records.uploads.service.ts';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
/** Room for the fields, the multipart boundaries and the part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Hands a record upload's parts to the service within the limits (one file of at most 20 MB, a few
 * short fields), turning the multipart reader's refusals into the module's 413 and 400.
 */
async function receiveUpload<T>(
  request: FastifyRequest,
  handle: (parts: AsyncIterable<UploadPart>) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers['content-length']);
  if (declared > MEDICAL_RECORD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw medicalRecordsErrors.tooLarge();
  if (!request.isMultipart()) throw medicalRecordsErrors.fileMissing();
  const parts = request.parts({
    limits: { fileSize: MEDICAL_RECORD_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  }) as AsyncIterable<UploadPart>;
  try {
    return await handle(parts);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw medicalRecordsErrors.tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw medicalRecordsErrors.fileMissing();
    throw error;
  }
}

export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MedicalRecordsDeps = { db: app.database.db, now: app.clock.now };
  const tags = ['labels'];

  app.get(
    '/',
    {
      schema: {
        operationId: 'listLabels',
        tags,
        description:
          'The labels of medical records (SPEC §7: page, pageSize; the dashboard asks for page 1 of 200), ' +
          'active ones by default, each with how many of the records you may see carry it.',
        querystring: labelListQuerySchema,
        response: { 200: labelListResponseSchema, ...errors },
      },
    },
    async (request) => listLabelsPage(deps, sessionVet(request), request.query),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'createLabel',
        tags,
        description:
          'A new label; a name another label has (in any case) answers 409. The product’s own vets only (403 `labels.forbidden`).',
        body: labelCreateSchema,
        response: { 201: labelResponseSchema, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLabel(deps, sessionVet(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updateLabel',
        tags,
        description:
          'Renames, recolours, archives (`archived: true`) or restores a label. Renaming is the product’s own vets’, archiving and restoring a head vet’s (403 `labels.forbidden`).',
        params: idParams,
        body: labelPatchSchema,
        response: { 200: labelResponseSchema, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => patchLabel(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/:id/merge',
    {
      schema: {
        operationId: 'mergeLabel',
        tags,
        description:
          'Merges this label into `intoUuid`: every record carrying it gets the other label, and this one is ' +
          'removed. Answers the label that stays. A head vet’s (403 `labels.forbidden`).',
        params: idParams,
        body: labelMergeSchema,
        response: { 200: labelResponseSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) => mergeLabel(deps, sessionVet(request), request.params.id, request.body),
  );
};

export const medicalRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MedicalRecordsDeps = { db: app.database.db, now: app.clock.now };
  const tags = ['medical-records'];

  app.get(
    '/',
    {
      schema: {
        operationId: 'listMedicalRecords',
        tags,
        description:
          'Medical records (SPEC §7: petUuid, page, pageSize; a pet’s records are asked page 1 of 200). By ' +
          'default the inbox order: awaiting review first, then the longest waiting; filtered by status, ' +
          'label, uploader, upload date and pet, owner or title search, with the count in each status.',
        querystring: medicalRecordListQuerySchema,
        response: { 200: medicalRecordListResponseSchema, ...errors },
      },
    },
    async (request) => listMedicalRecordsPage(deps, sessionVet(request), request.query),
  );

  app.post(
    '/',
    {
      schema: {
        operationId: 'uploadMedicalRecord',
        tags,
        description:
          'multipart/form-data: the fields `petUuid`, `title` (the file’s name by default) and `documentDate` ' +
          '(YYYY-MM-DD, today by default), then one `file`: a PDF, JPEG, PNG or WebP (by its bytes) of at most ' +
          `${MEDICAL_RECORD_MAX_BYTES} bytes. Too large is 413, another type 415; nothing is stored then.`,
        response: {
          201: medicalRecordResponseSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await receiveUpload(request, (parts) => uploadMedicalRecord(deps, sessionVet(request), parts))),
  );

  app.post(
    '/owner-uploads',
    {
      // Not a vet route: the owner app authenticates with its integration token, as journal entries do.
      config: { auth: 'integration', integrationScope: 'owner_app' },
      schema: {
        operationId: 'receiveOwnerMedicalRecord',
        tags,
        summary: 'Receive a medical record from the owner app',
        description:
          'multipart/form-data from the owner app (integration token): the fields `uuid` (the app’s id for ' +
          'the record), `petUuid`, `title` (the file’s name by default) and `documentDate` (YYYY-MM-DD, today ' +
          'by default), then one `file`: a PDF, JPEG, PNG or WebP (by its bytes) of at most ' +
          `${MEDICAL_RECORD_MAX_BYTES} bytes. 201 with the record, awaiting review and uploaded by the owner; ` +
          'the same uuid sent again for the same pet answers 200 with the stored record and stores nothing, ' +
          'for another pet 409. Too large is 413, another type 415: nothing is stored then.',
        security: [{ bearerAuth: [] }],
        response: {
          200: medicalRecordResponseSchema,
          201: medicalRecordResponseSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, medicalRecord } = await receiveUpload(request, (parts) =>
        receiveOwnerMedicalRecord(deps, sessionIntegration(request), parts),
      );
      return reply.status(created ? 201 : 200).send({ medicalRecord });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getMedicalRecord',
        tags,
        description: 'One medical record with its labels, uploader and review.',
        params: idParams,
        response: { 200: medicalRecordResponseSchema, ...errors },
      },
    },
    async (request) => getMedicalRecord(deps, sessionVet(request), request.params.id),
  );

  app.get(
    '/:id/file',
    {
      schema: {
        operationId: 'getMedicalRecordFile',
        tags,
        description:
          'The record’s file with its checked type, inline under the name it was uploaded with (a download ' +
          'keeps it); `ETag` is its SHA-256.',
        params: idParams,
        response: {
          200: fileResponse('The document.', ['application/pdf', 'image/png', 'image/jpeg', 'image/webp']),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { file, filename } = await findMedicalRecordFile(deps, sessionVet(request), request.params.id);
      return sendFile(request, reply, sendableFile(deps, file, filename));
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updateMedicalRecord',
        tags,
        description: 'Corrects the title or document date and sets the record’s labels (active labels only).',
        params: idParams,
        body: medicalRecordPatchSchema,
        response: { 200: medicalRecordResponseSchema, ...errors },
      },
    },
    async (request) => patchMedicalRecord(deps, sessionVet(request), request.params.id, request.body),
  );

  app.post(
    '/review-matching',
    {
      schema: {
        operationId: 'reviewMatchingMedicalRecords',
        tags,
        description:
          'Marks reviewed every record awaiting review that the inbox’s filters match (pet, label, uploader, ' +
          `dates, search), in the vet’s scope, not only the page shown. More than ${MEDICAL_RECORD_REVIEW_MATCHING_MAX} ` +
          'matching answers 409 `medical_records.too_many_to_review` and nothing changes.',
        body: medicalRecordReviewMatchingSchema,
        response: { 200: medicalRecordReviewMatchingResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => reviewMatchingMedicalRecords(deps, sessionVet(request), request.body),
  );

  app.post(
    '/:id/review',
    {
      schema: {
        operationId: 'reviewMedicalRecord',
        tags,
        description: 'Marks the record reviewed by the vet; a reviewed record answers 409.',
        params: idParams,
        response: { 200: medicalRecordResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => reviewMedicalRecord(deps, sessionVet(request), request.params.id),
  );
};
