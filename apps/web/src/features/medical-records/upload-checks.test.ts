import { MEDICAL_RECORD_MAX_BYTES, MEDICAL_RECORD_UPLOAD_MESSAGES } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './upload-checks.ts';

describe('a file refused before it is sent', () => {
  it('is refused over 20 MB with the words of the API’s 413', () => {
    const file = { name: 'scan.pdf', type: 'application/pdf', size: MEDICAL_RECORD_MAX_BYTES + 1 };
    expect(refusalOf(file)).toBe(MEDICAL_RECORD_UPLOAD_MESSAGES.tooLarge);
    expect(refusalOf({ ...file, size: MEDICAL_RECORD_MAX_BYTES })).toBeNull();
  });

  it('is refused when it is not a PDF, JPEG, PNG or WebP, with the words of the API’s 415', () => {
    expect(refusalOf({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      MEDICAL_RECORD_UPLOAD_MESSAGES.unsupportedType,
    );
    expect(refusalOf({ name: 'scan.heic', type: 'image/heic', size: 10 })).toBe(
      MEDICAL_RECORD_UPLOAD_MESSAGES.unsupportedType,
    );
    for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
      expect(refusalOf({ name: 'x', type, size: 10 })).toBeNull();
  });

  it('goes by the extension when the system gives no type, and leaves the content to the API', () => {
    expect(refusalOf({ name: 'LAB.PDF', type: '', size: 10 })).toBeNull();
    expect(refusalOf({ name: 'lab', type: '', size: 10 })).toBe(
      MEDICAL_RECORD_UPLOAD_MESSAGES.unsupportedType,
    );
  });
});
