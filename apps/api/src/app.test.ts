import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestVet, loginAs, type TestApp, useTestApp } from '../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../test/tracker-read-fixtures.ts';
import { COMPRESSIBLE_TYPES } from './plugins/external/compress.ts';

const context = useTestApp();
let app: TestApp;
beforeAll(() => {
  app = context.app;
});

describe('the platform', () => {
  it('reports healthy when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown /v1 routes with 404 route.not_found, with or without a session', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ error: 'Not found', code: 'route.not_found' });
    const post = await app.inject({ method: 'POST', url: '/v1/no-such-thing', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found', code: 'route.not_found' });
  });

  it('accepts an empty JSON body on calls without payload, and names the missing body elsewhere', async () => {
    const headers = { 'content-type': 'application/json' };
    const logout = await app.inject({ method: 'POST', url: '/v1/auth/logout', headers, payload: '' });
    expect(logout.statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/v1/auth/login', headers, payload: '' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'request.invalid', details: [{ path: 'body' }] });
    const poisoned = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers,
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses a mutation that a browser marks as coming from another site', async () => {
    const vet = await createTestVet(app);
    const payload = { email: vet.email, password: 'correct horse battery staple' };
    const foreignOrigin = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect(foreignOrigin.json()).toEqual({
      error: 'Cross-origin requests are not allowed',
      code: 'request.cross_origin',
    });
    expect(foreignOrigin.headers['set-cookie']).toBeUndefined();

    const crossSite = await app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);

    // The same host under another scheme, and an opaque origin, are other origins (issue #47).
    for (const origin of ['https://localhost:80', 'null']) {
      const other = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { origin, host: 'localhost:80' },
        payload,
      });
      expect(other.statusCode, origin).toBe(403);
    }

    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('lets cross-site GETs through (they change nothing) but never caches /v1 answers', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const response = await app.inject({
      method: 'GET',
      url: '/v1/auth/vet',
      cookies: { vb_access: cookies.vb_access ?? '' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const error = await app.inject({ method: 'GET', url: '/v1/auth/vet' });
    expect(error.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers: CSP without inline scripts, no framing, nosniff, referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('publishes an OpenAPI document generated from the contract schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/v1/auth/login'].post.operationId).toBe('login');
    expect(document.paths['/v1/auth/login'].post.tags).toEqual(['auth']);
    expect(
      Object.keys(
        document.paths['/v1/auth/login'].post.requestBody.content['application/json'].schema.properties,
      ),
    ).toEqual(['email', 'password']);
  });
});

describe('API answers on the wire', () => {
  it('are brotli- or gzip-compressed above 1 KB, as the client accepts', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8'));
    expect(document.openapi).toMatch(/^3\./);
    const gzip = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);

    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const breeds = await app.inject({
      method: 'GET',
      url: '/v1/breeds?species=dog',
      cookies,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(breeds.statusCode).toBe(200);
    expect(breeds.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(breeds.rawPayload).toString('utf8')).breeds.length).toBeGreaterThan(50);
  });

  it('are compressed at the cheap levels, gzip 3 and brotli 3: each answer pays its own compression', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const answer = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: '/v1/breeds?species=dog',
        cookies,
        headers: { 'accept-encoding': encoding },
      });
    const gzip = await answer('gzip');
    const body = zlib.gunzipSync(gzip.rawPayload);
    // One write of the whole answer: the stream's output is the one-shot output at the same level.
    expect(gzip.rawPayload.equals(zlib.gzipSync(body, { level: 3 }))).toBe(true);
    expect(gzip.rawPayload.equals(zlib.gzipSync(body, { level: 6 }))).toBe(false);
    const brotli = await answer('br');
    const quality = (q: number) =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } });
    expect(brotli.rawPayload.equals(quality(3))).toBe(true);
    expect(brotli.rawPayload.equals(quality(4))).toBe(false);
  });

  it('are compressed in one call up to 64 KB, with their length; larger ones go through a stream', async () => {
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const pet = await petLivingIn(app.database.db, 'Europe/London');
    const start = seconds('2026-03-02T00:00:00Z');
    await addReadings(
      app.database.db,
      Array.from({ length: 384 }, (_, i) =>
        reading(pet.id, 'heart_rate', new Date((start + i * 1800 + 60) * 1000).toISOString(), 70 + (i % 17)),
      ),
    );
    const chart = await app.inject({
      method: 'GET',
      url: `/v1/pets/heart-rate/half-hourly-averages?petUuid=${pet.id}&startDate=${start}&endDate=${start + 8 * 86_400}`,
      cookies,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(chart.statusCode).toBe(200);
    const body = zlib.gunzipSync(chart.rawPayload);
    // Past the plugin's 8 KB default for two cores, within ours: one synchronous call, its length known.
    expect(body.length).toBeGreaterThan(16 * 1024);
    expect(body.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(body.toString('utf8')).buckets).toHaveLength(384);
    expect(chart.headers['content-length']).toBe(String(chart.rawPayload.length));
    expect(chart.headers['transfer-encoding']).toBeUndefined();
    // The OpenAPI document (over 1 MB) would hold the event loop: it is streamed.
    const document = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(document.headers['content-length']).toBeUndefined();
    expect(document.headers['transfer-encoding']).toBe('chunked');
  });

  it('are sent as they are when small, or when the client accepts no encoding', async () => {
    const small = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().openapi).toMatch(/^3\./);
  });

  it('compress JSON and CSV but never server-sent events, which must not wait in a buffer', () => {
    expect(COMPRESSIBLE_TYPES.test('application/json; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('text/csv; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('text/event-stream')).toBe(false);
    expect(COMPRESSIBLE_TYPES.test('text/event-stream; charset=utf-8')).toBe(false);
    expect(COMPRESSIBLE_TYPES.test('application/pdf')).toBe(false);
  });
});

describe('the dashboard pages', () => {
  let webApp: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>dashboard</title><meta name="vetboard-config" content="%VETBOARD_CONFIG%"></head><body></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), 'brotli bytes');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), 'gzip bytes');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    // As the web build writes it (apps/web/route-preloads.ts): a page's route scripts, layouts' included.
    const page = (pagePath: string, isPublic: boolean, loaders: string[], files: string[]) => ({
      path: pagePath,
      public: isPublic,
      loaders,
      files,
    });
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        pages: [
          page('/login', true, [], ['assets/_public-p1.js', 'assets/login-l1.js']),
          page('/checkups/$uuid', false, ['assets/checkup-c1.js'], []),
          page('/checkups/pools', false, ['assets/pools-o1.js'], []),
          page('/pets/$uuid', false, ['assets/route-r1.js'], ['assets/profile-f1.js']),
          page(
            '/pets/$uuid/respiratory-history',
            false,
            ['assets/route-r1.js', 'assets/respiratory-history-h1.js'],
            ['assets/tracker-chart-t1.js', 'assets/pet-layout-s1.css'],
          ),
        ],
      }),
    );
    webApp = await buildTestApp({
      WEB_DIST_DIR: dist,
      PRODUCT_NAME: 'Pawdoc <Care>',
      CALLS_URL: 'https://calls.example/s',
    });
  });
  afterAll(async () => {
    await webApp.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('are served for any client-side route, with the runtime configuration injected and escaped', async () => {
    for (const url of [
      '/',
      '/pets/0193a1f2-0000-7000-8000-000000000000/weight-history',
      '/login?redirectPath=%2Fbetas',
    ]) {
      const response = await webApp.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        'content="{&quot;productName&quot;:&quot;Pawdoc &lt;Care&gt;&quot;,&quot;callsUrl&quot;:&quot;https://calls.example/s&quot;,&quot;apiBaseUrl&quot;:&quot;/&quot;}"',
      );
    }
  });

  it('list the route scripts of the page they show, for the browser to fetch beside index.js', async () => {
    const vet = await createTestVet(webApp);
    // Only the access cookie travels to pages (the refresh cookie's path is /v1/auth).
    const { vb_access = '' } = await loginAs(webApp, vet.email);
    const signedIn = { vb_access };
    /** The preload links in the page's head, as `rel [as] [low] href`. */
    const preloads = async (url: string, cookies: Record<string, string> = {}) => {
      const response = await webApp.inject({ method: 'GET', url, cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const [head = '', body = ''] = response.body.split('</head>');
      expect(body, url).not.toContain('preload');
      return [
        ...head.matchAll(
          /<link rel="(modulepreload|preload)"(?: as="(\w+)")?( fetchpriority="low")? crossorigin href="([^"]+)">/g,
        ),
      ].map(([, rel, as, low, href]) => [rel, as, low && 'low', href].filter(Boolean).join(' '));
    };
    const tracker = '/pets/0193a1f2-0000-7000-8000-000000000000/respiratory-history';
    const trackerPreloads = [
      // The guard's session check first, then the loaders: every data request of the page waits for them.
      'preload fetch /v1/auth/vet',
      // The pet, which every pet page's loader reads first, named by the URL.
      'preload fetch /v1/pets/0193a1f2-0000-7000-8000-000000000000',
      'modulepreload /assets/route-r1.js',
      'modulepreload /assets/respiratory-history-h1.js',
      // What runs only after index.js leaves it the connections.
      'modulepreload low /assets/tracker-chart-t1.js',
      'preload style low /assets/pet-layout-s1.css',
    ];
    expect(await preloads(tracker, signedIn)).toEqual(trackerPreloads);
    expect(await preloads(`${tracker}/?range=week`, signedIn)).toEqual(trackerPreloads);
    expect(await preloads('/pets/0193a1f2-0000-7000-8000-000000000000', signedIn)).toEqual([
      'preload fetch /v1/auth/vet',
      'preload fetch /v1/pets/0193a1f2-0000-7000-8000-000000000000',
      'modulepreload /assets/route-r1.js',
      'modulepreload low /assets/profile-f1.js',
    ]);
    // An id the app would ask for as typed (upper case) or refuse (not an id) is not read from the HTML:
    // the preload would not match the app's request, or would read nothing.
    for (const id of ['0193A1F2-0000-7000-8000-000000000000', 'not-an-id%22%3E%3Cscript%3E']) {
      expect(await preloads(`/pets/${id}`, signedIn)).toEqual([
        'preload fetch /v1/auth/vet',
        'modulepreload /assets/route-r1.js',
        'modulepreload low /assets/profile-f1.js',
      ]);
    }
    // A fixed segment outranks a parameter, as in the app's router.
    expect(await preloads('/checkups/pools', signedIn)).toEqual([
      'preload fetch /v1/auth/vet',
      'modulepreload /assets/pools-o1.js',
    ]);
    expect(await preloads('/checkups/0193a1f2-0000-7000-8000-000000000000', signedIn)).toEqual([
      'preload fetch /v1/auth/vet',
      'modulepreload /assets/checkup-c1.js',
    ]);
    // Signed out, a private page only redirects to the login: nothing to fetch for it.
    expect(await preloads(tracker)).toEqual([]);
    // A public page needs no session check, signed in or not.
    const login = ['modulepreload low /assets/_public-p1.js', 'modulepreload low /assets/login-l1.js'];
    expect(await preloads('/login')).toEqual(login);
    expect(await preloads('/login?redirectPath=%2Fbetas', signedIn)).toEqual(login);
    expect(await preloads('/no/such/page', signedIn)).toEqual([]);
    // The map is for the server; a browser asking for it gets the page, like any unknown path.
    const map = await webApp.inject({ method: 'GET', url: '/route-preloads.json' });
    expect(map.body).not.toContain('"pages"');
  });

  it('serve fingerprinted assets as immutable, and missing assets as 404 (not the page)', async () => {
    const asset = await webApp.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await webApp.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serve the brotli or gzip copy made at build time, as the browser accepts', async () => {
    const brotli = await webApp.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body).toBe('brotli bytes');
    const gzip = await webApp.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await webApp.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('never serve source maps, even when one is left in the build', async () => {
    const map = await webApp.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"version"');
  });

  it('tell robots to stay out, on pages and API answers alike', async () => {
    const robots = await webApp.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    for (const url of ['/', '/login', '/healthz', '/v1/unknown', '/assets/index-abc123.js']) {
      const response = await webApp.inject({ method: 'GET', url });
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('never turn an unknown /v1 route into a page', async () => {
    const response = await webApp.inject({ method: 'GET', url: '/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'route.not_found' });
  });
});
