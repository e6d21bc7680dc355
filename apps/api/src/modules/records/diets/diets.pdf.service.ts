import fs from 'node:fs/promises';
import path from 'node:path';
import { type Diet, type DietPdfUrlResponse, toTimestamp } from '@vetboard/contract';
import type { SendableFile } from '../../../lib/send-file.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { findCachedFile, type StoredFile, sendableFile } from '../../platform/files/index.ts';
import { renderDietPdf } from './diet-pdf.document.ts';
import { dietPdfCacheKey, storeDietPdf } from './diet-pdf.store.ts';
import { dietPdfFilename } from './diet-pdf.ts';
import { dietPdfLink } from './diet-pdf-link.ts';
import { dietsErrors } from './diets.errors.ts';
import { findDiet, lockDiet } from './diets.repository.ts';
import { type DietsDeps, dietScope, getDiet, loadView } from './diets.service.ts';
import type { DietRow } from './diets.table.ts';

/**
 * The diet's PDF from the files store, rendered first when none matches the diet as it is now (its
 * content, the pet's details, the date), and recorded crediting the vet or the holder of the owner's
 * signed link. The cache key is the diet and a hash of everything the PDF shows, so a changed diet never
 * gets an old PDF, and two servers rendering the same one at once keep a single file.
 */
async function ensurePdf(
  deps: DietsDeps,
  id: string,
  actor: Actor,
  options: { force: boolean },
): Promise<{ file: StoredFile; diet: DietRow; petName: string; today: string }> {
  const diet = await findDiet(deps.db, id, dietScope(actor));
  if (!diet) throw dietsErrors.notFound();
  const { view, pdfData, hash, today } = await loadView(
    deps.db,
    actor,
    diet,
    deps.config.productName,
    deps.now(),
  );
  const petName = view.context.pet.name;
  const cacheKey = dietPdfCacheKey(id, hash);
  if (!options.force && view.pdfUpToDate && diet.pdfFileId) {
    const cached = await findCachedFile(deps, cacheKey);
    if (cached?.id === diet.pdfFileId) return { file: cached, diet, petName, today };
  }

  const pdf = await renderDietPdf(pdfData);
  const generatedAt = deps.now();
  const file = await deps.db.transaction(async (tx) => {
    const locked = await lockDiet(tx, id, dietScope(actor));
    if (!locked) throw dietsErrors.notFound();
    const stored = await storeDietPdf(tx, actor, locked, { pdf, hash, generatedAt });
    await recordAudit(tx, actor, {
      action: 'diets.generate_pdf',
      entity: 'diet',
      entityId: id,
      changes: {
        before: { pdfGeneratedAt: locked.pdfGeneratedAt?.toISOString() ?? null },
        after: {
          pdfGeneratedAt: generatedAt.toISOString(),
          trigger: actor.type === 'link' ? 'signed_link' : 'vet',
        },
      },
    });
    return stored;
  });
  return { file, diet, petName, today };
}

export async function generateDietPdf(deps: DietsDeps, actor: VetActor, id: string): Promise<{ diet: Diet }> {
  await ensurePdf(deps, id, actor, { force: true });
  return getDiet(deps, actor, id);
}

export async function getDietPdfContent(deps: DietsDeps, actor: Actor, id: string): Promise<SendableFile> {
  const { file, diet, petName, today } = await ensurePdf(deps, id, actor, { force: false });
  return sendableFile(deps, file, dietPdfFilename(petName, diet.formulatedOn ?? today));
}

/** Handing out a link opens the diet to whoever holds it: who did it, and when, is recorded. */
export async function getDietPdfUrl(
  deps: DietsDeps,
  actor: VetActor,
  id: string,
): Promise<DietPdfUrlResponse> {
  const diet = await findDiet(deps.db, id, dietScope(actor));
  if (!diet) throw dietsErrors.notFound();
  const link = dietPdfLink(await deps.signingSecret(), deps.config.publicUrl, id, deps.now());
  await recordAudit(deps.db, actor, {
    action: 'diets.share_pdf_link',
    entity: 'diet',
    entityId: id,
    changes: { after: { expiresAt: new Date(link.expires * 1000).toISOString() } },
  });
  return { pdfUrl: link.url, expiresAt: toTimestamp(new Date(link.expires * 1000)) };
}

/**
 * Diet PDFs were cached under `DATA_DIR/pdfs` before they moved into the files store; the cache goes,
 * and each PDF is rebuilt into the store on its next read.
 */
export async function removeDiskPdfCache(dataDir: string): Promise<void> {
  await fs.rm(path.join(dataDir, 'pdfs'), { recursive: true, force: true });
}
