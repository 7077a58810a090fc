// Imports: the flow from upload to commit, and the column mapping.
import type { Import, ImportRow } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { importFixture } from '../../support/import-files';
import { signUp } from '../../test-app';
import {
  allRows,
  call,
  commit,
  context,
  csv,
  ok,
  transactionsOf,
  upload,
  uploadFixture,
} from './imports-setup';

describe('the import flow: commit, undo and discard', () => {
  it('creates transactions with the import id in the chosen account; the list shows the import', async () => {
    const user = await signUp(context.app, { setup: true });
    const card = await given.account(context.app, user, {
      name: 'Visa',
      type: 'credit',
    });
    const imported = await upload(user, 'card.qfx', importFixture('credit-card-ofx2.qfx'), {
      accountId: card._id,
      accountAfterFile: true,
    });
    expect(imported.accountId).toBe(card._id);
    expect(await commit(user, imported._id)).toMatchObject({ created: 5 });
    const created = await transactionsOf(user, `&accountId=${card._id}`);
    expect(created).toHaveLength(5);
    expect(created.every((transaction) => transaction.importId === imported._id)).toBe(true);
    const list = await ok<Array<{ _id: string; status: string; created: number }>>(
      user,
      'GET',
      '/api/imports',
    );
    expect(list[0]).toMatchObject({ _id: imported._id, status: 'committed', created: 5 });
    expect(list[0]).not.toHaveProperty('preview');
    const accounts = await ok<Array<{ _id: string; balance: number }>>(
      user,
      'GET',
      '/api/accounts',
    );
    expect(accounts.find((account) => account._id === card._id)?.balance).toBe(
      -23.4 - 129.99 + 45 + 500 - 64.12,
    );
  });

  it('commits once: a second commit is a 409, and undo deletes what it created', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    await commit(user, imported._id);
    expect((await call(user, 'POST', `/api/imports/${imported._id}/commit`, {})).statusCode).toBe(
      409,
    );
    expect(await ok(user, 'DELETE', `/api/imports/${imported._id}`)).toEqual({
      deleted: 8,
      removedAccountIds: [],
      keptAccountIds: [],
    });
    expect(await transactionsOf(user)).toEqual([]);
    expect(await ok(user, 'GET', `/api/imports/${imported._id}`)).toMatchObject({
      status: 'undone',
    });
    expect((await call(user, 'DELETE', `/api/imports/${imported._id}`)).statusCode).toBe(409);
    expect((await call(user, 'POST', `/api/imports/${imported._id}/commit`, {})).statusCode).toBe(
      409,
    );
    // Undone, the same file imports again.
    const again = await uploadFixture(user, 'uk-bank.csv');
    expect(again.counts.new).toBe(8);
  });

  it('discards a preview with DELETE: nothing was created, nothing deleted', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking.qif');
    expect(await ok(user, 'DELETE', `/api/imports/${imported._id}`)).toEqual({
      deleted: 0,
      removedAccountIds: [],
      keptAccountIds: [],
    });
  });
});

describe('the import flow: rows and amounts', () => {
  it('pages rows and filters them by status', async () => {
    const user = await signUp(context.app, { setup: true });
    const lines = ['Date,Payee,Amount'];
    for (let day = 1; day <= 150; day++) {
      const date = `2026-0${1 + Math.floor((day - 1) / 28)}-${String(((day - 1) % 28) + 1).padStart(2, '0')}`;
      lines.push(day % 50 === 0 ? `${date},Broken,abc` : `${date},Shop ${day},-${day}.25`);
    }
    const imported = await upload(user, 'many.csv', csv(lines));
    expect(imported).toMatchObject({ rowCount: 150, counts: { new: 147, problem: 3 } });
    expect(imported.preview).toHaveLength(20);
    const page2 = await ok<{
      rows: ImportRow[];
      totalPages: number;
      total: number;
      currentPage: number;
    }>(user, 'GET', `/api/imports/${imported._id}/rows?page=2&limit=100`);
    expect(page2).toMatchObject({ totalPages: 2, total: 150, currentPage: 2 });
    expect(page2.rows.map((row) => row.index)).toEqual(
      Array.from({ length: 50 }, (_, i) => 100 + i),
    );
    const problems = await allRows(user, imported._id, 'problem');
    expect(problems.map((row) => row.problem)).toEqual([
      'Row 50: the amount (column "Amount") "abc" is not a number.',
      'Row 100: the amount (column "Amount") "abc" is not a number.',
      'Row 150: the amount (column "Amount") "abc" is not a number.',
    ]);
    expect(problems[0]).toMatchObject({ index: 49, cells: ['2026-02-22', 'Broken', 'abc'] });
  });

  it('reads amounts in every spelling banks use, and names the row and field of what it cannot read', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'amounts.csv',
      Buffer.from(
        [
          'Datum;Empfänger;Betrag',
          '01.03.2026;A;1.234,56',
          '02.03.2026;B;(12.00)',
          '03.03.2026;C;12,00-',
          '04.03.2026;D;-€5',
          '05.03.2026;E;€ 1 234,50',
          '06.03.2026;F;+7,5',
          '07.03.2026;G;12,3,4',
          '31.02.2026;H;1,00',
          '09.03.2026;I;',
          '10.03.2026;;-3,00',
          '11.03.2026;K;0,00',
          '12.03.2026;L;12,345',
        ].join('\n'),
      ),
    );
    expect(imported.mapping).toMatchObject({ decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' });
    const rows = await allRows(user, imported._id);
    expect(
      rows.map((row) => (row.status === 'problem' ? row.problem : [row.amount, row.isIncome])),
    ).toEqual([
      [1234.56, true],
      [12, false],
      [12, false],
      [5, false],
      [1234.5, true],
      [7.5, true],
      'Row 7: the amount (column "Betrag") "12,3,4" is not a number.',
      'Row 8: the date "31.02.2026" is not a valid DD.MM.YYYY date.',
      'Row 9: the amount (column "Betrag") is empty.',
      'Row 10: there is no name or description.',
      'Row 11: the amount is 0.',
      'Row 12: the amount (column "Betrag") "12,345" has more than two decimals.',
    ]);
  });

  it('stores formula cells as text, and the export neutralises them', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'formula.csv',
      csv([
        'Date,Description,Amount',
        '2026-03-01,"=HYPERLINK(""http://evil.example"",""x"")",-1.00',
        '2026-03-02,@SUM(A1:A9),-2.00',
      ]),
    );
    await commit(user, imported._id);
    const names = (await transactionsOf(user)).map((transaction) => transaction.name).sort();
    expect(names).toEqual(['=HYPERLINK("http://evil.example","x")', '@SUM(A1:A9)']);
    const exported = await call(user, 'GET', '/api/transactions/export');
    expect(exported.body).toContain(`'=HYPERLINK`);
    expect(exported.body).toContain(`'@SUM(A1:A9)`);
  });
});

describe('mapping', () => {
  it('changes the mapping without a new upload, and remembers it for the next file with that header', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await uploadFixture(user, 'de-bank.csv');
    const mapping = { ...first.mapping!, note: 3, category: null };
    const changed = await ok<Import>(user, 'PUT', `/api/imports/${first._id}/mapping`, { mapping });
    expect(changed.mapping).toEqual(mapping);
    expect(changed.preview[0]).toMatchObject({ name: 'REWE Markt GmbH', note: 'Kartenzahlung' });
    // The next statement of that bank (another month: another preamble) needs no change.
    const next = Buffer.from(
      importFixture('de-bank.csv')
        .toString('latin1')
        .replace('Zeitraum:;01.03.2026', 'Zeitraum:;01.04.2026'),
      'latin1',
    );
    const second = await upload(user, 'de-bank-april.csv', next);
    expect(second.mapping).toEqual(mapping);
    expect(second.preview[0]).toMatchObject({ note: 'Kartenzahlung' });
  });

  it('reads the rows again with invertSign, another date column or another header line', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'us-bank.csv');
    const inverted = await ok<Import>(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, invertSign: true },
    });
    expect(inverted.preview[0]).toMatchObject({
      amount: 5.45,
      isIncome: true,
      category: 'Other Income',
    });
    // The header one line lower: the first data row becomes the header.
    const moved = await ok<Import>(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, skipRows: 1 },
    });
    expect(moved.columns?.[2]).toBe('STARBUCKS STORE 10234 SEATTLE WA');
    expect(moved.rowCount).toBe(9);
  });

  it('refuses a mapping that names a column the file does not have, or a non-CSV import', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    const bad = await call(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, name: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/has 6 columns/);
    const both = await call(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, amount: 3 },
    });
    expect(both.statusCode).toBe(400);
    const ofx = await uploadFixture(user, 'checking-ofx1.ofx');
    const notCsv = await call(user, 'PUT', `/api/imports/${ofx._id}/mapping`, {
      mapping: imported.mapping,
    });
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().code).toBe('NOT_CSV');
  });

  it('decides a date order that reads both ways by the user: USD in America month first, else day first', async () => {
    const lines = [
      'Date,Payee,Amount',
      '01/03/2026,Shop,-1.00',
      '02/03/2026,Shop,-2.00',
      '12/03/2026,Shop,-3.00',
    ];
    const american = await signUp(context.app);
    await ok(american, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'America/Chicago',
    });
    const british = await signUp(context.app);
    await ok(british, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'GBP',
      timeZone: 'Europe/London',
    });
    const us = await upload(american, 'a.csv', csv(lines));
    const uk = await upload(british, 'a.csv', csv(lines));
    expect(us.mapping?.dateFormat).toBe('MM/DD/YYYY');
    expect(us.preview.map((row) => row.date)).toEqual(['2026-01-03', '2026-02-03', '2026-12-03']);
    expect(uk.mapping?.dateFormat).toBe('DD/MM/YYYY');
    expect(uk.preview.map((row) => row.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-12']);
  });

  it('lets a day over 12 anywhere in the file settle the order, even after the first rows', async () => {
    const user = await signUp(context.app);
    await ok(user, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'America/New_York',
    });
    const lines = ['Date,Payee,Amount'];
    for (let i = 0; i < 400; i++)
      lines.push(`${String((i % 12) + 1).padStart(2, '0')}/03/2026,Shop ${i},-1.00`);
    lines.push('25/03/2026,Late shop,-9.00');
    const imported = await upload(user, 'late.csv', csv(lines));
    expect(imported.mapping?.dateFormat).toBe('DD/MM/YYYY');
    expect(imported.counts.problem).toBe(0);
    expect(imported.preview[1]?.date).toBe('2026-03-02');
  });
});
