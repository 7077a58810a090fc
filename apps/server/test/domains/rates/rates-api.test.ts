// Exchange rates through the API: the loader at start, the currencies and the user’s own rates.
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, createTestApp, signUp } from '../../test-app';
import { context, files } from './rates-setup';

describe('the rates loader at start', () => {
  it('loads in the background without holding up the start, and a failing URL never stops the server', async () => {
    const loading = await createTestApp({ exchangeRatesUrl: files.url('eurofxref-hist.zip') });
    const failing = await createTestApp({ exchangeRatesUrl: files.url('missing.zip') });
    try {
      // ready() has returned: the app answers while the rates load.
      const health = await failing.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      let count = 0;
      for (let attempt = 0; attempt < 200 && count < 217_555; attempt++) {
        await new Promise((done) => setTimeout(done, 100));
        const { rows } = await loading.database.pool.query(
          'SELECT count(*)::int AS count FROM exchange_rates',
        );
        count = rows[0].count;
      }
      expect(count).toBe(217_555);
      expect(files.requests.get('missing.zip')).toBeGreaterThanOrEqual(1);
    } finally {
      await loading.close();
      await failing.close();
    }
  }, 60_000);
});

describe('GET /api/currencies', () => {
  it('lists every currency without signing in: the seven first, then the ECB’s, ISO digits', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/currencies' });
    expect(response.statusCode).toBe(200);
    const currencies = response.json<Array<{ code: string; decimals: number }>>();
    expect(currencies.slice(0, 7).map((currency) => currency.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'INR',
    ]);
    expect(currencies).toHaveLength(42);
    expect(currencies.find((currency) => currency.code === 'CHF')).toEqual({
      code: 'CHF',
      name: 'Swiss Franc',
      symbol: 'CHF',
      decimals: 2,
    });
    const digits = Object.fromEntries(
      currencies.map((currency) => [currency.code, currency.decimals]),
    );
    expect(digits).toMatchObject({ JPY: 0, ISK: 0, KRW: 0, HUF: 2, IDR: 2, USD: 2 });
  });
});

describe('GET and PUT /api/rates', () => {
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
