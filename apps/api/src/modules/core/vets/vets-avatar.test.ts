import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { sniffContentType } from '../../platform/files/files.service.ts';
import { files } from '../../platform/files/files.table.ts';
import { type VetRow, vets } from './vets.table.ts';

// Real 1×1 images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-avatars-'));
const context = useTestApp({ DATA_DIR: dataDir });
let app: TestApp;
let cookies: Record<string, string>;
let me: VetRow;

beforeAll(async () => {
  app = context.app;
  me = await createTestVet(app, { kind: 'head' });
  cookies = await loginAs(app, me.email);
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipartBody(parts: Part[]) {
  const boundary = `----vetboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(vetId: string, parts: Part[], headers: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `/v1/vets/${vetId}/avatar`,
    cookies,
    payload,
    headers: { 'content-type': contentType, ...headers },
  });
}

const imagePart = (data: Buffer, filename = 'me.png', type = 'image/png'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});

/** The avatars in the files store, by id. */
async function storedFiles(): Promise<string[]> {
  const rows = await app.database.db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.purpose, 'avatar'))
    .orderBy(files.id);
  return rows.map((row) => row.id);
}

const FILE_URL = /^\/v1\/files\/([0-9a-f-]{36})$/;

async function imageUrlOf(vetId: string) {
  const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vetId));
  return row?.imageUrl ?? null;
}

describe('uploading an avatar', () => {
  it('stores a PNG in the files store and serves the same bytes, privately cacheable', async () => {
    const vet = await createTestVet(app);
    const response = await upload(vet.id, [imagePart(PNG)]);
    expect(response.statusCode, response.body).toBe(200);
    const imageUrl: string = response.json().vet.imageUrl;
    expect(imageUrl).toMatch(FILE_URL);
    expect(await imageUrlOf(vet.id)).toBe(imageUrl);
    const [row] = await app.database.db
      .select()
      .from(files)
      .where(eq(files.id, FILE_URL.exec(imageUrl)?.[1] ?? ''));
    expect(row).toMatchObject({
      purpose: 'avatar',
      contentType: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      uploadedByVetId: me.id,
      uploadedBy: 'vet',
      petId: null,
    });
    expect(row?.content.equals(PNG)).toBe(true);
    // DATA_DIR is left alone: it keeps only PGlite's files.
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const served = await app.inject({ method: 'GET', url: imageUrl, cookies });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="avatar.png"');
    expect(served.headers.etag).toBe(`"${row?.sha256}"`);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const revalidated = await app.inject({
      method: 'GET',
      url: imageUrl,
      cookies,
      headers: { 'if-none-match': `W/"other", ${served.headers.etag}` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);

    const audit = await listAuditRows(app.database.db, { action: 'vets.avatar', entityId: vet.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorVetId: me.id,
      changes: { imageUrl: { before: null, after: imageUrl } },
    });
  });

  it.each([
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ])('accepts a %s, named by what its bytes are', async (_label, bytes, extension, contentType) => {
    const vet = await createTestVet(app);
    // A misleading name and declared type: the bytes decide.
    const response = await upload(vet.id, [imagePart(bytes, 'photo.png', 'application/octet-stream')]);
    expect(response.statusCode, response.body).toBe(200);
    const imageUrl: string = response.json().vet.imageUrl;
    const served = await app.inject({ method: 'GET', url: imageUrl, cookies });
    expect(served.headers['content-type']).toBe(contentType);
    expect(served.headers['content-disposition']).toBe(`inline; filename="avatar.${extension}"`);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores the same image once, whoever uploads it', async () => {
    const [a, b] = [await createTestVet(app), await createTestVet(app)];
    const first = await upload(a.id, [imagePart(PNG)]);
    const second = await upload(b.id, [imagePart(PNG, 'other.png')]);
    expect(first.json().vet.imageUrl).toBe(second.json().vet.imageUrl);
    const id = FILE_URL.exec(first.json().vet.imageUrl)?.[1];
    expect((await storedFiles()).filter((stored) => stored === id)).toHaveLength(1);
  });

  it.each([
    ['a text file', 'just some text, not an image\n'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
    ['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00\x00\x00\x00;'],
  ])('rejects %s named .png with 415, and keeps nothing of it', async (_label, content) => {
    const vet = await createTestVet(app);
    const before = await storedFiles();
    const response = await upload(vet.id, [imagePart(Buffer.from(content, 'latin1'))]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('The image must be a PNG, JPEG or WebP file');
    expect(response.json().code).toBe('vets.avatar_unsupported_type');
    expect(await imageUrlOf(vet.id)).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('rejects a 3 MB image with 413 vets.avatar_too_large', async () => {
    const vet = await createTestVet(app);
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const response = await upload(vet.id, [imagePart(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('vets.avatar_too_large');
    expect(await imageUrlOf(vet.id)).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('rejects an image just over the limit that the request size did not give away', async () => {
    const vet = await createTestVet(app);
    const before = await storedFiles();
    const justOver = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length)]);
    const response = await upload(vet.id, [imagePart(justOver)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('vets.avatar_too_large');
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts an image of exactly the limit', async () => {
    const vet = await createTestVet(app);
    const atLimit = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    const response = await upload(vet.id, [imagePart(atLimit)]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses two files, no file, and a non-multipart body', async () => {
    const vet = await createTestVet(app);
    const two = await upload(vet.id, [imagePart(PNG), imagePart(JPEG, 'b.jpg', 'image/jpeg')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('vets.avatar_one_file');

    const none = await upload(vet.id, [{ name: 'note', data: 'hello' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('vets.avatar_missing');

    const json = await app.inject({
      method: 'POST',
      url: `/v1/vets/${vet.id}/avatar`,
      cookies,
      payload: { imageUrl: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('vets.avatar_missing');
    expect(await imageUrlOf(vet.id)).toBeNull();
  });

  it('answers 404 for an unknown vet', async () => {
    const response = await upload('0190a0e4-0000-7000-8000-000000000000', [imagePart(PNG)]);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('vets.not_found');
  });

  it('needs a session and a same-origin request', async () => {
    const vet = await createTestVet(app);
    const { payload, contentType } = multipartBody([imagePart(PNG)]);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/v1/vets/${vet.id}/avatar`,
      payload,
      headers: { 'content-type': contentType },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await upload(vet.id, [imagePart(PNG)], { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await imageUrlOf(vet.id)).toBeNull();
  });
});

describe('serving avatars', () => {
  it('needs a session', async () => {
    const vet = await createTestVet(app);
    const imageUrl: string = (await upload(vet.id, [imagePart(WEBP)])).json().vet.imageUrl;
    const response = await app.inject({ method: 'GET', url: imageUrl });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an id that is not stored, 400 for one that is not an id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/v1/files/0190a0e4-0000-7000-8000-000000000000',
      cookies,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('files.not_found');
    for (const url of [
      '/v1/files/..%2F..%2F..%2Fetc%2Fpasswd',
      '/v1/files/%2e%2e%2fpackage.json',
      '/v1/files/avatar.png',
      '/v1/vets/avatars/ffffffffffffffffffffffffffffffff.png',
    ]) {
      const response = await app.inject({ method: 'GET', url, cookies });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('root:');
    }
  });

  it('keeps working with no DATA_DIR at all: the image lives in the database', async () => {
    const vet = await createTestVet(app);
    const imageUrl: string = (await upload(vet.id, [imagePart(PNG)])).json().vet.imageUrl;
    fs.rmSync(dataDir, { recursive: true, force: true });
    const served = await app.inject({ method: 'GET', url: imageUrl, cookies });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('image type sniffing', () => {
  it('goes by magic bytes only', async () => {
    expect(await sniffContentType(PNG)).toBe('image/png');
    expect(await sniffContentType(JPEG)).toBe('image/jpeg');
    expect(await sniffContentType(WEBP)).toBe('image/webp');
    expect(await sniffContentType(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toBe(
      'application/pdf',
    );
    expect(await sniffContentType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(await sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await sniffContentType(Buffer.from('<!DOCTYPE html><html></html>'))).toBeNull();
    expect(await sniffContentType(Buffer.from('GIF89a'))).toBeNull();
    expect(await sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});
