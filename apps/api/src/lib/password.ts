import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export type PasswordHashCost = 'standard' | 'low';

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
const COSTS: Record<PasswordHashCost, { N: number; r: number; p: number }> = {
  standard: { N: 2 ** 17, r: 8, p: 1 },
  low: { N: 2 ** 12, r: 8, p: 1 },
};
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Format: scrypt$N$r$p$salt$hash, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  const params = COSTS[cost];
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummyHashes = new Map<PasswordHashCost, Promise<string>>();

/**
 * A hash to verify against when the e-mail is unknown, so that both answers take the same time
 * and the response time does not reveal which e-mails have accounts.
 */
export function dummyPasswordHash(cost: PasswordHashCost): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(18).toString('base64'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}
