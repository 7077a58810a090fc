// When the rates loader runs (docs/decisions.md, CUR-4): at start when
// no rate is kept or the newest is older than yesterday, then every day; stopping waits for it.
import { describe, expect, it, vi } from 'vitest';
import type { RatesLoader } from '../../../src/domains/rates/rates-loader';
import { startRatesScheduler } from '../../../src/domains/rates/rates-scheduler';

function fakeLoader(newest: string | undefined) {
  const loads: number[] = [];
  const loader: RatesLoader = {
    newestDate: async () => newest,
    load: async () => {
      loads.push(Date.now());
      return { status: 'skipped', reason: 'fake' };
    },
    abort: vi.fn(),
  };
  return { loader, loads };
}

const logger = { info: () => undefined, warn: () => undefined };
const now = () => new Date('2026-04-14T09:00:00Z');
const settle = () => new Promise((done) => setTimeout(done, 20));

describe('the rates scheduler', () => {
  it('loads at start when no rate is kept, or the newest is older than yesterday', async () => {
    for (const [newest, expected] of [
      [undefined, 1],
      ['2026-04-10', 1],
      ['2026-04-12', 1],
      ['2026-04-13', 0],
      ['2026-04-14', 0],
    ] as const) {
      const { loader, loads } = fakeLoader(newest);
      const scheduler = startRatesScheduler(loader, { logger, now });
      await settle();
      await scheduler.stop();
      expect([newest, loads.length]).toEqual([newest, expected]);
      expect(loader.abort).toHaveBeenCalledOnce();
    }
  });

  it('then loads again every interval until stopped', async () => {
    const { loader, loads } = fakeLoader('2026-04-13');
    const scheduler = startRatesScheduler(loader, { logger, now, intervalMs: 30 });
    await new Promise((done) => setTimeout(done, 200));
    await scheduler.stop();
    const counted = loads.length;
    expect(counted).toBeGreaterThanOrEqual(2);
    await new Promise((done) => setTimeout(done, 100));
    expect(loads.length).toBe(counted);
  });

  it('survives a database that cannot say what it holds', async () => {
    const warnings: unknown[] = [];
    const { loader, loads } = fakeLoader(undefined);
    loader.newestDate = () => Promise.reject(new Error('connection refused'));
    const scheduler = startRatesScheduler(loader, {
      logger: { info: () => undefined, warn: (object) => void warnings.push(object) },
      now,
    });
    await settle();
    await scheduler.stop();
    expect(loads).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
