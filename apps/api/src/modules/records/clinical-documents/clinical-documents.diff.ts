import { type ClinicalDocumentContent, clinicalContentSections, type DiffPart } from '@vetboard/contract';
import { diffWordsWithSpace } from 'diff';

/**
 * Two versions compared section by section (problem list, SOAP sections, or the report's body), word by
 * word with jsdiff; a section only one side has is compared with nothing.
 */
export function diffClinicalContent(
  from: ClinicalDocumentContent,
  to: ClinicalDocumentContent,
): Array<{ label: string; changed: boolean; parts: DiffPart[] }> {
  const before = clinicalContentSections(from);
  const after = clinicalContentSections(to);
  const labels = [...new Set([...before.map((s) => s.label), ...after.map((s) => s.label)])];
  return labels.map((label) => {
    const oldText = before.find((s) => s.label === label)?.text ?? '';
    const newText = after.find((s) => s.label === label)?.text ?? '';
    const parts = diffWordsWithSpace(oldText, newText).map((change) => ({
      value: change.value,
      added: change.added === true,
      removed: change.removed === true,
    }));
    return { label, changed: parts.some((part) => part.added || part.removed), parts };
  });
}
