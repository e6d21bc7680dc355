import {
  MEDICAL_RECORD_MAX_BYTES,
  MEDICAL_RECORD_TYPES,
  MEDICAL_RECORD_UPLOAD_MESSAGES,
} from '@vetboard/contract';

/** What the file picker offers: the types, and their extensions for systems that do not know a type. */
export const ACCEPT = [...MEDICAL_RECORD_TYPES, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',');
const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;

/**
 * The same refusals as the API's 413 and 415, before a byte is sent. The API still decides by the
 * file's content: a renamed file passes here and is refused there, with the same words.
 */
export function refusalOf(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > MEDICAL_RECORD_MAX_BYTES) return MEDICAL_RECORD_UPLOAD_MESSAGES.tooLarge;
  const typed = (MEDICAL_RECORD_TYPES as readonly string[]).includes(file.type);
  if (!typed && !(file.type === '' && EXTENSIONS.test(file.name)))
    return MEDICAL_RECORD_UPLOAD_MESSAGES.unsupportedType;
  return null;
}
