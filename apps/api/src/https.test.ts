import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, TEST_PASSWORD, testConfig, useTestApp } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';

// A self-signed certificate for localhost and 127.0.0.1, made for these tests only (valid until 2126).
const tlsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/tls');
const TLS = {
  TLS_CERT_FILE: path.join(tlsDir, 'localhost-cert.pem'),
  TLS_KEY_FILE: path.join(tlsDir, 'localhost-key.pem'),
};
const ca = fs.readFileSync(TLS.TLS_CERT_FILE);

const context = useTestApp(TLS);
let origin: string;
let session: http2.ClientHttp2Session;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const address = context.app.server.address();
  origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  session = http2.connect(origin, { ca });
  process.on('warning', onWarning);
});
afterAll(() => {
  process.off('warning', onWarning);
  session?.close();
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request on the shared HTTP/2 connection, as a browser sends it; `until` ends an endless body. */
function request(headers: http2.OutgoingHttpHeaders, body?: string, until?: RegExp): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let status = 0;
    let answerHeaders: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.on('response', (h) => {
      status = Number(h[':status']);
      answerHeaders = h;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      if (until?.test(text)) {
        stream.close();
        resolve({ status, headers: answerHeaders, body: text });
      }
    });
    stream.on('end', () => resolve({ status, headers: answerHeaders, body: text }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('served over HTTPS when given a certificate', () => {
  it('speaks HTTP/2 to a client that offers it (every script of a page on one connection)', async () => {
    const answer = await request({ ':path': '/healthz' });
    expect(session.alpnProtocol).toBe('h2');
    expect(answer.status).toBe(200);
  });

  it('still speaks HTTP/1.1 over TLS to a client that only knows it', async () => {
    const version = await new Promise<string>((resolve, reject) => {
      https
        .get(`${origin}/healthz`, { ca }, (response) => {
          response.resume();
          resolve(`${response.httpVersion} ${response.statusCode}`);
        })
        .on('error', reject);
    });
    expect(version).toBe('1.1 200');
  });

  it('signs a vet in from its own page over HTTP/2, with secure cookies', async () => {
    const vet = await createTestVet(context.app, { kind: 'head' });
    // A browser's POST from the dashboard itself: the host is in `:authority`, there is no Host header.
    const login = await request(
      {
        ':method': 'POST',
        ':path': '/v1/auth/login',
        'content-type': 'application/json',
        origin,
        'sec-fetch-site': 'same-origin',
      },
      JSON.stringify({ email: vet.email, password: TEST_PASSWORD }),
    );
    expect(login.status, login.body).toBe(200);
    const cookies = [login.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    // Another site's page is still refused.
    const forged = await request(
      {
        ':method': 'POST',
        ':path': '/v1/auth/login',
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
      },
      JSON.stringify({ email: vet.email, password: TEST_PASSWORD }),
    );
    expect(forged.status).toBe(403);
    // The same host and port over plain HTTP is another origin, whatever the Host says.
    const downgraded = await request(
      {
        ':method': 'POST',
        ':path': '/v1/auth/login',
        'content-type': 'application/json',
        origin: origin.replace('https:', 'http:'),
      },
      JSON.stringify({ email: vet.email, password: TEST_PASSWORD }),
    );
    expect(downgraded.status).toBe(403);

    // The live updates' stream opens on the same connection, without the connection header HTTP/2
    // forbids (Node would drop it with a warning).
    const cookie = cookies.map((c) => c.split(';', 1)[0]).join('; ');
    warnings.length = 0;
    const events = await request({ ':path': '/v1/events', cookie }, undefined, /retry: \d+/);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toContain('text/event-stream');
    expect(events.body).toMatch(/^retry: \d+/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });
});

describe('TLS settings', () => {
  it('refuses a certificate without its key, naming both settings', () => {
    expect(() => testConfig({ TLS_CERT_FILE: TLS.TLS_CERT_FILE })).toThrow(ConfigError);
    expect(() => testConfig({ TLS_KEY_FILE: TLS.TLS_KEY_FILE })).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE/);
  });

  it('says which file it cannot read, before serving anything', async () => {
    const config = testConfig({ ...TLS, TLS_KEY_FILE: path.join(tlsDir, 'missing-key.pem') });
    await expect(buildApp({ config, database: undefined as never, logger: false })).rejects.toThrow(
      /TLS key .*missing-key\.pem/,
    );
  });

  it('gives the app an https address when no public URL is set', () => {
    expect(testConfig({ ...TLS, PUBLIC_URL: '', PORT: '8443' }).publicUrl).toBe('https://127.0.0.1:8443');
    expect(testConfig({ PUBLIC_URL: '', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
  });
});
