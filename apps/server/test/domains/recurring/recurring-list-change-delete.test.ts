// Recurring rules listed, changed and deleted.
import type { Transaction } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import {
  call,
  context,
  createRecurringRule,
  duplicateOccurrences,
  listRules,
  recordedDates,
  recurringRule,
} from './recurring-setup';

describe('GET /api/recurring', () => {
  it('lists by next due date, then name, and only the caller’s rules', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await createRecurringRule(user, recurringRule({ name: 'Water', startDate: '2026-03-20' }));
    await createRecurringRule(user, recurringRule({ name: 'gym', startDate: '2026-03-20' }));
    await createRecurringRule(
      user,
      recurringRule({ name: 'Phone', frequency: 'daily', startDate: '2026-03-01' }),
    );
    await createRecurringRule(
      user,
      recurringRule({ name: 'Car tax', frequency: 'annually', startDate: '2025-06-01' }),
    );
    await createRecurringRule(other, recurringRule({ name: 'Hidden' }));
    const rules = await listRules(user);
    expect(rules.map((item) => [item.nextDueDate, item.name])).toEqual([
      ['2026-03-16', 'Phone'],
      ['2026-03-20', 'gym'],
      ['2026-03-20', 'Water'],
      ['2026-06-01', 'Car tax'],
    ]);
  });
});

describe('PUT /api/recurring/:id', () => {
  it('recomputes the next due date and never duplicates a recorded date', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ startDate: '2026-01-31', amount: 100 }),
    );
    expect(await recordedDates(created._id)).toEqual(['2026-01-31', '2026-02-28']);
    expect(created.nextDueDate).toBe('2026-03-31');

    // A new amount and name: nothing new to record, recorded transactions stay as they were.
    const renamed = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ name: 'Flat', startDate: '2026-01-31', amount: 120 }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Flat', amount: 120, nextDueDate: '2026-03-31' });
    expect(await recordedDates(created._id)).toEqual(['2026-01-31', '2026-02-28']);
    const { rows } = await context.database.pool.query(
      'SELECT DISTINCT name, cost_cents FROM transactions WHERE recurring_id = $1',
      [created._id],
    );
    expect(rows).toEqual([{ name: 'Rent', cost_cents: 10000 }]);

    // Weekly from Jan 31: the occurrences not recorded yet are added; Jan 31 and Feb 28 (four
    // weeks later) are not recorded twice.
    const weekly = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ name: 'Flat', startDate: '2026-01-31', frequency: 'weekly' }),
    );
    expect(weekly.json().nextDueDate).toBe('2026-03-21');
    expect(await recordedDates(created._id)).toEqual([
      '2026-01-31',
      '2026-02-07',
      '2026-02-14',
      '2026-02-21',
      '2026-02-28',
      '2026-03-07',
      '2026-03-14',
    ]);

    // Moved to a future start: nothing recorded, due on the new start date.
    const later = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ startDate: '2026-05-01' }),
    );
    expect(later.json()).toMatchObject({ startDate: '2026-05-01', nextDueDate: '2026-05-01' });
    expect(await recordedDates(created._id)).toHaveLength(7);
    expect(await duplicateOccurrences()).toEqual([]);
  });

  it('rejects an invalid update and leaves the rule as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(user);
    for (const overrides of [
      { amount: -1 },
      { frequency: 'yearly' },
      { startDate: '2026-13-01' },
      { name: '' },
    ]) {
      const response = await call(
        user,
        'PUT',
        `/api/recurring/${created._id}`,
        recurringRule(overrides),
      );
      expect(response.statusCode).toBe(400);
    }
    expect(await listRules(user)).toEqual([created]);
  });

  it("answers 404 for another user's rule or a malformed id, leaving theirs unchanged", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const alices = await createRecurringRule(alice, recurringRule({ name: 'Alice rent' }));

    const update = await call(
      bob,
      'PUT',
      `/api/recurring/${alices._id}`,
      recurringRule({ amount: 1 }),
    );
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({
      message: 'Recurring transaction not found.',
      code: 'RECURRING_NOT_FOUND',
    });
    expect((await call(bob, 'DELETE', `/api/recurring/${alices._id}`)).statusCode).toBe(404);
    for (const id of ['nope', '42', `${alices._id}0`]) {
      expect((await call(alice, 'PUT', `/api/recurring/${id}`, recurringRule())).statusCode).toBe(
        404,
      );
      expect((await call(alice, 'DELETE', `/api/recurring/${id}`)).statusCode).toBe(404);
    }
    expect(await listRules(bob)).toEqual([]);
    expect(await listRules(alice)).toEqual([alices]);
    expect(await recordedDates(alices._id)).toEqual(['2026-03-01']);
  });
});

describe('DELETE /api/recurring/:id', () => {
  it('deletes the rule and keeps its transactions, with recurringId null', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-03-01' }),
    );
    expect(await recordedDates(created._id)).toHaveLength(3);

    const response = await call(user, 'DELETE', `/api/recurring/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Recurring transaction deleted.' });
    expect(await listRules(user)).toEqual([]);
    const page = (await call(user, 'GET', '/api/transactions')).json<{
      transactions: Transaction[];
    }>();
    expect(page.transactions.map((item) => [item.addedOn, item.recurringId])).toEqual([
      ['2026-03-15', null],
      ['2026-03-08', null],
      ['2026-03-01', null],
    ]);
    expect((await call(user, 'DELETE', `/api/recurring/${created._id}`)).statusCode).toBe(404);
  });
});
