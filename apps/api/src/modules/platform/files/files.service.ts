import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppError } from '../../../lib/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import type { SendableFile } from '../../../lib/send-file.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { filesErrors } from './files.errors.ts';
import {
  deleteFileRow,
  type FileMetaRow,
  findAvatarMetaBySha256,
  findFileMeta,
  findFileMetaByCacheKey,
  insertFileIfAbsent,
  readFileSlice,
} from './files.repository.ts';
import { type FilePurpose, files } from './files.table.ts';

export type { FilePurpose } from './files.table.ts';
export type StoredFile = FileMetaRow;

/**
 * What each kind of file may be, by its bytes. SVG and HTML are text, never a match: nothing that a
 * browser would run as a page on our origin is stored.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;
export type StoredContentType = (typeof DOCUMENT_TYPES)[number];

const EXTENSION_OF: Record<StoredContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** What the bytes are, whatever the file's name or declared type claims; null for anything else. */
export async function sniffContentType(head: Buffer): Promise<StoredContentType | null> {
  const found = await fileTypeFromBuffer(head);
  return DOCUMENT_TYPES.find((type) => type === found?.mime) ?? null;
}

function uploaderOf(actor: Actor): string {
  switch (actor.type) {
    case 'vet':
      return 'vet';
    case 'system':
      return `system:${actor.name}`;
    case 'integration':
      return `integration:${actor.name}`;
    default:
      return 'link';
  }
}

function sha256Of(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface UploadOptions {
  purpose: FilePurpose;
  maxBytes: number;
  allowedTypes: readonly StoredContentType[];
  /** The name it is offered under; the stored one gets the extension its bytes call for. */
  basename: string;
  petId?: string | null;
  /** The caller's own codes (e.g. `vets.avatar_too_large`); the files module's otherwise. */
  refuse?: { tooLarge?: () => AppError; unsupportedType?: () => AppError };
}

/** A multipart file stream sets `truncated` once the parser cut it at its `fileSize` limit. */
type Upload = AsyncIterable<Buffer> & { truncated?: boolean; destroy?: () => void };

/**
 * Reads an upload up to `maxBytes` and stores it. A stream that goes over is dropped there (the
 * multipart parser stops keeping its bytes, another stream is destroyed), so an oversized upload is
 * never held whole; nothing is written for a refused one.
 */
export async function storeUpload(
  deps: { db: DbOrTx },
  actor: Actor,
  upload: Upload,
  options: UploadOptions,
): Promise<StoredFile> {
  const checked = await readUpload(upload, options);
  return storeContent(deps, actor, { ...options, ...checked });
}

/**
 * Reads an upload up to `maxBytes` and checks its magic bytes, storing nothing: for a request that
 * carries several files and must refuse them all if one is refused (a journal entry's photos), each is
 * read and checked first, then stored with `storeContent` in the request's transaction.
 */
export async function readUpload(
  upload: Upload,
  options: Pick<UploadOptions, 'maxBytes' | 'allowedTypes' | 'refuse'>,
): Promise<{ content: Buffer; contentType: StoredContentType }> {
  const tooLarge = options.refuse?.tooLarge ?? (() => filesErrors.tooLarge(options.maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of upload) {
    size += chunk.length;
    if (size > options.maxBytes) {
      upload.destroy?.();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  if (upload.truncated) throw tooLarge();
  const content = Buffer.concat(chunks, size);
  const contentType = await sniffContentType(content);
  if (!contentType || !options.allowedTypes.includes(contentType)) {
    throw (
      options.refuse?.unsupportedType?.() ??
      filesErrors.unsupportedType(
        options.allowedTypes.map((type) => EXTENSION_OF[type].toUpperCase()).join(', '),
      )
    );
  }
  return { content, contentType };
}

/**
 * Stores bytes already checked. Avatars are content-addressed (the same image once, whoever sends it);
 * a file with a `cacheKey` is stored once per key, so two servers building the same PDF keep one.
 */
export async function storeContent(
  deps: { db: DbOrTx },
  actor: Actor,
  input: {
    purpose: FilePurpose;
    content: Buffer;
    contentType: StoredContentType;
    basename: string;
    petId?: string | null;
    cacheKey?: string;
  },
): Promise<StoredFile> {
  const sha256 = sha256Of(input.content);
  const existing = await findExisting(deps.db, input.purpose, sha256, input.cacheKey);
  if (existing) return existing;
  const id = newId();
  await insertFileIfAbsent(deps.db, {
    id,
    purpose: input.purpose,
    contentType: input.contentType,
    filename: `${input.basename}.${EXTENSION_OF[input.contentType]}`,
    size: input.content.length,
    sha256,
    content: input.content,
    petId: input.petId ?? null,
    cacheKey: input.cacheKey ?? null,
    uploadedByVetId: actingVetId(actor),
    uploadedBy: uploaderOf(actor),
  });
  // Another request may have stored the same avatar or cache key first: its row is the one to use.
  const stored =
    (await findExisting(deps.db, input.purpose, sha256, input.cacheKey)) ??
    (await findFileMeta(deps.db, id, undefined));
  if (!stored) throw new Error(`file ${input.purpose} ${sha256} vanished after insert`);
  return stored;
}

function findExisting(db: DbOrTx, purpose: FilePurpose, sha256: string, cacheKey: string | undefined) {
  if (cacheKey) return findFileMetaByCacheKey(db, cacheKey);
  if (purpose === 'avatar') return findAvatarMetaBySha256(db, sha256);
  return Promise.resolve(undefined);
}

/** A stored file the actor may read, else 404 (out of scope is as unknown as missing). */
export async function findReadableFile(deps: { db: DbOrTx }, actor: Actor, id: string): Promise<StoredFile> {
  const file = await findFileMeta(deps.db, id, petCondition(actor, files.petId));
  if (!file) throw filesErrors.notFound();
  return file;
}

/** A generated file stored under `cacheKey`, if there is one. */
export function findCachedFile(deps: { db: DbOrTx }, cacheKey: string): Promise<StoredFile | undefined> {
  return findFileMetaByCacheKey(deps.db, cacheKey);
}

export async function deleteFile(deps: { db: DbOrTx }, id: string | null): Promise<void> {
  if (id) await deleteFileRow(deps.db, id);
}

export function fileUrl(id: string): string {
  return `/v1/files/${id}`;
}

const READ_SLICE_BYTES = 256 * 1024;

/**
 * The content as a stream read in slices, so a large document is never held whole per request. A file
 * removed while being read (a replaced PDF) ends the stream with an error; the client asks again.
 */
function streamOf(db: DbOrTx, file: StoredFile): Readable {
  async function* slices() {
    for (let offset = 0; offset < file.size; offset += READ_SLICE_BYTES) {
      const slice = await readFileSlice(db, file.id, offset, Math.min(READ_SLICE_BYTES, file.size - offset));
      if (!slice) throw new Error(`file ${file.id} was removed while being read`);
      yield slice;
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

/** Avatars never change under their id; a pet's documents are revalidated each time (ETag). */
const CACHE_FOREVER = 'private, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'private, no-cache';

/** What `lib/send-file.ts` needs to answer with the file; `filename` overrides the stored name. */
export function sendableFile(deps: { db: DbOrTx }, file: StoredFile, filename?: string): SendableFile {
  return {
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256,
    filename: filename ?? file.filename,
    cacheControl: file.purpose === 'avatar' ? CACHE_FOREVER : CACHE_REVALIDATE,
    open: () => streamOf(deps.db, file),
  };
}
