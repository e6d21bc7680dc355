import { createHmac, timingSafeEqual } from 'node:crypto';
import { DIET_PDF_LINK_DAYS } from '@vetboard/contract';
import { dietsErrors } from './diets.errors.ts';

const DAY_SECONDS = 24 * 60 * 60;

export function signDietLink(secret: Buffer, dietId: string, expires: number): string {
  return createHmac('sha256', secret).update(`diet:${dietId}:${expires}`).digest('base64url');
}

export interface DietLink {
  url: string;
  expires: number;
}

/** The public page's address, signed and valid `DIET_PDF_LINK_DAYS` days from `now`. */
export function dietPdfLink(secret: Buffer, publicUrl: string, dietId: string, now: Date): DietLink {
  const expires = Math.floor(now.getTime() / 1000) + DIET_PDF_LINK_DAYS * DAY_SECONDS;
  const signature = signDietLink(secret, dietId, expires);
  return { url: `${publicUrl}/diets/${dietId}/pdf?expires=${expires}&signature=${signature}`, expires };
}

/**
 * The signature is checked before the expiry: a link whose `expires` was edited is tampered (403), not
 * expired, and only a genuine link that ran out gets 410.
 */
export function verifyDietLink(
  secret: Buffer,
  dietId: string,
  query: { expires?: number; signature?: string },
  now: Date,
): void {
  if (query.expires === undefined || !query.signature) throw dietsErrors.linkInvalid();
  const expected = Buffer.from(signDietLink(secret, dietId, query.expires));
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw dietsErrors.linkInvalid();
  if (query.expires * 1000 <= now.getTime()) throw dietsErrors.linkExpired();
}
