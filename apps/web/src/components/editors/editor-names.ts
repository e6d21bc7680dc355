/**
 * Every editor in the app, by the name its DOM marker carries (`data-editor`). The browser check
 * (e2e/tests/editors.spec.ts) keeps its own list of where each one is and fails when the two disagree,
 * so an editor added without the kit, or without a place in that check, is caught.
 */
export const EDITOR_NAMES = [
  'b2b-company-contacts',
  'b2b-status',
  'b2b-urgent-report',
  'beta-create',
  'checkup-review',
  'clinical-document-amend',
  'clinical-document-draft',
  'diet-editor',
  'diet-new',
  'diet-publish',
  'fill-checkup',
  'integration-create',
  'journal-reply',
  'label-create',
  'label-edit',
  'medical-record-details',
  'pending-card-note',
  'pending-cards-bulk-resolve',
  'pet-edit',
  'pet-question-answer',
  'pool-builder',
  'pool-send-pets',
  'prescription-change',
  'prescription-form',
  'prescription-stop',
  'pet-alert',
  'preventive-dose',
  'preventive-not-applicable',
  'reminder-form',
  'thresholds',
  'vet-create',
  'vet-profile',
  'weekly-report-comment',
  'weight-entry',
] as const;

export type EditorName = (typeof EDITOR_NAMES)[number];
