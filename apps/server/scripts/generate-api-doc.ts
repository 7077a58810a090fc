// `npm run docs:api`: writes docs/api.md from docs/api.template.md, the OpenAPI description of
// the routes (their schemas in apps/server/src/domains/*/*-routes.ts and packages/shared) and
// the app's route table (the role each route needs).
// apps/server/test/plugins/api-doc.test.ts fails when the committed page differs from what this writes.
import { readFile, writeFile } from 'node:fs/promises';
import { describeApi } from './api-doc/openapi-document';
import { API_DOC, API_DOC_TEMPLATE, renderApiDoc } from './api-doc/render-api-doc';

const { document, routes } = await describeApi();
const page = renderApiDoc(document, await readFile(API_DOC_TEMPLATE, 'utf8'), routes);
await writeFile(API_DOC, page);
console.warn(`Wrote ${API_DOC.pathname} (${page.split('\n').length} lines).`);
