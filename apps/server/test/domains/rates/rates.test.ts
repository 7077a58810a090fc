// Exchange rates: the ECB history loaded, the rate lookup against it, and the rates through the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultHouseholdOf } from '../../../src/domains/households/default-household';
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
  const lookup = async (currency: string, base: string, day: string, maxDays?: number | null) =>
    createRatesService(context.database.db).lookup(
      (await defaultHouseholdOf(context.database.db, user.id)).id,
      currency,
      base,
      day,
      maxDays,
    );

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
    const otherHousehold = (await defaultHouseholdOf(context.database.db, other.id)).id;
    expect(await service.lookup(otherHousehold, 'GBP', 'USD', '2026-04-10')).toMatchObject({
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

// The two users of the /api/rates groups below, made once; the cases run in order on them.
let alice: SignedUpUser;
let bob: SignedUpUser;
const getRates = (user: SignedUpUser, query: string) =>
  context.app.inject({ method: 'GET', url: `/api/rates?${query}`, headers: user.headers });
const putRate = (user: SignedUpUser, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: '/api/rates',
    headers: user.headers,
    payload: payload as object,
  });

beforeAll(async () => {
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
});

describe('GET and PUT /api/rates: listing and setting', () => {
  it('lists the ECB’s rate of each business day in the base currency, newest first', async () => {
    const response = await getRates(alice, 'currency=GBP&from=2026-04-09&to=2026-04-14');
    expect(response.statusCode).toBe(200);
    const rates = response.json<Array<Record<string, unknown>>>();
    expect(rates.map((rate) => rate.date)).toEqual(['2026-04-13', '2026-04-10', '2026-04-09']);
    expect(rates[0]).toEqual({
      currency: 'GBP',
      baseCurrency: 'USD',
      date: '2026-04-13',
      rate: expect.closeTo(1.1684 / 0.87058, 12),
      source: 'ecb',
      ecbRate: expect.closeTo(1.1684 / 0.87058, 12),
      ownRate: null,
    });
    // Every currency but the base, for one day.
    const day = (await getRates(alice, 'from=2026-04-13&to=2026-04-13')).json<
      Array<{ currency: string }>
    >();
    expect(day.map((rate) => rate.currency)).toContain('EUR');
    expect(day.map((rate) => rate.currency)).not.toContain('USD');
    // The ECB stopped CYP in 2008: no line for it.
    expect(day.map((rate) => rate.currency)).not.toContain('CYP');
    // The 29 currencies the ECB published that day, and the euro, less the base.
    expect(day).toHaveLength(29);
  });

  it('sets the user’s own rate, which wins for that day, and which no other user sees', async () => {
    const put = await putRate(alice, { currency: 'EUR', date: '2026-04-13', rate: '1.2' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      currency: 'EUR',
      baseCurrency: 'USD',
      date: '2026-04-13',
      rate: 1.2,
      source: 'manual',
      ecbRate: 1.1684,
      ownRate: 1.2,
    });
    // Again for the same day: replaced. And a Sunday, which has no ECB rate.
    expect(
      (await putRate(alice, { currency: 'EUR', date: '2026-04-13', rate: 1.21 })).json(),
    ).toMatchObject({ rate: 1.21 });
    expect(
      (await putRate(alice, { currency: 'EUR', date: '2026-04-12', rate: 1.19 })).json(),
    ).toEqual({
      currency: 'EUR',
      baseCurrency: 'USD',
      date: '2026-04-12',
      rate: 1.19,
      source: 'manual',
      ecbRate: null,
      ownRate: 1.19,
    });
    const mine = (await getRates(alice, 'currency=EUR&from=2026-04-10&to=2026-04-13')).json<
      Array<{ date: string; rate: number; source: string }>
    >();
    expect(mine.map(({ date, rate, source }) => [date, rate, source])).toEqual([
      ['2026-04-13', 1.21, 'manual'],
      ['2026-04-12', 1.19, 'manual'],
      ['2026-04-10', 1.1711, 'ecb'],
    ]);
    const theirs = (await getRates(bob, 'currency=EUR&from=2026-04-10&to=2026-04-13')).json<
      Array<{ date: string; ownRate: number | null; source: string }>
    >();
    expect(theirs.map(({ date, ownRate, source }) => [date, ownRate, source])).toEqual([
      ['2026-04-13', null, 'ecb'],
      ['2026-04-10', null, 'ecb'],
    ]);
    // One row per day: the second rate of 04-13 replaced the first.
    const { rows } = await context.database.pool.query(
      'SELECT count(*)::int AS count FROM user_exchange_rates WHERE user_id = $1',
      [alice.id],
    );
    expect(rows[0].count).toBe(2);
  });
});

describe('GET and PUT /api/rates: deleting and refusals', () => {
  it('deletes the user’s own rate of a day (the ECB’s counts again), never another user’s', async () => {
    const remove = (user: SignedUpUser, path: string) =>
      context.app.inject({ method: 'DELETE', url: `/api/rates/${path}`, headers: user.headers });
    // Bob cannot delete Alice's rate: 404 as for none, and hers stays.
    const foreign = await remove(bob, 'EUR/2026-04-13');
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'RATE_NOT_FOUND']);
    const deleted = await remove(alice, 'EUR/2026-04-13');
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: 'Rate deleted.' }]);
    const again = await remove(alice, 'EUR/2026-04-13');
    expect([again.statusCode, again.json().code]).toEqual([404, 'RATE_NOT_FOUND']);
    const day = (await getRates(alice, 'currency=EUR&from=2026-04-12&to=2026-04-13')).json<
      Array<{ date: string; rate: number; source: string }>
    >();
    expect(day.map(({ date, rate, source }) => [date, rate, source])).toEqual([
      ['2026-04-13', 1.1684, 'ecb'],
      ['2026-04-12', 1.19, 'manual'],
    ]);
    // A path that names no rate, as an id of nothing: 404.
    for (const path of ['XXX/2026-04-12', 'EUR/2026-02-30', 'EUR/1998-12-31', 'eur/2026-04-12']) {
      const response = await remove(alice, path);
      expect([path, response.statusCode, response.json().code]).toEqual([
        path,
        404,
        'RATE_NOT_FOUND',
      ]);
    }
  });

  it('refuses a bad rate, date or currency with 400 and stores nothing', async () => {
    const good = { currency: 'EUR', date: '2026-04-13', rate: 1.5 };
    const bad: Array<[string, unknown, string]> = [
      ['zero rate', { ...good, rate: 0 }, 'VALIDATION'],
      ['negative rate', { ...good, rate: -1.2 }, 'VALIDATION'],
      ['negative text', { ...good, rate: '-1.2' }, 'VALIDATION'],
      ['Infinity as text', { ...good, rate: 'Infinity' }, 'VALIDATION'],
      ['NaN as text', { ...good, rate: 'NaN' }, 'VALIDATION'],
      ['huge rate', { ...good, rate: 1e300 }, 'VALIDATION'],
      ['tiny rate', { ...good, rate: 1e-12 }, 'VALIDATION'],
      ['rate as words', { ...good, rate: 'one' }, 'VALIDATION'],
      ['no rate', { currency: 'EUR', date: '2026-04-13' }, 'VALIDATION'],
      ['before 1999', { ...good, date: '1998-12-31' }, 'VALIDATION'],
      ['no such day', { ...good, date: '2026-02-30' }, 'VALIDATION'],
      ['unknown currency', { ...good, currency: 'XXX' }, 'VALIDATION'],
      ['lower-case code', { ...good, currency: 'eur' }, 'VALIDATION'],
      ['currency as number', { ...good, currency: 978 }, 'VALIDATION'],
      ['the base currency', { ...good, currency: 'USD' }, 'RATE_FOR_BASE_CURRENCY'],
    ];
    for (const [what, payload, code] of bad) {
      const response = await putRate(bob, payload);
      expect([what, response.statusCode, response.json().code]).toEqual([what, 400, code]);
    }
    const { rows } = await context.database.pool.query(
      'SELECT count(*)::int AS count FROM user_exchange_rates WHERE user_id = $1',
      [bob.id],
    );
    expect(rows[0].count).toBe(0);

    for (const [what, query, code] of [
      ['from after to', 'from=2026-04-13&to=2026-04-01', 'VALIDATION'],
      ['window too long', 'from=2025-01-01&to=2026-04-13', 'WINDOW_TOO_LONG'],
      ['unknown currency', 'currency=XXX', 'VALIDATION'],
      ['bad date', 'from=2026-13-01', 'VALIDATION'],
      ['before 1999', 'from=1990-01-01&to=1990-01-02', 'VALIDATION'],
    ]) {
      const response = await getRates(bob, query!);
      expect([what, response.statusCode, response.json().code]).toEqual([what, 400, code]);
    }
    // Signed in only.
    expect((await context.app.inject({ method: 'GET', url: '/api/rates' })).statusCode).toBe(401);
    expect(
      (await context.app.inject({ method: 'PUT', url: '/api/rates', payload: good })).statusCode,
    ).toBe(401);
  });
});
