import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../policy/actor.ts';
import { deleteFile, type StoredFile, storeContent } from '../../platform/files/index.ts';
import { updateDiet } from './diets.repository.ts';
import type { DietRow } from './diets.table.ts';

/** The files store's key of a diet's PDF: two servers rendering the same content keep one file. */
export const dietPdfCacheKey = (dietId: string, hash: string) => `diet-pdf:${dietId}:${hash}`;

/**
 * Keeps a rendered PDF as the diet's, in the caller's transaction with the diet's row locked, and drops
 * the one it replaces.
 */
export async function storeDietPdf(
  tx: DbOrTx,
  actor: Actor,
  locked: Pick<DietRow, 'id' | 'petId' | 'pdfFileId'>,
  rendered: { pdf: Buffer; hash: string; generatedAt: Date },
): Promise<StoredFile> {
  const stored = await storeContent({ db: tx }, actor, {
    purpose: 'diet_pdf',
    content: rendered.pdf,
    contentType: 'application/pdf',
    basename: 'diet',
    petId: locked.petId,
    cacheKey: dietPdfCacheKey(locked.id, rendered.hash),
  });
  await updateDiet(tx, locked.id, {
    pdfGeneratedAt: rendered.generatedAt,
    pdfFileId: stored.id,
    pdfSourceHash: rendered.hash,
  });
  if (locked.pdfFileId !== stored.id) await deleteFile({ db: tx }, locked.pdfFileId);
  return stored;
}
