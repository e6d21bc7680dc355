import { expect } from '@playwright/test';
import { test } from '../support/test.ts';

/** What the first visit downloads, as the built app serves it. */
test.describe('first load', () => {
  test('scripts and styles go out pre-compressed, and no source map is served', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const brotli = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.status(), asset).toBe(200);
      const size = Number(brotli.headers()['content-length'] ?? '0');
      // The build keeps files under 1 KB as they are: compressing them gains nothing.
      if (size > 1024 || brotli.headers()['content-encoding']) {
        expect(brotli.headers()['content-encoding'], asset).toBe('br');
      }
      const map = await request.get(`${asset}.map`);
      expect(map.status(), `${asset}.map`).toBe(404);
    }
    const entry = assets.find((asset) => /\/index-[^/]+\.js$/.test(asset));
    expect(entry).toBeDefined();
    const gzip = await request.get(entry ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await (
      await request.get(entry ?? '', { headers: { 'accept-encoding': 'identity' } })
    ).text();
    expect(plain).not.toContain('sourceMappingURL');
  });

  test('robots are told to stay out', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await request.get('/login')).headers()['x-robots-tag']).toBe('noindex, nofollow');
  });
});
