import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * PDF.js and its worker load when a PDF is first previewed, never with the page: they are the largest
 * thing the dashboard downloads. The worker is a file of our own origin, as the CSP requires.
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval (the CSP forbids it) and no font or script fetching from elsewhere.
  return pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false, enableXfa: false }).promise;
}

export type { PDFDocumentProxy };
