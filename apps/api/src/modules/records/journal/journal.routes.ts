import {
  errorResponseSchema,
  JOURNAL_MARK_MATCHING_MAX,
  JOURNAL_MAX_PHOTOS,
  JOURNAL_PHOTO_MAX_BYTES,
  journalEntryDetailResponseSchema,
  journalEntryResponseSchema,
  journalListQuerySchema,
  journalListResponseSchema,
  journalMarkMatchingSeenSchema,
  journalMarkSeenResponseSchema,
  journalMarkSeenSchema,
  journalReplySchema,
} from '@vetboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIntegration, sessionVet } from '../../../plugins/app/authenticate.ts';
import { journalErrors } from './journal.errors.ts';
import { type IngestPart, ingestJournalEntry } from './journal.ingest.service.ts';
import {
  getJournalEntryDetail,
  type JournalDeps,
  listJournalPage,
  markJournalEntriesSeen,
  markJournalEntrySeen,
  markMatchingJournalEntriesSeen,
  replyToJournalEntry,
  resolveJournalEntry,
} from './journal.service.ts';

const tags = ['journal'];
const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Room for the entry's JSON, the multipart boundaries and the part headers around the photos. */
const MULTIPART_OVERHEAD_BYTES = 96 * 1024;
const ENTRY_FIELD_MAX_BYTES = 64 * 1024;

export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: JournalDeps = { db: app.database.db, now: app.clock.now };

  app.get(
    '/',
    {
      schema: {
        operationId: 'listJournalEntries',
        tags,
        description:
          'The symptoms journal inbox: by default new entries first, severe first, then the longest ' +
          'waiting; filtered by status, category, severity, pet, date and pet or owner name, with the count ' +
          'in each status for the same filters.',
        querystring: journalListQuerySchema,
        response: { 200: journalListResponseSchema, ...errors },
      },
    },
    async (request) => listJournalPage(deps, sessionVet(request), request.query),
  );

  app.post(
    '/',
    {
      // Not a vet route: the owner app authenticates with its integration token, as checkup answers do.
      config: { auth: 'integration', integrationScope: 'owner_app' },
      schema: {
        operationId: 'ingestJournalEntry',
        tags,
        summary: 'Receive a journal entry from the owner app',
        description:
          'multipart/form-data from the owner app (integration token): a field `entry` first, the JSON of ' +
          '`{ uuid, petUuid, category, severity, notes, occurredAt }`, then up to ' +
          `${JOURNAL_MAX_PHOTOS} files \`photos\`, each a PNG, JPEG or WebP image (by its bytes) of at most ` +
          `${JOURNAL_PHOTO_MAX_BYTES} bytes. 201 with the new entry; the same entry sent again answers 200 ` +
          'with the stored one and stores nothing; the same uuid with other content 409. A photo too large ' +
          'is 413, not an image 415: nothing is stored then.',
        security: [{ bearerAuth: [] }],
        response: {
          200: journalEntryResponseSchema,
          201: journalEntryResponseSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (declared > JOURNAL_MAX_PHOTOS * JOURNAL_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
        throw journalErrors.photoTooLarge();
      if (!request.isMultipart()) throw journalErrors.entryMissing();
      const parts = request.parts({
        limits: {
          fileSize: JOURNAL_PHOTO_MAX_BYTES,
          files: JOURNAL_MAX_PHOTOS,
          fieldSize: ENTRY_FIELD_MAX_BYTES,
          fields: 1,
          parts: JOURNAL_MAX_PHOTOS + 1,
        },
      }) as AsyncIterable<IngestPart>;
      try {
        const { created, journalEntry } = await ingestJournalEntry(deps, sessionIntegration(request), parts);
        return reply.status(created ? 201 : 200).send({ journalEntry });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw journalErrors.tooManyPhotos();
        if (code === 'FST_FIELDS_LIMIT') throw journalErrors.entryMissing();
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw journalErrors.photoTooLarge();
        throw error;
      }
    },
  );

  app.post(
    '/seen',
    {
      schema: {
        operationId: 'markJournalEntriesSeen',
        tags,
        description:
          'Marks the new entries among `entryUuids` seen by the vet (the inbox’s selection); seen and ' +
          'resolved ones are left as they are. An id the vet may not see answers 404 and nothing changes.',
        body: journalMarkSeenSchema,
        response: { 200: journalMarkSeenResponseSchema, ...errors },
      },
    },
    async (request) => markJournalEntriesSeen(deps, sessionVet(request), request.body),
  );

  app.post(
    '/seen-matching',
    {
      schema: {
        operationId: 'markMatchingJournalEntriesSeen',
        tags,
        description:
          'Marks seen every new entry the inbox’s filters match (category, severity, pet, dates, search), ' +
          `in the vet’s scope, not only the page shown. More than ${JOURNAL_MARK_MATCHING_MAX} matching ` +
          'answers 409 `journal.too_many_to_mark` and nothing changes.',
        body: journalMarkMatchingSeenSchema,
        response: { 200: journalMarkSeenResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => markMatchingJournalEntriesSeen(deps, sessionVet(request), request.body),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getJournalEntry',
        tags,
        description:
          'One entry with its photos and the vet’s reply, and the pet’s context: latest vitals, current diet ' +
          'plan and its other entries of the last 30 days.',
        params: idParams,
        response: { 200: journalEntryDetailResponseSchema, ...errors },
      },
    },
    async (request) => getJournalEntryDetail(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/seen',
    {
      schema: {
        operationId: 'markJournalEntrySeen',
        tags,
        description: 'Marks a new entry seen by the vet; a resolved entry answers 409.',
        params: idParams,
        response: { 200: journalEntryResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => markJournalEntrySeen(deps, sessionVet(request), request.params.id),
  );

  app.post(
    '/:id/reply',
    {
      schema: {
        operationId: 'replyToJournalEntry',
        tags,
        description:
          'The vet’s reply to the owner: stored on the entry (which becomes seen) and queued to the owner as ' +
          'an e-mail. A resolved entry answers 409.',
        params: idParams,
        body: journalReplySchema,
        response: { 200: journalEntryResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      replyToJournalEntry(
        { ...deps, mailer: app.mailer },
        sessionVet(request),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/:id/resolve',
    {
      schema: {
        operationId: 'resolveJournalEntry',
        tags,
        description: 'Resolves the entry: nothing more to do. A resolved entry no longer changes (409).',
        params: idParams,
        response: { 200: journalEntryResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => resolveJournalEntry(deps, sessionVet(request), request.params.id),
  );
};
