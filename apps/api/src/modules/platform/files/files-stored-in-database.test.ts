import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { systemActor } from '../../../policy/actor.ts';
import { moveDiskAvatarsIntoDatabase } from '../../core/vets/vets.avatars.service.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { DOCUMENT_TYPES, storeContent, storeUpload } from './files.service.ts';
import { files } from './files.table.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-files-'));
// A 1 MB document limit, so going over it costs little.
const context = useTestApp({ DATA_DIR: dataDir, DOCUMENT_MAX_MB: '1' });
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function fileCount(): Promise<number> {
  return (await app.database.db.select({ id: files.id }).from(files)).length;
}

/** A stream that makes its chunks only when asked, counting how many bytes were taken from it. */
function lazyUpload(totalBytes: number, chunkBytes = 64 * 1024) {
  const counter = { pulled: 0 };
  async function* chunks() {
    for (let sent = 0; sent < totalBytes; sent += chunkBytes) {
      const chunk = Buffer.alloc(Math.min(chunkBytes, totalBytes - sent));
      if (sent === 0) PDF_HEAD.copy(chunk);
      counter.pulled += chunk.length;
      yield chunk;
    }
  }
  return { upload: chunks(), counter };
}

describe('a document upload', () => {
  const options = () => ({
    purpose: 'diet_pdf' as const,
    maxBytes: app.config.documentMaxBytes,
    allowedTypes: DOCUMENT_TYPES,
    basename: 'report',
  });

  it('takes its limit from DOCUMENT_MAX_MB', () => {
    expect(app.config.documentMaxBytes).toBe(1024 * 1024);
  });

  it('over the limit is cut off while streaming: 413, nothing read past the limit, nothing written', async () => {
    const before = await fileCount();
    const { upload, counter } = lazyUpload(20 * 1024 * 1024);
    const refused = storeUpload({ db: app.database.db }, systemActor('test'), upload, options());
    await expect(refused).rejects.toMatchObject({
      statusCode: 413,
      code: 'files.too_large',
      message: 'The file is larger than 1 MB',
    });
    // One chunk past the limit at most, out of 20 MB offered.
    expect(counter.pulled).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
    expect(await fileCount()).toBe(before);
  });

  it('of a type its bytes do not bear out is 415 with the types allowed', async () => {
    const before = await fileCount();
    async function* html() {
      yield Buffer.from('<html><body>not a PDF</body></html>');
    }
    await expect(
      storeUpload({ db: app.database.db }, systemActor('test'), html(), options()),
    ).rejects.toMatchObject({
      statusCode: 415,
      code: 'files.unsupported_type',
      message: 'The file must be PNG, JPG, WEBP, PDF; its content says otherwise',
    });
    expect(await fileCount()).toBe(before);
  });

  it('at the limit is stored whole and read back in slices, byte for byte', async () => {
    const { upload } = lazyUpload(1024 * 1024, 100_000);
    const stored = await storeUpload({ db: app.database.db }, systemActor('test'), upload, options());
    expect(stored).toMatchObject({
      size: 1024 * 1024,
      contentType: 'application/pdf',
      filename: 'report.pdf',
    });
    const [row] = await app.database.db.select().from(files).where(eq(files.id, stored.id));
    expect(row?.uploadedBy).toBe('system:test');
    expect(row?.uploadedByVetId).toBeNull();

    // Larger than one read slice (256 KiB): the stream stitches the slices back together.
    const served = await app.inject({ method: 'GET', url: `/v1/files/${stored.id}`, cookies });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-length']).toBe(String(1024 * 1024));
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(stored.sha256);
  });
});

describe('reading a file', () => {
  it('needs a session', async () => {
    const stored = await storeContent({ db: app.database.db }, systemActor('test'), {
      purpose: 'avatar',
      content: PNG,
      contentType: 'image/png',
      basename: 'avatar',
    });
    expect((await app.inject({ method: 'GET', url: `/v1/files/${stored.id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/v1/files/${stored.id}`, cookies })).statusCode).toBe(
      200,
    );
  });

  it('of a pet is shown inline, revalidated on each use, and framed only by our own pages', async () => {
    const { family } = await createFamily(app.database.db);
    const pet = await createPet(app.database.db, { familyId: family.id, name: 'Pebble' });
    const stored = await storeContent({ db: app.database.db }, systemActor('test'), {
      purpose: 'diet_pdf',
      content: Buffer.concat([PDF_HEAD, randomBytes(64)]),
      contentType: 'application/pdf',
      basename: 'pebble-diet',
      petId: pet.id,
      cacheKey: `test:${pet.id}`,
    });
    const served = await app.inject({ method: 'GET', url: `/v1/files/${stored.id}`, cookies });
    expect(served.headers['content-disposition']).toBe('inline; filename="pebble-diet.pdf"');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });
});

describe('avatars kept on disk before the files store', () => {
  const legacyName = `${'ab'.repeat(16)}.png`;
  const legacyUrl = `/v1/vets/avatars/${legacyName}`;

  it('move into the database once, the vets showing them follow, and DATA_DIR/uploads goes', async () => {
    const avatars = path.join(dataDir, 'uploads', 'avatars');
    fs.mkdirSync(avatars, { recursive: true });
    fs.writeFileSync(path.join(avatars, legacyName), PNG);
    fs.writeFileSync(path.join(avatars, '.upload-0f0f'), 'half an upload');
    const [a, b] = [
      await createTestVet(app, { imageUrl: legacyUrl }),
      await createTestVet(app, { imageUrl: legacyUrl }),
    ];

    const moved = await moveDiskAvatarsIntoDatabase({ db: app.database.db, dataDir });
    expect(moved).toEqual({ files: 1, vets: 2 });
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const urls = await Promise.all(
      [a, b].map(async (vet) => {
        const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vet.id));
        return row?.imageUrl;
      }),
    );
    expect(urls[0]).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
    expect(urls[1]).toBe(urls[0]);
    const served = await app.inject({ method: 'GET', url: String(urls[0]), cookies });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Run again (every start does): nothing left to move, nothing changed.
    const count = await fileCount();
    expect(await moveDiskAvatarsIntoDatabase({ db: app.database.db, dataDir })).toEqual({
      files: 0,
      vets: 0,
    });
    expect(await fileCount()).toBe(count);
  });

  it('finishes a move that stopped half-way (file stored, not yet removed) without a second copy', async () => {
    const avatars = path.join(dataDir, 'uploads', 'avatars');
    fs.mkdirSync(avatars, { recursive: true });
    fs.writeFileSync(path.join(avatars, legacyName), PNG);
    const vet = await createTestVet(app, { imageUrl: legacyUrl });
    const count = await fileCount();
    expect(await moveDiskAvatarsIntoDatabase({ db: app.database.db, dataDir })).toEqual({
      files: 1,
      vets: 1,
    });
    expect(await fileCount()).toBe(count);
    const [row] = await app.database.db.select().from(vets).where(eq(vets.id, vet.id));
    expect(row?.imageUrl).toMatch(/^\/v1\/files\//);
  });
});
