import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument, operationIdFor, securityFor, tagFor } from './openapi-operations.ts';

/** The OpenAPI document, generated from the same zod schemas that validate requests, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Knotwork API',
        description:
          'The API of Knotwork, an online auction house for fine rugs. Amounts are integer cents; times are UTC.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = out.schema as Record<string, unknown>;
      const method = [input.route.method].flat()[0] ?? 'GET';
      schema.operationId ??= operationIdFor(method, input.url);
      schema.tags ??= [tagFor(input.url)];
      schema.security ??= securityFor(app, input.route);
      return out;
    },
    transformObject: (input) =>
      finishDocument(jsonSchemaTransformObject(input) as Record<string, unknown>) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No CSP of its own: the UI loads only its own scripts, so the site's policy (plugins/security.ts) fits it
    // and /api/docs is held to the same rules as every other page (no https: styles, no outside images).
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}
