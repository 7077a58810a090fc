import type { App } from '../../src/http/types';

/** One operation of the OpenAPI description, with what the fuzz test needs to attack it. */
export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/transactions/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  /** Whether the description gives a JSON body (the upload's multipart body is not described). */
  hasJsonBody: boolean;
  isProtected: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  security?: unknown[];
}

/** Every operation the app describes at GET /api/docs/json (what its clients are told). */
export async function listOperations(app: App): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`no OpenAPI description: ${response.body}`);
  const spec = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        // Fastify describes prefixed roots with a trailing slash (/api/budgets/).
        path: path.length > 1 ? path.replace(/\/$/, '') : path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(jsonSchema?.properties ?? {}),
        hasJsonBody: jsonSchema !== undefined,
        isProtected: (operation.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method} ${operation.path}`;
