import type { DietStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { dietsErrors } from './diets.errors.ts';

/**
 * A diet is a draft until it is published; a published diet is what the owner was given and never
 * changes. Changing it means copying it into a new draft (`newVersionOf`), which any diet allows.
 */
export const dietLifecycle = documentLifecycle<DietStatus, 'edit' | 'delete' | 'publish'>({
  initial: 'draft',
  actions: {
    edit: { from: ['draft'], refused: dietsErrors.publishedReadOnly },
    delete: { from: ['draft'], refused: dietsErrors.publishedCannotDelete },
    publish: { from: ['draft'], to: 'published', refused: dietsErrors.alreadyPublished },
  },
});
