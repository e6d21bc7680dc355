/** What the seed creates for an empty database (apps/api/src/seed): every demo vet shares this password. */
export const DEMO_PASSWORD = 'demo-password-123';

export const HEAD_VET = { email: 'head.vet@example.com', fullName: 'Helena Marsh', kindLabel: 'Head vet' };
export const REGULAR_VET = { email: 'regular.vet@example.com' };

export const PRODUCT_NAME = 'Vetboard';
export const SAMPLE_UUID = '0190a6e4-7c1e-7b3a-9f00-000000000001';
