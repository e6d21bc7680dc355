import type { AuthMode } from '../app/authenticate.ts';

/** What the document needs to know of a route besides its schema. */
export interface RouteForDocs {
  method: string | string[];
  config?: { auth?: AuthMode };
}

type Json = Record<string, unknown>;

export const SECURITY_SCHEMES = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: 'vb_access',
    description:
      'The session cookie `POST /v1/auth/login` sets (HTTP-only, 15 minutes; `POST /v1/auth/refresh` renews it ' +
      'with the `vb_refresh` cookie). Over TLS both carry the `__Host-` prefix (`__Host-vb_access`). ' +
      'What the dashboard uses.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: "A vet's access token (the same as the cookie's) in `Authorization: Bearer <token>`.",
  },
  integrationToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An integration token for a collar platform or the owner app (made by a head vet on the Integrations ' +
      'page, or `npm run integration:create`), in `Authorization: Bearer <token>`. Only the calls marked ' +
      'with it accept it, each if the token has the scope it needs: `readings` for collar readings, ' +
      '`owner_app` for the owner app’s journal entries, questions, records and checkup answers.',
  },
  signedLink: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description:
      'A signed link from `GET /v1/diets/{id}/pdf/url`: `expires` and `signature` query parameters (HMAC), valid ' +
      'for 7 days, so an owner can open the PDF without an account.',
  },
} as const;

const SESSION = [{ cookieAuth: [] }, { bearerAuth: [] }];

function securityFor(auth: AuthMode): Json[] | undefined {
  switch (auth) {
    case 'public':
      return [];
    case 'integration':
      return [{ integrationToken: [] }];
    case 'signed-link-or-session':
      return [...SESSION, { signedLink: [] }];
    case 'session':
      return undefined; // the document's default
  }
}

const ACRONYMS: Record<string, string> = { pdf: 'PDF', url: 'URL', csv: 'CSV', rpm: 'RPM' };

/** `getDietPdfUrl` → "Get diet PDF URL": a readable summary from the operation id, when none is given. */
export function summaryFromOperationId(operationId: string): string {
  const words = operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/** Per operation: a summary, and the security its auth mode really asks for. */
export function documentOperation(
  schema: Json | undefined,
  route: { url: string; method: string | string[]; auth: AuthMode },
): Json {
  const operation: Json = { ...schema };
  if (operation.hide) return operation;
  if (!operation.summary && typeof operation.operationId === 'string') {
    operation.summary = summaryFromOperationId(operation.operationId);
  }
  const security = securityFor(route.auth);
  if (security) operation.security = security;
  return operation;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** What each error status means across the API; a route's own description wins. */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is invalid: `details` lists each field and why.',
  '401': 'Not logged in, or the session (or token) has expired.',
  '403': 'Refused: a cross-origin request, a vet without the right, or an altered signed link.',
  '404': 'No such record, or one outside what this vet may see.',
  '409': 'The record is not in a state that allows this (for example, already published).',
  '410': 'The signed link has expired.',
  '413': 'The upload is too large.',
  '415': 'The upload is not of an accepted type.',
  '429': 'Too many requests: try again later.',
  '503': 'The database does not answer.',
};

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * OpenAPI 3.0 reads `nullable` as adding null to the type but not to an `enum`: a nullable enum must
 * list null itself, or validators refuse the nulls the API sends (`familyKind` of a user without a
 * family).
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
    node.enum = [...node.enum, null];
  }
  for (const value of Object.values(node)) allowNullInNullableEnums(value);
}

/** The zod registry also yields an input copy of each named schema (`ErrorInput`) that nothing uses. */
function dropUnusedSchemas(doc: Json): void {
  const components = isObject(doc.components) ? doc.components : undefined;
  const schemas = components && isObject(components.schemas) ? components.schemas : undefined;
  if (!schemas) return;
  const text = JSON.stringify({ ...doc, components: { ...components, schemas: undefined } });
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
}

/**
 * The whole document: every error answer is the shared `Error` schema with its real meaning; a
 * route that needs a session also says it can answer 401, and a `/v1` change 403 (the same-origin
 * check), since every such route can.
 */
/**
 * @fastify/swagger marks every request body required, but a route whose body schema is nullish (a diet's
 * publish, whose body only acknowledges warnings) takes a request with none: a client reading `required`
 * would send `{}` for nothing, and a validating proxy would refuse the API's own accepted calls.
 */
function optionalNullableBodies(paths: Json): void {
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.requestBody)) continue;
      const content = isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      const json = isObject(content['application/json']) ? content['application/json'] : undefined;
      if (json && isObject(json.schema) && json.schema.nullable === true)
        operation.requestBody.required = false;
    }
  }
}

export function finishDocument<T>(document: T): T {
  const doc = document as Json;
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [url, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const responses = (isObject(operation.responses) ? operation.responses : {}) as Json;
      operation.responses = responses;
      const needsLogin = !(Array.isArray(operation.security) && operation.security.length === 0);
      if (needsLogin && !responses['401']) responses['401'] = {};
      if (url.startsWith('/v1/') && UNSAFE_METHODS.has(method) && !responses['403']) responses['403'] = {};
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status) || !isObject(response)) continue;
        // A route whose error has more than one shape (ingestion's 400: a refused batch, listed by
        // reading, or the usual error) keeps its own union; every other error is the shared schema.
        const content = isObject(response.content) ? response.content : undefined;
        const json =
          content && isObject(content['application/json']) ? content['application/json'] : undefined;
        const schema = json && isObject(json.schema) ? json.schema : undefined;
        const ownShape = schema !== undefined && (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf));
        responses[status] = {
          description:
            response.description && response.description !== 'Default Response'
              ? response.description
              : (ERROR_DESCRIPTIONS[status] ?? 'Error'),
          content: ownShape ? content : { 'application/json': { schema: ERROR_REF } },
        };
      }
    }
  }
  allowNullInNullableEnums(doc);
  optionalNullableBodies(paths);
  dropUnusedSchemas(doc);
  return document;
}
