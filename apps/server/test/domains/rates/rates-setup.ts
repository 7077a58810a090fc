// Exchange rates (docs/currencies.md): the ECB's files read through the real download path
// from a local HTTP server, the rate lookup in SQL against the real history, and the routes.
//
// Shared by rates.test.ts, rates-loader-and-currencies.test.ts: importing this module gives each
// test file its own app and database, made before its tests and closed after them.
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll } from 'vitest';
import { type RatesLoadResult, createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { type TestContext, createTestApp } from '../../test-app';
import {
  HISTORY_ZIP,
  type RatesFileServer,
  startRatesFileServer,
} from '../../support/rates-server';

export const historyZip = readFileSync(HISTORY_ZIP);

export const historyCsv = Object.values(unzipSync(historyZip))[0]!;

export const historyText = new TextDecoder().decode(historyCsv);

export const [csvHeader] = historyText.split('\n');

/** eurofxref-daily.xml as the ECB publishes it, for a day after the history file. */
export const DAILY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-04-14'>
\t\t\t<Cube currency='USD' rate='1.1702'/>
\t\t\t<Cube currency='JPY' rate='187.01'/>
\t\t\t<Cube currency='GBP' rate='0.87111'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

export const MALFORMED: Record<string, string | Uint8Array> = {
  'truncated.zip': historyZip.subarray(0, 4096),
  'empty.zip': zipSync({}),
  'two-files.zip': zipSync({ 'a.csv': historyCsv, 'b.csv': historyCsv }),
  'not-ecb.csv': 'Datum;USD\n13.04.2026;1,17\n',
  'bad-code.csv': 'Date,USD,usd,\n2026-04-13,1.1,1.2,\n',
  'bad-date.csv': `${csvHeader}\n2026-13-01,1.1\n`,
  'bad-rate.csv': 'Date,USD,\n2026-04-13,-1.1,\n',
  'twice.csv': 'Date,USD,\n2026-04-13,1.1,\n2026-04-13,1.2,\n',
  'no-rates.csv': 'Date,USD,\n2026-04-13,N/A,\n',
  'page.html': '<html><body>Maintenance</body></html>',
  'dtd.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Envelope/>',
  'empty.csv': '',
};

export let context: TestContext;

export let files: RatesFileServer;

export const warnings: Array<{ reason?: string }> = [];

export const logger = {
  info: () => undefined,
  warn: (object: object) => void warnings.push(object as { reason?: string }),
};

export const loadFrom = (name: string): Promise<RatesLoadResult> =>
  createRatesLoader(context.database.db, { url: files.url(name), logger }).load();

export async function storedRates(): Promise<{ count: number; digest: string }> {
  const { rows } = await context.database.pool.query<{ count: number; digest: string }>(
    `SELECT count(*)::int AS count,
            md5(string_agg(currency || date || rate::text, ',' ORDER BY currency, date)) AS digest
     FROM exchange_rates`,
  );
  return rows[0]!;
}

beforeAll(async () => {
  files = await startRatesFileServer({
    ...MALFORMED,
    'eurofxref-hist.csv': historyCsv,
    'eurofxref-daily.xml': DAILY_XML,
    'corrected.csv': 'Date,USD,\n2026-04-13,1.1685,\n',
  });
  context = await createTestApp();
}, 60_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});

/** A rate of the history file as written there. */
export function rateOn(date: string, currency: string): string {
  const columns = csvHeader!.split(',');
  const line = historyText.split('\n').find((row) => row.startsWith(`${date},`))!;
  return line.split(',')[columns.indexOf(currency)]!;
}
