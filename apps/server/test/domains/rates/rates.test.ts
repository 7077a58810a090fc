// Exchange rates: the ECB history loaded, and the rate lookup against it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { createRatesService } from '../../../src/domains/rates/rates-service';
import { type SignedUpUser, signUp } from '../../test-app';
import { MALFORMED, context, loadFrom, logger, rateOn, storedRates, warnings } from './rates-setup';

describe('loading the ECB rates', () => {
  it('loads the full history from eurofxref-hist.zip, then adds nothing the second time', async () => {
    const first = await loadFrom('eurofxref-hist.zip');
    expect(first).toMatchObject({ status: 'loaded', written: 217_555, newest: '2026-04-13' });
    const stored = await storedRates();
    expect(stored.count).toBe(217_555);
    const { rows } = await context.database.pool.query(
      `SELECT currency, min(date)::text AS first, max(date)::text AS last, count(*)::int AS days
       FROM exchange_rates WHERE currency IN ('USD', 'INR', 'CYP') GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { currency: 'CYP', first: '1999-01-04', last: '2007-12-31', days: expect.any(Number) },
      { currency: 'INR', first: '2009-01-02', last: '2026-04-13', days: expect.any(Number) },
      { currency: 'USD', first: '1999-01-04', last: '2026-04-13', days: 6983 },
    ]);

    const again = await loadFrom('eurofxref-hist.zip');
    expect(again).toMatchObject({ status: 'loaded', written: 0 });
    expect(await storedRates()).toEqual(stored);
  }, 60_000);

  it('stores a file once when two instances load it at the same time', async () => {
    const results = await Promise.all([
      loadFrom('eurofxref-hist.csv'),
      loadFrom('eurofxref-hist.zip'),
    ]);
    // One stores (nothing new here), the other skips or finds nothing left to store.
    for (const result of results) expect(['loaded', 'skipped']).toContain(result.status);
    expect(results.filter((result) => result.status === 'failed')).toEqual([]);
    expect((await storedRates()).count).toBe(217_555);
  }, 60_000);

  it('reads eurofxref-hist.csv and eurofxref-daily.xml too, adding a day and correcting a rate', async () => {
    expect(await loadFrom('eurofxref-hist.csv')).toMatchObject({ status: 'loaded', written: 0 });
    expect(await loadFrom('eurofxref-daily.xml')).toMatchObject({
      status: 'loaded',
      rates: 3,
      written: 3,
      newest: '2026-04-14',
    });
    expect(await loadFrom('corrected.csv')).toMatchObject({ status: 'loaded', written: 1 });
    const { rows } = await context.database.pool.query(
      `SELECT date::text, rate::text FROM exchange_rates
       WHERE currency = 'USD' AND date >= '2026-04-13' ORDER BY date`,
    );
    expect(rows).toEqual([
      { date: '2026-04-13', rate: '1.1685' },
      { date: '2026-04-14', rate: '1.1702' },
    ]);
    // Back to the history as published, for the lookups below.
    await context.database.pool.query(
      `DELETE FROM exchange_rates WHERE date = '2026-04-14';
       UPDATE exchange_rates SET rate = 1.1684 WHERE currency = 'USD' AND date = '2026-04-13'`,
    );
  }, 60_000);

  it('leaves the rates as they were after a failed or malformed download, and logs why', async () => {
    const before = await storedRates();
    const reasons: Record<string, string> = {};
    for (const name of [...Object.keys(MALFORMED), 'missing.zip']) {
      warnings.length = 0;
      const result = await loadFrom(name);
      expect([name, result.status]).toEqual([name, 'failed']);
      reasons[name] = (result as { reason: string }).reason;
      expect(warnings).toEqual([expect.objectContaining({ reason: reasons[name] })]);
    }
    expect(reasons).toMatchObject({
      'missing.zip': 'the server answered 404 Not Found',
      'truncated.zip': expect.stringMatching(/^a damaged zip/),
      'empty.zip': 'the zip holds 0 CSV or XML files, not one',
      'two-files.zip': 'the zip holds 2 CSV or XML files, not one',
      'not-ecb.csv': expect.stringMatching(/^not an ECB rates file/),
      'bad-code.csv': 'column "usd" is no currency code',
      'bad-date.csv': 'line 2: "2026-13-01" is no date',
      'bad-rate.csv': 'line 2: USD "-1.1" is no rate',
      'twice.csv': 'line 3: USD twice on 2026-04-13',
      'no-rates.csv': 'the file holds no rate',
      'page.html': 'XML without gesmes:Envelope › Cube › Cube time',
      'dtd.xml': 'XML with a DTD is refused',
    });
    // Nothing listens on port 9 of the loopback: the connection is refused.
    const unreachable = createRatesLoader(context.database.db, {
      url: 'http://127.0.0.1:9/eurofxref-hist.zip',
      logger,
    });
    expect(await unreachable.load()).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^the download failed/),
    });
    expect(await storedRates()).toEqual(before);
  }, 60_000);
});

describe('the rate lookup (SQL), against the real history', () => {
  let user: SignedUpUser;
  const lookup = (currency: string, base: string, day: string, maxDays?: number | null) =>
    createRatesService(context.database.db).lookup(user.id, currency, base, day, maxDays);

  beforeAll(async () => {
    user = await signUp(context.app, { setup: true });
  });

  it('takes the day’s rate, else the latest earlier day within 7 days, else none', async () => {
    // Monday 2026-04-13: the day's own. 1 USD = 1/1.1684 EUR.
    expect(await lookup('USD', 'EUR', '2026-04-13')).toEqual({
      rate: expect.stringMatching(/^0\.85587127695994522424/),
      rateDate: '2026-04-13',
      source: 'ecb',
    });
    // Saturday 2026-04-11 and Sunday 04-12 take Friday 04-10's.
    for (const day of ['2026-04-11', '2026-04-12']) {
      expect(await lookup('EUR', 'USD', day)).toEqual({
        rate: '1.1711',
        rateDate: '2026-04-10',
        source: 'ecb',
      });
    }
    // 7 days after the last rate still has it; 8 days after has none.
    expect((await lookup('EUR', 'USD', '2026-04-20'))?.rateDate).toBe('2026-04-13');
    expect(await lookup('EUR', 'USD', '2026-04-21')).toBeUndefined();
    // A balance "now" takes the latest rate whatever its age, and says its date.
    expect(await lookup('EUR', 'USD', '2026-11-26', null)).toMatchObject({
      rate: '1.1684',
      rateDate: '2026-04-13',
    });
    // Before the first rate, and INR before 2009: none. Never 1 between different currencies.
    expect(await lookup('EUR', 'USD', '1998-12-31')).toBeUndefined();
    expect(await lookup('INR', 'EUR', '2008-12-31')).toBeUndefined();
    expect(await lookup('XXX', 'EUR', '2026-04-13')).toBeUndefined();
    expect(await lookup('JPY', 'JPY', '2026-04-21')).toEqual({
      rate: '1',
      rateDate: '2026-04-21',
      source: 'same',
    });
  });

  it('crosses through the euro: GBP in USD is USD per EUR over GBP per EUR', async () => {
    const found = await lookup('GBP', 'USD', '2026-04-13');
    expect(found).toMatchObject({ rateDate: '2026-04-13', source: 'ecb' });
    expect(Number(found!.rate)).toBeCloseTo(1.1684 / 0.87058, 12);
    const back = await lookup('USD', 'GBP', '2026-04-13');
    expect(Number(back!.rate) * Number(found!.rate)).toBeCloseTo(1, 12);
    // JPY in KRW, neither of them the euro, on a Sunday.
    const yen = await lookup('JPY', 'KRW', '2026-04-12');
    expect(yen?.rateDate).toBe('2026-04-10');
    expect(Number(yen!.rate)).toBeCloseTo(Number(rateOn('2026-04-10', 'KRW')) / 186.43, 10);
  });

  it('lets the user’s own rate win on its day, either way round, for that user only', async () => {
    const other = await signUp(context.app, { setup: true });
    const put = await context.app.inject({
      method: 'PUT',
      url: '/api/rates',
      headers: user.headers,
      payload: { currency: 'GBP', date: '2026-04-10', rate: 1.3 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await lookup('GBP', 'USD', '2026-04-10')).toEqual({
      rate: '1.3',
      rateDate: '2026-04-10',
      source: 'manual',
    });
    // The weekend after: still the own rate of Friday; the inverse pair uses it too.
    expect(await lookup('GBP', 'USD', '2026-04-12')).toMatchObject({ source: 'manual' });
    expect(Number((await lookup('USD', 'GBP', '2026-04-11'))!.rate)).toBeCloseTo(1 / 1.3, 12);
    // Monday has the ECB's own day: a later day wins over an older own rate.
    expect(await lookup('GBP', 'USD', '2026-04-13')).toMatchObject({ source: 'ecb' });
    // Another pair, and another user, never see it.
    expect(await lookup('GBP', 'EUR', '2026-04-10')).toMatchObject({ source: 'ecb' });
    const service = createRatesService(context.database.db);
    expect(await service.lookup(other.id, 'GBP', 'USD', '2026-04-10')).toMatchObject({
      source: 'ecb',
    });
  });

  it('is a function the reads can join LATERAL over many rows', async () => {
    const { rows } = await context.database.pool.query(
      `SELECT day::date::text AS day, r.rate_date::text, r.source
       FROM generate_series(DATE '2026-04-08', DATE '2026-04-22', interval '1 day') AS day
       LEFT JOIN LATERAL moneta_exchange_rate($1, 'JPY', 'EUR', day::date) AS r ON true
       ORDER BY day`,
      [user.id],
    );
    expect(rows.map((row) => [row.day, row.rate_date])).toEqual([
      ['2026-04-08', '2026-04-08'],
      ['2026-04-09', '2026-04-09'],
      ['2026-04-10', '2026-04-10'],
      ['2026-04-11', '2026-04-10'],
      ['2026-04-12', '2026-04-10'],
      ['2026-04-13', '2026-04-13'],
      ['2026-04-14', '2026-04-13'],
      ['2026-04-15', '2026-04-13'],
      ['2026-04-16', '2026-04-13'],
      ['2026-04-17', '2026-04-13'],
      ['2026-04-18', '2026-04-13'],
      ['2026-04-19', '2026-04-13'],
      ['2026-04-20', '2026-04-13'],
      ['2026-04-21', null],
      ['2026-04-22', null],
    ]);
  });
});
