import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AVATAR_CONTENT_TYPES } from '@vetboard/contract';
import type { FastifyReply } from 'fastify';
import { vetsErrors } from './vets.errors.ts';

type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

export const AVATAR_URL_PREFIX = '/v1/vets/avatars/';

const EXTENSION_OF: Record<AvatarContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const CONTENT_TYPE_OF: Record<string, AvatarContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** What `storeAvatar` names files: nothing else (no dots, no slashes) can be asked for. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

const MAGIC_BYTES_NEEDED = 12;

/** The type the bytes say, whatever the file's name or declared type claims. */
export function sniffImageType(head: Buffer): AvatarContentType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function avatarsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

/**
 * Streams an upload to a temporary file while hashing it, then renames it to `<sha256 prefix>.<ext>`:
 * readers never see a half-written file, and the same image uploaded twice is stored once.
 * `upload.truncated` is set by the multipart parser when the file went over its size limit.
 */
export async function storeAvatar(dir: string, upload: Readable & { truncated?: boolean }): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.upload-${randomUUID()}`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      if (headLength < MAGIC_BYTES_NEEDED) {
        headChunks.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(upload, inspect, fs.createWriteStream(temporary, { flags: 'wx', flush: true }));
    if (upload.truncated) throw vetsErrors.avatarTooLarge();
    const type = sniffImageType(Buffer.concat(headChunks));
    if (!type) throw vetsErrors.avatarUnsupportedType();
    const file = `${hash.digest('hex').slice(0, 32)}.${EXTENSION_OF[type]}`;
    await fs.promises.rename(temporary, path.join(dir, file));
    return file;
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** An open stream of a stored avatar and its type; 404 for a name that is not one. */
export async function openAvatar(
  dir: string,
  file: string,
): Promise<{ stream: fs.ReadStream; contentType: AvatarContentType; size: number }> {
  const match = AVATAR_FILE_PATTERN.exec(file);
  const contentType = match?.[1] ? CONTENT_TYPE_OF[match[1]] : undefined;
  if (!contentType) throw vetsErrors.avatarNotFound();
  const handle = await fs.promises.open(path.join(dir, file), 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw vetsErrors.avatarNotFound();
    throw error;
  });
  try {
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), contentType, size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Content-addressed files never change, so the browser may keep them; only it, never a proxy. */
const AVATAR_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function sendAvatar(reply: FastifyReply, avatar: Awaited<ReturnType<typeof openAvatar>>) {
  return reply
    .type(avatar.contentType)
    .header('Content-Length', avatar.size)
    .header('Cache-Control', AVATAR_CACHE_CONTROL)
    .header('X-Content-Type-Options', 'nosniff')
    .send(avatar.stream);
}
