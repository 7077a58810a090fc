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
    .filter((message) =>
      ['no-restricted-imports', '@typescript-eslint/no-restricted-imports'].includes(
        message.ruleId ?? '',
      ),
    )
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

  it("refuse a domain that makes another domain's repository, from any folder depth", async () => {
    const refused = [expect.stringContaining("Another domain's repository")];
    expect(
      await restrictedImports(
        'apps/server/src/domains/goals/goals-service.ts',
        "import { createAccountsRepository } from '../accounts/accounts-repository';\nexport const made = createAccountsRepository;\n",
      ),
    ).toEqual(refused);
    expect(
      await restrictedImports(
        'apps/server/src/domains/receipts/extract/extract-total.ts',
        "import { createRulesRepository } from '../../rules/rules-repository';\nexport const made = createRulesRepository;\n",
      ),
    ).toEqual(refused);
  });

  it("let a domain import another domain's repository types, its reader and its own repository", async () => {
    const path = 'apps/server/src/domains/goals/goals-service.ts';
    const allowed = [
      "import type { AccountsRepository } from '../accounts/accounts-repository';\nexport type Accounts = AccountsRepository;\n",
      "import { createAccountsReader } from '../accounts/accounts-reader';\nexport const made = createAccountsReader;\n",
      "import { createGoalsRepository } from './goals-repository';\nexport const made = createGoalsRepository;\n",
    ];
    for (const code of allowed) expect(await restrictedImports(path, code)).toEqual([]);
    expect(
      await restrictedImports(
        'apps/server/src/domains/receipts/extract/extract-total.ts',
        "import { createReceiptsRepository } from '../receipts-repository';\nexport const made = createReceiptsRepository;\n",
      ),
    ).toEqual([]);
  });

  it('let the restore, on the allow-list, write through the repositories', async () => {
    expect(
      await restrictedImports(
        'apps/server/src/domains/portability/restore-writer.ts',
        "import { createGoalsRepository } from '../goals/goals-repository';\nexport const made = createGoalsRepository;\n",
      ),
    ).toEqual([]);
  });
});
