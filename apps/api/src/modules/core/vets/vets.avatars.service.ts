import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import { forgetCachedSessions } from '../../../lib/session-cache.ts';
import { type Actor, systemActor } from '../../../policy/actor.ts';
import {
  fileUrl,
  IMAGE_TYPES,
  type StoredFile,
  sniffContentType,
  storeContent,
  storeUpload,
} from '../../platform/files/index.ts';
import { vetsErrors } from './vets.errors.ts';
import { replaceVetImageUrl } from './vets.repository.ts';

/** Stores an uploaded avatar (PNG, JPEG or WebP by its bytes, at most 2 MB) in the files store. */
export function storeAvatarFile(
  deps: { db: Db },
  actor: Actor,
  upload: Parameters<typeof storeUpload>[2],
): Promise<StoredFile> {
  return storeUpload(deps, actor, upload, {
    purpose: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    allowedTypes: IMAGE_TYPES,
    basename: 'avatar',
    refuse: { tooLarge: vetsErrors.avatarTooLarge, unsupportedType: vetsErrors.avatarUnsupportedType },
  });
}

/** Where avatars were kept on disk before they moved into the database, and the names they had. */
const LEGACY_AVATAR_PREFIX = '/v1/vets/avatars/';
const LEGACY_AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/**
 * Moves the avatars of `DATA_DIR/uploads/avatars` into the files store and points the vets showing them
 * at their new address, then removes the folder. Each file is deleted only once its vets are
 * repointed, so a crash half-way leaves nothing lost and the next start finishes the move; a second run
 * finds nothing to do. Anything there that is not one of our avatars (a half-written upload) is dropped.
 */
export async function moveDiskAvatarsIntoDatabase(deps: {
  db: Db;
  dataDir: string;
}): Promise<{ files: number; vets: number }> {
  const uploads = path.join(deps.dataDir, 'uploads');
  const dir = path.join(uploads, 'avatars');
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (names === null) return { files: 0, vets: 0 };
  const actor = systemActor('files.move_disk_avatars');
  let movedFiles = 0;
  let movedVets = 0;
  for (const name of names.sort()) {
    const filePath = path.join(dir, name);
    if (LEGACY_AVATAR_FILE.test(name)) {
      const content = await fs.readFile(filePath);
      const contentType = await sniffContentType(content);
      if (contentType && IMAGE_TYPES.some((type) => type === contentType)) {
        const stored = await storeContent(deps, actor, {
          purpose: 'avatar',
          content,
          contentType,
          basename: 'avatar',
        });
        movedVets += await replaceVetImageUrl(deps.db, `${LEGACY_AVATAR_PREFIX}${name}`, fileUrl(stored.id));
        movedFiles += 1;
      }
    }
    await fs.rm(filePath, { force: true, recursive: true });
  }
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rmdir(uploads).catch(() => undefined);
  // Sessions carry the vet row; the moved ones show their new address on their next request.
  if (movedVets > 0) forgetCachedSessions();
  return { files: movedFiles, vets: movedVets };
}
