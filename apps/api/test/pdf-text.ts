import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text, page after page, as pdf.js reads it: what a reader of the file would find in it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  // pdf.js gives words and spaces as separate runs: one space between words reads like the page.
  return pages.join('\n').replace(/\s+/g, ' ');
}
