import { describe, expect, it } from 'vitest';
import { dietPdfSearchSchema, signatureOf } from './diet-pdf-search.ts';
import { dietPdfFailureOf, filenameOf } from './diets.queries.ts';

describe('the public PDF page’s search params', () => {
  it('reads the link’s expiry and signature', () => {
    const search = dietPdfSearchSchema.parse({ expires: '1795000000', signature: 'a1b2c3' });
    expect(search).toEqual({ expires: 1795000000, signature: 'a1b2c3' });
    expect(signatureOf(search)).toEqual({ expires: 1795000000, signature: 'a1b2c3' });
  });

  it('keeps a signature the router read as a number as text', () => {
    expect(dietPdfSearchSchema.parse({ expires: 1795000000, signature: 123456 }).signature).toBe('123456');
  });

  it('drops malformed values instead of failing the page, and sends nothing for them', () => {
    const search = dietPdfSearchSchema.parse({ expires: 'soon', signature: '' });
    expect(search).toEqual({ expires: undefined, signature: undefined });
    expect(signatureOf(search)).toEqual({});
    expect(signatureOf(dietPdfSearchSchema.parse({}))).toEqual({});
  });
});

describe('what the page says for each answer of pdf/content', () => {
  it('410 is an expired link; 401, 403 and 404 an invalid one; the rest a failure to retry', () => {
    expect(dietPdfFailureOf(410)).toBe('expired');
    expect(dietPdfFailureOf(403)).toBe('invalid');
    expect(dietPdfFailureOf(401)).toBe('invalid');
    expect(dietPdfFailureOf(404)).toBe('invalid');
    expect(dietPdfFailureOf(500)).toBe('unavailable');
  });

  it('downloads under the server’s file name', () => {
    expect(filenameOf('inline; filename="luna-cardiac-diet.pdf"', 'x.pdf')).toBe('luna-cardiac-diet.pdf');
    expect(filenameOf("attachment; filename*=UTF-8''l%C3%BAna.pdf", 'x.pdf')).toBe('lúna.pdf');
    expect(filenameOf(null, 'diet.pdf')).toBe('diet.pdf');
  });
});
