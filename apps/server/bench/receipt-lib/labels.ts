import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CurrencyCode } from '@moneta/shared';
import { labelDateToIso, labelTotal } from './scoring';

/** One receipt's expected reading; a null field is not scored. */
export interface BenchLabel {
  file: string;
  company: string | null;
  /** YYYY-MM-DD */
  date: string | null;
  total: number | null;
  /** The ISO code printed on the receipt, when the label names one. */
  currency: string | null;
  /** What a user of the receipt's country would have set up: their currency and time zone. */
  hints: { currency?: CurrencyCode; timeZone?: string };
}

// A user in each country of the world set, as Moneta knows them: one of its seven currencies
// and a time zone of that country.
const USER_BY_COUNTRY: Record<string, { currency: CurrencyCode; timeZone: string }> = {
  DE: { currency: 'EUR', timeZone: 'Europe/Berlin' },
  ES: { currency: 'EUR', timeZone: 'Europe/Madrid' },
  FR: { currency: 'EUR', timeZone: 'Europe/Paris' },
  IT: { currency: 'EUR', timeZone: 'Europe/Rome' },
  US: { currency: 'USD', timeZone: 'America/New_York' },
  GB: { currency: 'GBP', timeZone: 'Europe/London' },
  JP: { currency: 'JPY', timeZone: 'Asia/Tokyo' },
  CA: { currency: 'CAD', timeZone: 'America/Toronto' },
  AU: { currency: 'AUD', timeZone: 'Australia/Sydney' },
  IN: { currency: 'INR', timeZone: 'Asia/Kolkata' },
};

interface RawLabel {
  company?: string | null;
  date?: string | null;
  total?: string | null;
  currency?: string | null;
  country?: string;
}

/**
 * Reads DIR/labels.json in either format: SROIE's (`company`, day-first `date`, `total`; no
 * country, so no user hints: the reading decides from the receipt alone, as before) or the world
 * set's (`date` YYYY-MM-DD or null, `total` "12.34" or null, `currency`, `country`).
 */
export async function readBenchLabels(dir: string): Promise<BenchLabel[]> {
  const raw = JSON.parse(await readFile(join(dir, 'labels.json'), 'utf8')) as Record<
    string,
    RawLabel
  >;
  return Object.keys(raw)
    .sort()
    .map((file) => {
      const label = raw[file] ?? {};
      const company = label.company?.trim() ? label.company : null;
      return {
        file,
        company,
        date: label.date ? labelDateToIso(label.date) : null,
        total: label.total ? labelTotal(label.total) : null,
        currency: label.currency ?? null,
        hints: (label.country && USER_BY_COUNTRY[label.country]) || {},
      };
    });
}
