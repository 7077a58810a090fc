// The rates loader at start, and the currencies the API lists.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-app';
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
