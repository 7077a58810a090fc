import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The security of a route any bearer token may call: a session token, or an API token (a `read`
 * one on GET only).
 */
export const BEARER_SECURITY = [{ bearerAuth: [] as string[] }];

/** The security of a route that manages the account: a session token only, never an API token. */
export const SESSION_ONLY_SECURITY = [{ sessionAuth: [] as string[] }];

/**
 * Prose for a route's `description` or a schema's, written indented in the source: each
 * paragraph (blank-line separated) and each `- ` list item on one line. docs/api.md is
 * generated from these (npm run docs:api).
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((all, part, index) => `${all}${String(values[index - 1])}${part}`);
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .trim()
        .split(/\n\s*(?=- )/)
        .map((line) => line.replace(/\s*\n\s*/g, ' '))
        .join('\n'),
    )
    .join('\n\n');
}

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The components `paths` name by `$ref`, and those they name in turn, in the order first named
 * (the order docs/api.md lists its shapes in).
 */
export function namedComponents(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const named = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key !== '$ref' || typeof child !== 'string') visit(child);
        else {
          const name = child.slice(child.lastIndexOf('/') + 1);
          if (!named.has(name)) {
            named.add(name);
            visit(schemas[name]);
          }
        }
      }
    }
  };
  visit(paths);
  return named;
}

/**
 * Without the `…Input` components no route reads. fastify-type-provider-zod writes every shape
 * with an `id` twice, as a body reads it (`<id>Input`) and as an answer writes it; the shared
 * shapes are answers, so those copies would only be noise in the description.
 */
function withoutUnreadInputs(document: OpenApiObject): OpenApiObject {
  // Only an OpenAPI 3 description has components (Swagger 2 has definitions).
  if (!('components' in document) || !document.components?.schemas) return document;
  const { schemas } = document.components;
  const named = namedComponents(document.paths, schemas);
  // The library builds this object afresh on each call: dropping entries touches nothing shared.
  for (const name of Object.keys(schemas)) {
    if (name.endsWith('Input') && !named.has(name)) delete schemas[name];
  }
  return document;
}

/**
 * OpenAPI 3 generated from the route schemas, with a browsable UI at /api/docs. Shared schemas
 * that carry an `id` (`.meta({ id })` in packages/shared) are components, referenced by `$ref`.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Moneta API',
        description:
          'Self-hosted personal finance: transactions, budgets, recurring rules, receipts.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token, or an API token (a `read` one on GET only).',
          },
          sessionAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token only: an API token gets 403 `SESSION_REQUIRED`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnreadInputs(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
