import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { isApiPath } from '../../lib/api-path.ts';
import type { OpenApiTag } from '../../modules/manifest.ts';
import {
  documentOperation,
  finishDocument,
  type RouteForDocs,
  SECURITY_SCHEMES,
} from './openapi-document.ts';

/**
 * OpenAPI generated from the same zod schemas that validate requests, served at /openapi.json and
 * read at /docs (Swagger UI, its own files only, so the app's CSP holds). Each operation gets its
 * summary, its real security (from the route's auth mode) and its errors in lib/openapi-document.ts;
 * the tags, one per area of the API and each described, come from the modules' manifests.
 */
export const swaggerPlugin = fp<{ tags: readonly OpenApiTag[] }>(
  async (app, options) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${app.config.productName} API`,
          version: '1',
          description:
            `The API behind the ${app.config.productName} dashboard. Vets log in with \`POST /v1/auth/login\`, ` +
            'which sets the session cookies a browser sends by itself; other clients send the access token as ' +
            '`Authorization: Bearer`. Collar platforms send readings with an integration token. Every error ' +
            'answers `{ error, code, details? }` (the `Error` schema) with a stable `code`.',
        },
        servers: [{ url: app.config.publicUrl, description: 'This server' }],
        tags: [...options.tags],
        components: { securitySchemes: SECURITY_SCHEMES },
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        const route = input.route as RouteForDocs;
        return {
          ...transformed,
          schema: documentOperation(transformed.schema as Record<string, unknown>, {
            url: transformed.url,
            method: route.method,
            auth: isApiPath(transformed.url) ? (route.config?.auth ?? 'session') : 'public',
          }),
        };
      },
      transformObject: (input) => finishDocument(jsonSchemaTransformObject(input)),
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
      theme: { title: `${app.config.productName} API reference` },
    });
  },
  { name: 'swagger' },
);
