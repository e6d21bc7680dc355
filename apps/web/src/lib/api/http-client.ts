import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { HttpError, NetworkError, SessionExpiredError } from './api-errors.ts';
import { camelCaseKeys } from './camel-case.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

/**
 * The error shape's schema is the contract's, with zod's full API: loaded with the first failed call,
 * which every page's first download can do without. Unloadable, the error keeps its status only.
 */
async function parseErrorBody(body: unknown) {
  try {
    const { errorResponseSchema } = await import('./error-response.ts');
    return errorResponseSchema.safeParse(body);
  } catch {
    return undefined;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** The contract's schemas; the few the first download needs use zod's tree-shakable API. */
export type ResponseSchema = z.ZodType | ZodMiniType;

export interface RequestOptions<S extends ResponseSchema> {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a draft saved as the tab closes); the body must stay under 64 KB. */
  keepalive?: boolean;
  /** Every answer is validated, so a contract drift fails loudly at the call instead of deep in a component. */
  schema: S;
}

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getAccessToken?: () => string | null;
  /** Called once per failed session refresh; the app clears its auth state and goes to login. */
  onSessionExpired?: () => void;
  retryDelayMs?: (extraAttemptsDone: number) => number;
}

export interface UploadOptions<S extends ResponseSchema> {
  method?: 'POST' | 'PUT';
  /** Bytes sent so far of `total`, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  schema: S;
}

export interface HttpClient {
  request<S extends ResponseSchema>(path: string, options: RequestOptions<S>): Promise<z.output<S>>;
  /**
   * A multipart upload with progress: fetch cannot report how much of a request body was sent, so this
   * one call goes through XMLHttpRequest. Not retried (a large body is not sent twice on a hunch), but a
   * 401 refreshes the session once and sends it again, as `request` does.
   */
  upload<S extends ResponseSchema>(
    path: string,
    form: FormData,
    options: UploadOptions<S>,
  ): Promise<z.output<S>>;
}

/** These calls give 401 its own meaning (wrong password, no session yet), so a 401 there is not an expired session. */
const SESSION_CALLS = /^\/v1\/auth\/(login|refresh|logout|password-reset)(\/|$)/;

export function isSessionCall(path: string): boolean {
  return SESSION_CALLS.test(path);
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const isJson = response.headers.get('content-type')?.includes('json');
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (response.ok) throw error;
    return undefined;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const delayFor = options.retryDelayMs ?? retryDelayMs;
  let pendingRefresh: Promise<boolean> | null = null;

  async function send(method: HttpMethod, path: string, init: Omit<RequestOptions<z.ZodType>, 'schema'>) {
    const headers = new Headers({ Accept: 'application/json' });
    // A FormData body (file uploads) gets its multipart Content-Type, with the boundary, from fetch itself.
    const isForm = init.body instanceof FormData;
    if (init.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
    const token = options.getAccessToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let response: Response;
    try {
      response = await doFetch(buildUrl(options.baseUrl, path, init.query), {
        method,
        headers,
        body:
          isForm || init.body === undefined ? (init.body as FormData | undefined) : JSON.stringify(init.body),
        credentials: 'same-origin',
        signal: init.signal,
        keepalive: init.keepalive,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new NetworkError(error instanceof Error ? error.message : 'Network request failed', {
        cause: error,
      });
    }

    const body = await readBody(response);
    if (response.ok) return body;
    const parsed = await parseErrorBody(body);
    throw parsed?.success
      ? new HttpError(response.status, parsed.data.error, parsed.data.code, parsed.data.details)
      : new HttpError(response.status, undefined, undefined);
  }

  async function sendWithRetry(
    method: HttpMethod,
    path: string,
    init: Omit<RequestOptions<z.ZodType>, 'schema'>,
  ) {
    for (let extraAttemptsDone = 0; ; extraAttemptsDone++) {
      try {
        return await send(method, path, init);
      } catch (error) {
        if (init.signal?.aborted || !shouldRetry(method, error, extraAttemptsDone)) throw error;
        await sleep(delayFor(extraAttemptsDone));
      }
    }
  }

  /** Single flight: concurrent 401s share one refresh, because the server rotates (and so revokes) the token it is given. */
  function refreshSession(): Promise<boolean> {
    pendingRefresh ??= sendWithRetry('POST', '/v1/auth/refresh', {})
      .then(
        () => true,
        () => {
          options.onSessionExpired?.();
          return false;
        },
      )
      .finally(() => {
        pendingRefresh = null;
      });
    return pendingRefresh;
  }

  function sendForm(path: string, form: FormData, init: Omit<UploadOptions<z.ZodType>, 'schema'>) {
    return new Promise<unknown>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'POST', buildUrl(options.baseUrl, path));
      xhr.setRequestHeader('Accept', 'application/json');
      const token = options.getAccessToken?.();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) init.onProgress?.(event.loaded, event.total);
      };
      const abort = () => xhr.abort();
      init.signal?.addEventListener('abort', abort, { once: true });
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      xhr.onerror = () => reject(new NetworkError('Network request failed'));
      xhr.onload = async () => {
        init.signal?.removeEventListener('abort', abort);
        const text = xhr.responseText;
        let body: unknown;
        try {
          body = text && xhr.getResponseHeader('content-type')?.includes('json') ? JSON.parse(text) : text;
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(body || undefined);
        const parsed = await parseErrorBody(body);
        reject(
          parsed?.success
            ? new HttpError(xhr.status, parsed.data.error, parsed.data.code, parsed.data.details)
            : new HttpError(xhr.status, undefined, undefined),
        );
      };
      xhr.send(form);
    });
  }

  const sessionExpired = (error: HttpError) => new SessionExpiredError(401, error.serverMessage, error.code);
  const isUnauthorized = (error: unknown): error is HttpError =>
    error instanceof HttpError && error.status === 401;

  return {
    async request(path, { schema, method = 'GET', ...init }) {
      let body: unknown;
      try {
        body = await sendWithRetry(method, path, init);
      } catch (error) {
        if (!isUnauthorized(error) || isSessionCall(path)) throw error;
        if (!(await refreshSession())) throw sessionExpired(error);
        try {
          body = await sendWithRetry(method, path, init);
        } catch (replayError) {
          if (!isUnauthorized(replayError)) throw replayError;
          options.onSessionExpired?.();
          throw sessionExpired(replayError);
        }
      }
      // Both APIs' `parse` return their schema's output; their union loses that.
      return schema.parse(camelCaseKeys(body)) as z.output<typeof schema>;
    },

    async upload(path, form, { schema, ...init }) {
      let body: unknown;
      try {
        body = await sendForm(path, form, init);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        if (!(await refreshSession())) throw sessionExpired(error);
        try {
          body = await sendForm(path, form, init);
        } catch (replayError) {
          if (!isUnauthorized(replayError)) throw replayError;
          options.onSessionExpired?.();
          throw sessionExpired(replayError);
        }
      }
      return schema.parse(camelCaseKeys(body)) as z.output<typeof schema>;
    },
  };
}
