import { describe, expect, it } from 'vitest';
import { TRANSACTION_MESSAGES, transactionInputSchema } from './transaction-schemas';

const messagesFor = (input: unknown) =>
  transactionInputSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('transactionInputSchema', () => {
  it('reports a missing expense name together with the other problems', () => {
    expect(messagesFor({ name: '', category: '', cost: '', addedOn: '', isIncome: false })).toEqual(
      [
        ['category', TRANSACTION_MESSAGES.categoryRequired],
        ['cost', TRANSACTION_MESSAGES.costInvalid],
        ['addedOn', TRANSACTION_MESSAGES.dateInvalid],
        ['name', TRANSACTION_MESSAGES.nameRequired],
      ],
    );
  });

  it('does not ask an income for a name, and names it after its category', () => {
    expect(
      messagesFor({ name: '', category: '', cost: 5, addedOn: '2026-01-01', isIncome: true }),
    ).toEqual([['category', TRANSACTION_MESSAGES.categoryRequired]]);
    const parsed = transactionInputSchema.parse({
      name: ' ',
      category: 'Salary',
      cost: '12.50',
      addedOn: '2026-01-01',
      isIncome: true,
    });
    expect(parsed).toMatchObject({ name: 'Salary Income', cost: 12.5, note: null });
  });

  it("trims the name and keeps a full ISO timestamp's date", () => {
    const parsed = transactionInputSchema.parse({
      name: ' Tea ',
      category: 'Food',
      cost: 2,
      addedOn: '2026-03-10T23:59:00Z',
      isIncome: false,
    });
    expect(parsed).toMatchObject({ name: 'Tea', addedOn: '2026-03-10' });
  });
});
