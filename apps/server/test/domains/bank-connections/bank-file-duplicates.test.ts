// A bank's rows already imported from its OFX file are duplicates of the same rows a sync
// brings: by the bank's transaction id where both carry the same one, and by kind, amount,
// payee and date when the file's id (FITID) and the provider's id are two numberings of one
// transaction. Two ids of one source that differ still name two transactions.
import type { Account, BankConnection, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser, type TestContext } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import { uploadImport } from '../../support/import-files';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

let context: TestContext;
let bridge: SimplefinServer;
const { call, ok, sync, map } = bankCalls(() => context.app);

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' },
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '2415.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [
        // The file's coffee under the bridge's own id.
        {
          id: 'sf-7731',
          posted: daysAgo(10).epoch,
          amount: '-45.00',
          description: 'Coffee Roasters',
        },
        // The file's books under the bank's own id, named otherwise by the provider.
        { id: 'F-1002', posted: daysAgo(9).epoch, amount: '-20.00', description: 'BOOKSHOP 12' },
        { id: 'sf-7733', posted: daysAgo(8).epoch, amount: '2500.00', description: 'Salary' },
      ],
    },
  ]);
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

/** An OFX statement of the checking account with these rows. */
function ofxFile(rows: Array<{ fitId: string; daysBack: number; amount: string; name: string }>) {
  const entries = rows.map(
    (row) => `<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>${daysAgo(row.daysBack).day.replaceAll('-', '')}120000[0:GMT]
<TRNAMT>${row.amount}
<FITID>${row.fitId}
<NAME>${row.name}
</STMTTRN>`,
  );
  return Buffer.from(`OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII
CHARSET:1252

<OFX>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS>
<CURDEF>USD
<BANKACCTFROM><BANKID>021000021<ACCTID>000000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
${entries.join('\n')}
</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`);
}

async function importFile(user: SignedUpUser, accountId: string, file: Buffer): Promise<void> {
  const upload = await uploadImport(context.app, user, 'statement.ofx', file, { accountId });
  expect(upload.statusCode, upload.body).toBe(201);
  await ok(user, 'POST', `/api/imports/${upload.json<{ _id: string }>()._id}/commit`, {});
}

describe('a sync after the same bank rows came from an OFX file', () => {
  it('skips the rows the file brought, whichever numbering their ids follow', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    await importFile(
      user,
      main!._id,
      ofxFile([
        { fitId: 'F-1001', daysBack: 10, amount: '-45.00', name: 'Coffee Roasters' },
        { fitId: 'F-1002', daysBack: 9, amount: '-20.00', name: 'Books' },
      ]),
    );
    // Another file of the same bank: a second coffee of the same day and amount is its own
    // transaction, its id differing from the first's in the bank's numbering.
    await importFile(
      user,
      main!._id,
      ofxFile([{ fitId: 'F-1009', daysBack: 10, amount: '-45.00', name: 'Coffee Roasters' }]),
    );

    const made = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json<BankConnection>();
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });
    expect(await sync(user, connection._id)).toMatchObject({ status: 'ok', lastError: null });

    const rows = await ok<{ transactions: Transaction[] }>(
      user,
      'GET',
      `/api/transactions?accountId=${main!._id}&limit=100`,
    );
    expect(rows.transactions.map((row) => [row.name, row.cost]).sort()).toEqual([
      ['Books', 20],
      ['Coffee Roasters', 45],
      ['Coffee Roasters', 45],
      ['Salary', 2500],
    ]);
  });
});
