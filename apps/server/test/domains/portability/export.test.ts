// The export of a user’s data: GET /api/export.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOB_MARKER,
  alice,
  attachedJpg,
  attachedPdf,
  bob,
  context,
  exportOf,
  linesOf,
  receiptFiles,
  receiptPdf,
  receiptPng,
} from './export-restore-setup';

describe('GET /api/export', () => {
  it('is a zip of every entity of the user, with a manifest', async () => {
    const files = await exportOf(alice);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      format: string;
      version: number;
      baseCurrency: string;
      counts: Record<string, number>;
    };
    expect(manifest).toMatchObject({ format: 'moneta-export', version: 1, baseCurrency: 'USD' });
    expect(manifest.counts).toMatchObject({
      accounts: 3,
      transfers: 1,
      budgets: 1,
      recurring: 1,
      rules: 1,
      rates: 1,
      receipts: 2,
      goals: 1,
      savedFilters: 1,
    });
    expect(linesOf(files, 'budgets.jsonl')[0]).toMatchObject({
      rollover: true,
      repeat: true,
    });
    expect(linesOf(files, 'saved-filters.jsonl')).toEqual([
      { name: 'Big trips', query: 'amount:>10 tag:trip' },
    ]);
    const tagged = linesOf(files, 'transactions.jsonl').filter(
      (line) => (line.tags as string[]).length > 0,
    );
    expect(tagged.map((line) => line.name).sort()).toEqual([
      'Coffee 12',
      'Coffee 16',
      'Coffee 20',
      'Coffee 4',
      'Coffee 8',
    ]);
    expect(tagged.every((line) => JSON.stringify(line.tags) === '["Trip","work"]')).toBe(true);
    const savingsId = linesOf(files, 'accounts.jsonl').find((a) => a.name === 'Savings')?.id;
    expect(linesOf(files, 'goals.jsonl')[0]).toMatchObject({
      name: 'Holiday',
      targetCents: 150000,
      accountId: savingsId,
    });
    // 20 coffees, the salary, the croissant, the rent's occurrence, the receipts' 2 expenses.
    expect(manifest.counts.transactions).toBe(linesOf(files, 'transactions.jsonl').length);
    expect(manifest.counts.transactions).toBeGreaterThanOrEqual(24);
    const shas = receiptFiles(files);
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(shas).toContain(hash(receiptPng));
    expect(shas).toContain(hash(receiptPdf));
    expect(manifest.counts.attachments).toBe(2);
    expect(manifest.counts.splits).toBe(2);
    const transactionNames = new Map(
      linesOf(files, 'transactions.jsonl').map((t) => [t.id, t.name]),
    );
    expect(
      linesOf(files, 'splits.jsonl').map((part) => ({
        ...part,
        transactionId: transactionNames.get(part.transactionId),
      })),
    ).toEqual([
      {
        transactionId: 'Market run',
        position: 0,
        category: 'Household',
        amountCents: 2000,
        note: 'soap',
      },
      { transactionId: 'Market run', position: 1, category: 'Food', amountCents: 6450, note: null },
    ]);
    expect(receiptFiles(files, 'attachments/')).toEqual(
      [hash(attachedJpg), hash(attachedPdf)].sort(),
    );
    const coffee3 = linesOf(files, 'transactions.jsonl').find((t) => t.name === 'Coffee 3');
    expect(linesOf(files, 'attachments.jsonl').map((a) => [a.transactionId, a.fileName])).toEqual([
      [coffee3?.id, 'warranty.jpg'],
      [coffee3?.id, 'invoice.pdf'],
    ]);
    expect(linesOf(files, 'categories.jsonl')).toEqual(
      expect.arrayContaining([
        { name: 'Hobbies', isIncome: false, hidden: true },
        { name: 'Transportation', isIncome: false, hidden: true },
      ]),
    );
  });

  it('holds nothing of another user', async () => {
    const files = await exportOf(alice);
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from(bytes).includes(BOB_MARKER), name).toBe(false);
      expect(Buffer.from(bytes).includes(bob.id), name).toBe(false);
    }
    const bobs = await exportOf(bob);
    expect(linesOf(bobs, 'transactions.jsonl')).toHaveLength(1);
    expect(linesOf(bobs, 'receipts.jsonl')).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/export' });
    expect(response.statusCode).toBe(401);
  });
});
