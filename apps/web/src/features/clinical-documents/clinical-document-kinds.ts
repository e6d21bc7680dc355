import type { ClinicalDocumentKind } from '@vetboard/contract';

/** How each kind is named on screen. */
export const kindTexts: Record<ClinicalDocumentKind, { singular: string; plural: string }> = {
  assessment: { singular: 'Clinical assessment', plural: 'Clinical assessments' },
  report: { singular: 'Medical report', plural: 'Medical reports' },
};

/** The pet's pages of each kind: its list and one document. */
export const kindPaths = {
  assessment: {
    list: '/pets/$uuid/clinical-assessments',
    document: '/pets/$uuid/clinical-assessments/$docUuid',
  },
  report: {
    list: '/pets/$uuid/medical-reports',
    document: '/pets/$uuid/medical-reports/$docUuid',
  },
} as const satisfies Record<ClinicalDocumentKind, { list: string; document: string }>;
