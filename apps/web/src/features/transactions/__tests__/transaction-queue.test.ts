import type { ValidTransactionInput } from '@moneta/shared/transaction-schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { makeTransaction } from '@/testing/transactions';
import {
  flushTransactionQueue,
  queuedTransactions,
  queueTransaction,
} from '../offline/transaction-queue';

const ADA = 'user-ada';
const input: ValidTransactionInput = {
  name: 'Bus ticket',
  category: 'Transport',
  cost: 2.5,
  addedOn: '2026-03-01',
  isIncome: false,
  note: '',
  accountId: undefined,
  currency: undefined,
};

describe('offline transaction queue', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('token', 'jwt-token');
  });

  it('sends a transaction again with the same Idempotency-Key after a failed attempt', async () => {
    let isNetworkDown = true;
    const { calls } = fakeApi({
      'POST /api/transactions': () => {
        if (isNetworkDown) throw new TypeError('Failed to fetch');
        return { status: 201, body: makeTransaction({ name: 'Bus ticket' }) };
      },
    });
    const { key } = queueTransaction(ADA, input);

    const first = await flushTransactionQueue(ADA);
    expect(first).toMatchObject({ sent: [], refused: [], waiting: 1 });
    expect(queuedTransactions(ADA)).toHaveLength(1);

    isNetworkDown = false;
    const second = await flushTransactionQueue(ADA);
    expect(second.sent.map((transaction) => transaction.name)).toEqual(['Bus ticket']);
    expect(queuedTransactions(ADA)).toEqual([]);

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.map((call) => call.headers.get('Idempotency-Key'))).toEqual([key, key]);
    expect(posts[1]?.body).toEqual(JSON.parse(JSON.stringify(input)));
  });

  it('keeps what a server error leaves, drops what the server refuses', async () => {
    fakeApi({
      'POST /api/transactions': ({ body }) =>
        (body as ValidTransactionInput).name === 'Refused'
          ? { status: 400, body: { message: 'This account is archived.', code: 'VALIDATION' } }
          : { status: 503, body: { message: 'Busy.' } },
    });
    queueTransaction(ADA, { ...input, name: 'Refused' });
    queueTransaction(ADA, { ...input, name: 'Later' });

    const result = await flushTransactionQueue(ADA);
    expect(result.refused.map(({ entry, error }) => [entry.input.name, error.message])).toEqual([
      ['Refused', 'This account is archived.'],
    ]);
    expect(result.waiting).toBe(1);
    expect(queuedTransactions(ADA).map((entry) => entry.input.name)).toEqual(['Later']);
  });

  it("sends only the signed-in user's transactions, and one round at a time", async () => {
    const { calls } = fakeApi({
      'POST /api/transactions': { status: 201, body: makeTransaction() },
    });
    queueTransaction('someone-else', { ...input, name: 'Not mine' });
    queueTransaction(ADA, input);

    const [one, two] = await Promise.all([flushTransactionQueue(ADA), flushTransactionQueue(ADA)]);
    expect(one).toBe(two);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(queuedTransactions('someone-else')).toHaveLength(1);
  });
});
