// Bad bank files: each whole-file refusal is a clear 4xx with nothing stored; a bad
// row is a problem row, never a failed import; a commit is all or nothing.
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../security/database-snapshot';
import { importFixture, uploadImport } from '../../support/import-files';
import { refuseTransactionsNamed } from '../../support/refuse-inserts';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

let context: TestContext;
let user: SignedUpUser;
beforeAll(async () => {
  context = await createTestApp({ config: { ...TEST_CONFIG, IMPORT_MAX_MB: 1 } });
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Ntry>
<Amt>1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-03-01</Dt></BookgDt>
<AddtlNtryInf>&lol9;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;

/** The CAMT fixture with an external entity that would read a file of the server. */
const externalEntityCamt = () =>
  importFixture('statement.camt053.xml')
    .toString('utf8')
    .replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    )
    .replace('Salaris maart 2026', '&xxe;');

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  deflateSync(Buffer.alloc(2000)),
]);

interface BadFile {
  name: string;
  fileName: string;
  bytes: () => Buffer;
  status: number;
  message: RegExp;
}

const badFiles: BadFile[] = [
  {
    name: 'an empty file',
    fileName: 'empty.csv',
    bytes: () => Buffer.alloc(0),
    status: 400,
    message: /empty/,
  },
  {
    name: 'only blank lines',
    fileName: 'blank.csv',
    bytes: () => Buffer.from('\r\n  \r\n\t\r\n'),
    status: 400,
    message: /empty/,
  },
  {
    name: 'a header without rows',
    fileName: 'header.csv',
    bytes: () => Buffer.from('Date,Description,Amount\r\n'),
    status: 400,
    message: /header but no rows/,
  },
  {
    name: 'a PNG named .csv',
    fileName: 'statement.csv',
    bytes: () => png,
    status: 415,
    message: /image/,
  },
  {
    name: 'an Excel workbook named .csv',
    fileName: 'statement.csv',
    bytes: () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 7)]),
    status: 415,
    message: /spreadsheet/,
  },
  {
    name: 'random binary without magic',
    fileName: 'statement.csv',
    bytes: () => Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)),
    status: 415,
    message: /not a text file/,
  },
  {
    name: 'a plain letter',
    fileName: 'letter.txt',
    bytes: () => Buffer.from('Dear bank\nplease send me my statement\nthanks\n'),
    status: 415,
    message: /not a table/,
  },
  {
    name: 'an XML file that is not a statement',
    fileName: 'page.xml',
    bytes: () => Buffer.from('<?xml version="1.0"?><html><body>hi</body></html>'),
    status: 415,
    message: /not an OFX or CAMT/,
  },
  {
    name: 'a CSV with a 1 MB single line',
    fileName: 'long.csv',
    bytes: () =>
      Buffer.from(`Date,Description,Amount\n2026-03-01,${'x'.repeat(1024 * 1024)},-1.00\n`),
    status: 400,
    message: /longer than 64 KB/,
  },
  {
    name: 'a quote that never closes',
    fileName: 'quote.csv',
    bytes: () =>
      Buffer.from(
        'Date,Description,Amount\n2026-03-01,"never closed,-1.00\n2026-03-02,Shop,-2.00\n',
      ),
    status: 400,
    message: /never ends/,
  },
  {
    name: 'mixed encodings (UTF-8 and Windows-1252)',
    fileName: 'mixed.csv',
    bytes: () =>
      Buffer.concat([
        Buffer.from('Date,Description,Amount\n2026-03-01,Café,-1.00\n', 'utf8'),
        Buffer.from('2026-03-02,Caf\xe9,-2.00\n', 'latin1'),
      ]),
    status: 400,
    message: /mixes two text encodings/,
  },
  {
    name: 'mixed encodings (Windows-1252 first)',
    fileName: 'mixed.csv',
    bytes: () =>
      Buffer.concat([
        Buffer.from('Date,Description,Amount\n2026-03-02,Caf\xe9,-2.00\n', 'latin1'),
        Buffer.from('2026-03-01,Café,-1.00\n', 'utf8'),
      ]),
    status: 400,
    message: /mixes two text encodings/,
  },
  {
    name: 'an XML billion laughs',
    fileName: 'laughs.xml',
    bytes: () => Buffer.from(BILLION_LAUGHS),
    status: 400,
    message: /document type declaration/,
  },
  {
    name: 'a CAMT with an external entity',
    fileName: 'xxe.xml',
    bytes: () => Buffer.from(externalEntityCamt()),
    status: 400,
    message: /document type declaration/,
  },
  {
    name: 'a CAMT that is not well-formed',
    fileName: 'broken.xml',
    bytes: () =>
      Buffer.from(importFixture('statement.camt053.xml').toString('utf8').replace('</Stmt>', '')),
    status: 400,
    message: /not well-formed/,
  },
  {
    name: 'an OFX without transactions',
    fileName: 'empty.ofx',
    bytes: () =>
      Buffer.from(
        'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      ),
    status: 400,
    message: /no transactions/,
  },
  {
    name: 'a QIF without records',
    fileName: 'empty.qif',
    bytes: () => Buffer.from('!Type:Bank\n'),
    status: 400,
    message: /no transactions/,
  },
  {
    name: 'an investment QIF',
    fileName: 'invest.qif',
    bytes: () => Buffer.from('!Type:Invst\nD03/01/2026\nNBuy\nYACME\n^\n'),
    status: 415,
    message: /Investment/,
  },
  {
    name: 'a file over IMPORT_MAX_MB',
    fileName: 'big.csv',
    bytes: () =>
      Buffer.from(`Date,Description,Amount\n${'2026-03-01,Shop,-1.00\n'.repeat(60_000)}`),
    status: 413,
    message: /larger than 1 MB/,
  },
];

describe('files refused as a whole', () => {
  it.each(badFiles)(
    '$name → $status, nothing stored',
    async ({ fileName, bytes, status, message }) => {
      const before = await snapshotDatabase(context.database.pool);
      const started = performance.now();
      const response = await uploadImport(context.app, user, fileName, bytes());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(performance.now() - started).toBeLessThan(5000);
      expect(await snapshotDatabase(context.database.pool)).toEqual(before);
    },
  );

  it('never reads a file an external entity names', async () => {
    const response = await uploadImport(
      context.app,
      user,
      'xxe.xml',
      Buffer.from(externalEntityCamt()),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/root:|\/bin\/|nologin/);
  });

  it('refuses a body that is not multipart, a wrong field and a missing file', async () => {
    const json = await context.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: user.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const { multipartBody } = await import('../../support/import-files');
    const wrong = multipartBody([
      { field: 'receipt', fileName: 'a.csv', bytes: importFixture('us-bank.csv') },
    ]);
    const wrongField = await context.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...wrong.headers, ...user.headers },
      payload: wrong.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    const none = multipartBody([{ field: 'accountId', value: '' }]);
    const noFile = await context.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...none.headers, ...user.headers },
      payload: none.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('NO_FILE');
  });
});

describe('files with bad rows', () => {
  it('reads an OFX with unclosed tags and a cut-off end: the broken transaction is a problem row', async () => {
    const text = importFixture('checking-ofx1.ofx').toString('latin1');
    // The first transaction's closing tag is missing; the file ends inside the last one.
    const unclosed = text.replace(
      '</STMTTRN>\r\n<STMTTRN>\r\n<TRNTYPE>CREDIT',
      '\r\n<STMTTRN>\r\n<TRNTYPE>CREDIT',
    );
    const cut = unclosed.slice(0, unclosed.indexOf('<TRNAMT>-12.00'));
    const response = await uploadImport(context.app, user, 'cut.ofx', Buffer.from(cut, 'latin1'));
    expect(response.statusCode, response.body).toBe(201);
    const imported = response.json();
    expect(imported.rowCount).toBe(6);
    expect(imported.preview[0]).toMatchObject({ name: 'BLUE BOTTLE COFFEE', status: 'new' });
    expect(imported.preview[1]).toMatchObject({ name: 'DIRECT DEP ACME INC', amount: 1850 });
    expect(imported.preview[5]).toMatchObject({
      status: 'problem',
      problem: 'Row 6: the amount (TRNAMT) is empty.',
    });
  });
});

describe('commit', () => {
  it('is all or nothing: a failure at row 6,501, after 6,500 rows were written, leaves no transaction and the import in preview', async () => {
    const owner = await signUp(context.app, { setup: true });
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 7000; i++) {
      lines.push(
        `2026-0${1 + (i % 9)}-${String((i % 28) + 1).padStart(2, '0')},${i === 6500 ? 'FAIL HERE' : `Shop ${i}`},-${(i % 90) + 1}.10`,
      );
    }
    const response = await uploadImport(
      context.app,
      owner,
      'many.csv',
      Buffer.from(lines.join('\n')),
    );
    expect(response.statusCode, response.body).toBe(201);
    const imported = response.json<{ _id: string; counts: { new: number } }>();
    expect(imported.counts.new).toBe(7000);
    const { pool } = context.database;
    const allow = await refuseTransactionsNamed(pool, 'FAIL HERE');
    try {
      const failed = await context.app.inject({
        method: 'POST',
        url: `/api/imports/${imported._id}/commit`,
        headers: owner.headers,
        payload: {},
      });
      expect(failed.statusCode).toBe(500);
      const { rows } = await pool.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM transactions WHERE user_id = $1',
        [owner.id],
      );
      expect(rows[0]?.count).toBe(0);
    } finally {
      await allow();
    }
    const status = await context.app.inject({
      method: 'GET',
      url: `/api/imports/${imported._id}`,
      headers: owner.headers,
    });
    expect(status.json()).toMatchObject({ status: 'preview', created: null });
    const retried = await context.app.inject({
      method: 'POST',
      url: `/api/imports/${imported._id}/commit`,
      headers: owner.headers,
      payload: {},
    });
    expect(retried.json()).toMatchObject({ created: 7000 });
  }, 60_000);
});
