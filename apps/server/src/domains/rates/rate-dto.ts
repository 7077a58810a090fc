import type { Rate } from '@moneta/shared';
import type { DayRateRow } from './rates-repository';

/** A day's rate as the API shows it: numbers, and the one that counts (the user's own wins). */
export function toRateDto(row: DayRateRow, baseCurrency: string): Rate {
  const ecbRate = row.ecbRate === null ? null : Number(row.ecbRate);
  const ownRate = row.ownRate === null ? null : Number(row.ownRate);
  return {
    currency: row.currency,
    baseCurrency,
    date: row.date,
    rate: (ownRate ?? ecbRate)!,
    source: ownRate === null ? 'ecb' : 'manual',
    ecbRate,
    ownRate,
  };
}
