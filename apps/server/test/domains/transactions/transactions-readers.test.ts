import { ErrorCode, transactionInputSchema } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHouseholdOf } from '../../../src/domains/households/default-household';
import { domainReaders } from '../../../src/domains/transactions/domain-readers';
import { createTransactionsService } from '../../../src/domains/transactions/transactions-service';
import { createTestApp, signUp, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const input = transactionInputSchema.parse({
  name: 'Train to the coast',
  category: 'Transport',
  cost: 12.5,
  addedOn: '2026-03-14',
  isIncome: false,
  tags: ['TRIP'],
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

const householdOf = async (user: { id: string }) =>
  (await defaultHouseholdOf(context.database.db, user.id)).id;

describe('what the transactions service reads of other domains comes through its readers', () => {
  it('writes with the default readers as with the other domains’ own data', async () => {
    const alice = await signUp(context.app, { setup: true });
    const service = createTransactionsService(context.database.db);
    const created = await service.create(await householdOf(alice), alice.id, input);
    expect(created.tags).toEqual(['TRIP']);
    expect(created.currency).toBe('USD');
  });

  it('takes the tag spellings and the account names from injected readers', async () => {
    const bob = await signUp(context.app, { setup: true });
    const db = context.database.db;
    const service = createTransactionsService(db, (executor) => ({
      ...domainReaders(executor),
      tagSpellings: async () => new Map([['trip', 'Trip']]),
      accountNames: async () => new Map(),
    }));
    const created = await service.create(await householdOf(bob), bob.id, input);
    expect(created.tags).toEqual(['Trip']);

    const csv = await readAll(await service.exportCsv(await defaultHouseholdOf(db, bob.id), {}));
    const [, row] = csv.trim().split('\n');
    // The account's column is empty: the injected reader names no account.
    expect(row).toContain('Train to the coast,Transport,12.50,,,USD');
  });

  it('refuses a write for a user the reader no longer finds (a session that outlived its user)', async () => {
    const carol = await signUp(context.app, { setup: true });
    const service = createTransactionsService(context.database.db, (executor) => ({
      ...domainReaders(executor),
      baseCurrencyOf: async () => undefined,
    }));
    await expect(service.create(await householdOf(carol), carol.id, input)).rejects.toMatchObject({
      code: ErrorCode.INVALID_TOKEN,
    });
  });
});
