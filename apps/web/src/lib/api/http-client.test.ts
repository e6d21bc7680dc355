import { okResponseSchema } from '@vetboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError, NetworkError, SessionExpiredError } from './api-errors.ts';
import { buildUrl, createHttpClient, type HttpClientOptions } from './http-client.ts';

type Answer = { status: number; body?: unknown } | Error;

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake server: each path answers from its queue of scripted answers, the last one repeating. */
function fakeServer(routes: Record<string, Answer[]>) {
  const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body:
        init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const path = new URL(url, 'http://x').pathname;
    const queue = routes[path];
    if (!queue) return json(404, { error: 'Not found', code: 'route.not_found' });
    const answer = queue.length > 1 ? (queue.shift() as Answer) : (queue[0] as Answer);
    if (answer instanceof Error) throw answer;
    return json(answer.status, answer.body);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(routes: Record<string, Answer[]>, extra: Partial<HttpClientOptions> = {}) {
  const server = fakeServer(routes);
  const onSessionExpired = vi.fn();
  const http = createHttpClient({
    baseUrl: '/',
    fetch: server.fetch,
    retryDelayMs: () => 0,
    onSessionExpired,
    ...extra,
  });
  return { http, calls: server.calls, onSessionExpired };
}

const anything = z.unknown();

describe('buildUrl', () => {
  it('joins the base URL and the path and drops empty query values', () => {
    expect(buildUrl('/', '/v1/vets')).toBe('/v1/vets');
    expect(
      buildUrl('https://api.example.com/', 'v1/vets', { page: 1, q: undefined, x: null, on: true }),
    ).toBe('https://api.example.com/v1/vets?page=1&on=true');
  });
});

describe('http client', () => {
  it('sends JSON with same-origin credentials and camelCases the answer', async () => {
    const { http, calls } = client({
      '/v1/things': [{ status: 200, body: { first_name: 'Ada', list: [{ a_b: 1 }] } }],
    });
    const result = await http.request('/v1/things', { method: 'POST', body: { x: 1 }, schema: anything });
    expect(result).toEqual({ firstName: 'Ada', list: [{ aB: 1 }] });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ x: 1 });
  });

  it('sends a FormData body as it is, leaving its multipart Content-Type to fetch', async () => {
    const { http, calls } = client({ '/v1/upload': [{ status: 200, body: { ok: true } }] });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await http.request('/v1/upload', { method: 'POST', body: form, schema: okResponseSchema });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.get('content-type')).toBeNull();
  });

  it('adds the bearer header when a token is set', async () => {
    const { http, calls } = client(
      { '/v1/ok': [{ status: 200, body: { ok: true } }] },
      { getAccessToken: () => 'tkn' },
    );
    await http.request('/v1/ok', { schema: okResponseSchema });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tkn');
  });

  it('turns error bodies into HttpError with the server text', async () => {
    const { http } = client({
      '/v1/bad': [{ status: 400, body: { error: 'Bad input', code: 'request.invalid', details: [] } }],
    });
    const error = await http
      .request('/v1/bad', { method: 'POST', schema: anything })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Bad input', code: 'request.invalid' });
  });

  it('retries a GET twice more on 5xx and network errors, then succeeds', async () => {
    const { http, calls } = client({
      '/v1/flaky': [{ status: 503 }, new TypeError('Failed to fetch'), { status: 200, body: { ok: true } }],
    });
    await expect(http.request('/v1/flaky', { schema: okResponseSchema })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('gives up after 2 extra attempts', async () => {
    const { http, calls } = client({ '/v1/down': [new TypeError('Failed to fetch')] });
    await expect(http.request('/v1/down', { schema: anything })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(3);
  });

  it('does not retry 4xx or mutations', async () => {
    const { http, calls } = client({ '/v1/missing': [{ status: 404 }], '/v1/write': [{ status: 503 }] });
    await expect(http.request('/v1/missing', { schema: anything })).rejects.toMatchObject({ status: 404 });
    await expect(http.request('/v1/write', { method: 'POST', schema: anything })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(2);
  });

  it('refreshes the session once on a 401 and replays the request', async () => {
    const { http, calls, onSessionExpired } = client({
      '/v1/auth/vet': [{ status: 401 }, { status: 200, body: { ok: true } }],
      '/v1/auth/refresh': [{ status: 200, body: { ok: true } }],
    });
    await expect(http.request('/v1/auth/vet', { schema: okResponseSchema })).resolves.toEqual({ ok: true });
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      '/v1/auth/vet',
      '/v1/auth/refresh',
      '/v1/auth/vet',
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { http, calls } = client({
      '/v1/a': [{ status: 401 }, { status: 200, body: { ok: true } }],
      '/v1/b': [{ status: 401 }, { status: 200, body: { ok: true } }],
      '/v1/auth/refresh': [{ status: 200, body: { ok: true } }],
    });
    await Promise.all([
      http.request('/v1/a', { schema: okResponseSchema }),
      http.request('/v1/b', { schema: okResponseSchema }),
    ]);
    expect(calls.filter((call) => call.url.endsWith('/v1/auth/refresh'))).toHaveLength(1);
  });

  it('expires the session when the refresh fails', async () => {
    const { http, onSessionExpired } = client({
      '/v1/a': [{ status: 401 }],
      '/v1/b': [{ status: 401 }],
      '/v1/auth/refresh': [{ status: 401 }],
    });
    const results = await Promise.allSettled([
      http.request('/v1/a', { schema: anything }),
      http.request('/v1/b', { schema: anything }),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
    }
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it.each(['/v1/auth/login', '/v1/auth/logout', '/v1/auth/refresh', '/v1/auth/password-reset/confirm'])(
    'lets a 401 from %s through without refreshing',
    async (path) => {
      const { http, calls, onSessionExpired } = client({
        [path]: [
          { status: 401, body: { error: 'Invalid email or password', code: 'auth.invalid_credentials' } },
        ],
      });
      const error = await http.request(path, { method: 'POST', schema: anything }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).not.toBeInstanceOf(SessionExpiredError);
      expect(calls).toHaveLength(1);
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it('validates the answer against the schema', async () => {
    const { http } = client({ '/v1/ok': [{ status: 200, body: { ok: false } }] });
    await expect(http.request('/v1/ok', { schema: okResponseSchema })).rejects.toThrow();
  });
});

/** A fake XMLHttpRequest: each send reports half then all of the body sent, then answers the next scripted answer. */
function fakeXhr(answers: { status: number; body?: unknown }[]) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request = {
      method: '',
      url: '',
      headers: {} as Record<string, string>,
      body: undefined as unknown,
    };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      const answer = answers.shift() ?? { status: 500 };
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('http client uploads', () => {
  it('sends the form with the bearer token, reports the progress and camelCases the answer', async () => {
    const sent = fakeXhr([{ status: 201, body: { medical_record: { uuid: 'r1' } } }]);
    const { http } = client({}, { getAccessToken: () => 'token-1' });
    const form = new FormData();
    form.append('petUuid', 'p1');
    const progress: number[] = [];
    const result = await http.upload('/v1/medical-records', form, {
      schema: anything,
      onProgress: (done, total) => progress.push(done / total),
    });
    expect(result).toEqual({ medicalRecord: { uuid: 'r1' } });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/v1/medical-records', body: form });
    expect(sent[0]?.headers.authorization).toBe('Bearer token-1');
    vi.unstubAllGlobals();
  });

  it('gives the API’s refusal as an HttpError, and after a 401 refreshes the session once and sends again', async () => {
    fakeXhr([
      { status: 415, body: { error: 'The file must be a PDF', code: 'medical_records.unsupported_type' } },
      { status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } },
      { status: 201, body: { ok: true } },
    ]);
    const { http, calls } = client({ '/v1/auth/refresh': [{ status: 200, body: { ok: true } }] });
    const refused = http.upload('/v1/medical-records', new FormData(), { schema: anything });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 415, serverMessage: 'The file must be a PDF' });
    await expect(http.upload('/v1/medical-records', new FormData(), { schema: anything })).resolves.toEqual({
      ok: true,
    });
    expect(calls.map((call) => call.url)).toEqual(['/v1/auth/refresh']);
    vi.unstubAllGlobals();
  });
});
