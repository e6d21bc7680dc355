import type { VetKind } from './vets.ts';

/**
 * The practice's reference data — the labels of medical records and the checkup forms and pools — is
 * what every vet's work relies on: a label groups records of every company, a pool decides which
 * answers raise a card. Only the product's own vets may change it (issue #47, point 3): a B2B vet or
 * partner relabelled records they cannot read and silenced a pool's cards. An `undefined`-kind vet has
 * not been given a role yet, so they change nothing until a head vet sets their kind.
 *
 * Regular vets keep the everyday edits (a new label, a renamed one, a new or corrected pool); the
 * changes that rewrite or hide what others already use (archive, merge, delete) are a head vet's.
 */
export const referenceDataActions = ['create', 'edit', 'archive', 'merge', 'delete'] as const;
export type ReferenceDataAction = (typeof referenceDataActions)[number];

const REGULAR_VET_ACTIONS: ReadonlySet<ReferenceDataAction> = new Set(['create', 'edit']);

export function canChangeReferenceData(actor: { kind: VetKind }, action: ReferenceDataAction): boolean {
  if (actor.kind === 'head') return true;
  return actor.kind === 'regular' && REGULAR_VET_ACTIONS.has(action);
}

/** Why a change is refused, told apart so a regular vet knows whom to ask. */
export function referenceDataRefusal(actor: { kind: VetKind }, action: ReferenceDataAction): string | null {
  if (canChangeReferenceData(actor, action)) return null;
  return actor.kind === 'regular' ? REFERENCE_DATA_HEAD_ONLY_MESSAGE : REFERENCE_DATA_FORBIDDEN_MESSAGE;
}

export const REFERENCE_DATA_FORBIDDEN_MESSAGE = 'Only the practice’s own vets can change labels and pools';
export const REFERENCE_DATA_HEAD_ONLY_MESSAGE =
  'Only head vets can archive, merge or delete labels and pools';
