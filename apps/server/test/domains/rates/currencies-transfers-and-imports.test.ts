// Currencies across transfers and bank files.
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { multipartBody } from '../../support/import-files';
import { converted } from '../../support/ecb-history';
import {
  call,
  context,
  newUser,
  ok,
  type AccountDto,
  type TransactionDto,
} from './currencies-setup';

describe('transfers between currencies', () => {
  it('takes the amount received, refuses one that differs between accounts of one currency, and moves each balance in its own currency', async () => {
    const user = await newUser('EUR');
    const [main] = (await ok<AccountDto[]>(user, 'GET', '/api/accounts')) as [AccountDto];
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
    });
    const yen = await given.account(context.app, user, {
      name: 'Tokyo',
      type: 'cash',
      currency: 'JPY',
    });

    const same = await call(user, 'POST', '/api/transfers', {
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 10,
      toAmount: 11,
      date: '2026-04-10',
    });
    expect(same.statusCode).toBe(400);
    const fractionalYen = await call(user, 'POST', '/api/transfers', {
      fromAccountId: main._id,
      toAccountId: yen._id,
      amount: 10,
      toAmount: 1500.5,
      date: '2026-04-10',
    });
    expect(fractionalYen.statusCode).toBe(400);
    expect(fractionalYen.json().message).toMatch(/JPY can have no decimals/);
    const noRate = await call(user, 'POST', '/api/transfers', {
      fromAccountId: main._id,
      toAccountId: yen._id,
      amount: 10,
      date: '1998-04-10',
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toMatch(/toAmount/);

    await given.transfer(context.app, user, {
      fromAccountId: main._id,
      toAccountId: yen._id,
      amount: 100,
      toAmount: 18500,
      date: '2026-04-10',
    });
    const accounts = await ok<AccountDto[]>(user, 'GET', '/api/accounts');
    expect(accounts.find((account) => account._id === main._id)!.balance).toBe(-100);
    const tokyo = accounts.find((account) => account._id === yen._id)!;
    expect(tokyo.balance).toBe(18500);
    expect(tokyo.baseBalance).toBe(converted(18500, 'JPY', 'EUR', '2026-04-13'));
    const register = await ok<{ entries: Array<{ amount: number; currency: string }> }>(
      user,
      'GET',
      `/api/accounts/${yen._id}/register`,
    );
    expect(register.entries).toEqual([expect.objectContaining({ amount: 18500, currency: 'JPY' })]);
    // Income and expense never see it.
    const summary = await ok<{ totalIncome: number; totalExpenses: number }>(
      user,
      'GET',
      '/api/transactions/summary',
    );
    expect(summary).toMatchObject({ totalIncome: 0, totalExpenses: 0 });
  });
});

describe('bank files in their own currency', () => {
  const camt = (
    statements: Array<{ iban: string; currency: string; amount: string; date: string }>,
  ) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-04-13T10:00:00</CreDtTm></GrpHdr>
${statements
  .map(
    (statement, index) => `<Stmt><Id>S${index}</Id><CreDtTm>2026-04-13T10:00:00</CreDtTm>
<Acct><Id><IBAN>${statement.iban}</IBAN></Id><Ccy>${statement.currency}</Ccy></Acct>
<Ntry><NtryRef>R${index}</NtryRef><Amt Ccy="${statement.currency}">${statement.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${statement.date}</Dt></BookgDt><ValDt><Dt>${statement.date}</Dt></ValDt>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Shop ${index}</Nm></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
</Stmt>`,
  )
  .join('\n')}
</BkToCstmrStmt></Document>`);

  it('gives each row its statement’s currency, and a new account the statement’s', async () => {
    const user = await newUser('EUR');
    const [main] = (await ok<AccountDto[]>(user, 'GET', '/api/accounts')) as [AccountDto];
    await ok(user, 'PUT', `/api/accounts/${main._id}`, {
      name: 'Main',
      type: 'checking',
      identifiers: ['DE89370400440532013000'],
    });
    const file = camt([
      { iban: 'DE89370400440532013000', currency: 'EUR', amount: '12.50', date: '2026-04-09' },
      { iban: 'GB29NWBK60161331926819', currency: 'USD', amount: '40.00', date: '2026-04-10' },
    ]);
    const { payload, headers } = multipartBody([
      { field: 'file', fileName: 'two.xml', bytes: file },
    ]);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...user.headers, ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json<{
      _id: string;
      statements: Array<{ currency: string | null; accountId: string | null }>;
    }>();
    expect(preview.statements).toEqual([
      expect.objectContaining({ currency: 'EUR', accountId: main._id }),
      expect.objectContaining({ currency: 'USD', accountId: null }),
    ]);
    await ok(user, 'POST', `/api/imports/${preview._id}/commit`, {});

    const accounts = await ok<AccountDto[]>(user, 'GET', '/api/accounts');
    const created = accounts.find((account) => account._id !== main._id)!;
    expect(created).toMatchObject({ currency: 'USD', balance: -40 });
    const list = await ok<{ transactions: TransactionDto[] }>(user, 'GET', '/api/transactions');
    const dollars = list.transactions.find((row) => row.cost === 40)!;
    expect(dollars).toMatchObject({
      currency: 'USD',
      rateSource: 'ecb',
      baseCost: converted(40, 'USD', 'EUR', '2026-04-10'),
    });
    expect(list.transactions.find((row) => row.cost === 12.5)!.currency).toBe('EUR');
  });
});
