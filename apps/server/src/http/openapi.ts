import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@preciofab/shared/contracts/common';
import type { Operation } from '@preciofab/shared/operation';
import { DOCS_CSP } from './security-headers.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

/** OpenAPI 3 document generated from the same contracts the routes validate with. */
export function buildOpenApi(operations: Operation[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const error = {
    description: 'Error',
    content: { 'application/json': { schema: toSchema(errorBody, 'output') } },
  };
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      description:
        op.access === 'public' ? 'No token needed.' : `Needs a bearer token of role ${op.access} or higher.`,
      'x-access': op.access,
      ...(op.access === 'public' ? { security: [] } : {}),
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(op.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: 'Success',
          content: op.produces
            ? Object.fromEntries(
                op.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              )
            : { 'application/json': { schema: toSchema(op.response, 'output') } },
        },
        '400': error,
        ...(op.access === 'public' ? {} : { '401': error, '403': error }),
        '404': error,
        '409': error,
        ...Object.fromEntries((op.errors ?? []).map((status) => [String(status), error])),
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'PrecioFab API',
      version: '1.0.0',
      description: 'Price intelligence for digital fabrication.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PrecioFab API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui' });`;

export function registerDocsRoutes(app: FastifyInstance, operations: Operation[]): void {
  let doc: JsonSchema | undefined;
  app.get('/api/v1/openapi.json', async () => (doc ??= buildOpenApi(operations)));
  app.get('/docs', async (_req, reply) =>
    reply.header('content-security-policy', DOCS_CSP).type('text/html').send(DOCS_HTML),
  );
  app.get('/docs/init.js', async (_req, reply) => reply.type('text/javascript').send(DOCS_INIT));
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
    const body = readFileSync(join(swaggerDir, file));
    app.get(`/docs/${file}`, async (_req, reply) =>
      reply.type(file.endsWith('.css') ? 'text/css' : 'text/javascript').send(body),
    );
  }
}
