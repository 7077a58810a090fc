import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layer rules (docs/architecture.md, Layers) are lint errors, checked here on code
 * that breaks them, so a change to the lint configuration cannot drop them unnoticed.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('layer rules', () => {
  it('refuse a route that imports a repository', async () => {
    const messages = await restrictedImports(
      'apps/server/src/domains/goals/goals-routes.ts',
      "import { createGoalsRepository } from './goals-repository';\nexport const made = createGoalsRepository;\n",
    );
    expect(messages).toEqual([expect.stringContaining('Routes call services')]);
  });

  it('refuse a repository that imports a service, even for a type', async () => {
    const messages = await restrictedImports(
      'apps/server/src/domains/goals/goals-repository.ts',
      "import type { GoalsService } from './goals-service';\nexport type Service = GoalsService;\n",
    );
    expect(messages).toEqual([expect.stringContaining('Repositories never import services')]);
  });

  it('let a route import its service and a service its repository', async () => {
    expect(
      await restrictedImports(
        'apps/server/src/domains/goals/goals-routes.ts',
        "import type { GoalsService } from './goals-service';\nexport type Service = GoalsService;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/server/src/domains/goals/goals-service.ts',
        "import { createGoalsRepository } from './goals-repository';\nexport const made = createGoalsRepository;\n",
      ),
    ).toEqual([]);
  });
});
