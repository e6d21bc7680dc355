import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests, served at /openapi.json. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: `${app.config.productName} API`, version: '1' },
        components: {
          securitySchemes: {
            cookieAuth: { type: 'apiKey', in: 'cookie', name: 'vb_access' },
            bearerAuth: { type: 'http', scheme: 'bearer' },
          },
        },
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
