import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { HISTORY_ZIP } from './rates-server';

/**
 * The ECB's history file read here, apart from the server's loader, so that a test computes the
 * figures it expects from the published rates themselves: units of each currency per euro, by day.
 */
const history = new Map<string, Map<string, number>>();
{
  const text = new TextDecoder().decode(Object.values(unzipSync(readFileSync(HISTORY_ZIP)))[0]!);
  const [header, ...lines] = text.trim().split('\n');
  const codes = header!
    .split(',')
    .slice(1)
    .map((code) => code.trim());
  for (const line of lines) {
    const cells = line.split(',');
    const day = new Map<string, number>();
    codes.forEach((code, index) => {
      const cell = cells[index + 1]?.trim();
      if (code && cell && cell !== 'N/A' && Number.isFinite(Number(cell)))
        day.set(code, Number(cell));
    });
    history.set(cells[0]!, day);
  }
}
const days = [...history.keys()].sort();

/** Units of `currency` per euro published for exactly `day` (the euro itself: 1). */
export function perEuro(currency: string, day: string): number {
  if (currency === 'EUR') return 1;
  const rate = history.get(day)?.get(currency);
  if (rate === undefined) throw new Error(`no ECB rate for ${currency} on ${day}`);
  return rate;
}

/** The latest day on or before `day` the ECB published a rate for `currency`, at most `maxDays` back. */
export function ecbDayOf(currency: string, day: string, maxDays = Infinity): string | undefined {
  const limit = new Date(`${day}T00:00:00Z`).getTime() - maxDays * 86_400_000;
  for (let index = days.length - 1; index >= 0; index--) {
    const candidate = days[index]!;
    if (candidate > day) continue;
    if (new Date(`${candidate}T00:00:00Z`).getTime() < limit) return undefined;
    if (currency === 'EUR' || history.get(candidate)?.has(currency)) return candidate;
  }
  return undefined;
}

/** Hundredths rounded half away from zero, as the server rounds a converted amount. */
const roundCents = (cents: number) => Math.sign(cents) * Math.round(Math.abs(cents));

/**
 * `amount` of `from` in `to` at the rates of the ECB day `day` (both legs through the euro),
 * rounded to cents.
 */
export function converted(amount: number, from: string, to: string, day: string): number {
  if (from === to) return amount;
  return roundCents((amount * 100 * perEuro(to, day)) / perEuro(from, day)) / 100;
}

/** A sum of decimal amounts, exact in cents. */
export function sumOf(values: number[]): number {
  return Math.round(values.reduce((sum, value) => sum + Math.round(value * 100), 0)) / 100;
}
