import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * The ECB history file the e2e server serves (scripts/e2e-server.mjs), beside the repository as
 * CI has it. The browser tests read it themselves, with nothing of the server's, so that the
 * figures they expect do not come from the code under test.
 */
export const ECB_FILE = join(import.meta.dirname, '../../../shared/rates/eurofxref-hist.zip');

/** The one CSV of the zip (stored or deflated, sizes in the local header, as the ECB writes it). */
function csvOf(zip: Buffer): string {
  if (zip.readUInt32LE(0) !== 0x04034b50) throw new Error('Not a zip file');
  const method = zip.readUInt16LE(8);
  const size = zip.readUInt32LE(18);
  const start = 30 + zip.readUInt16LE(26) + zip.readUInt16LE(28);
  const data = zip.subarray(start, start + size);
  return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
}

/** Units of each currency per euro on each business day: `rates.get('2026-04-10')?.USD`. */
export function readEcbRates(file = ECB_FILE): Map<string, Record<string, number>> {
  const [header = '', ...lines] = csvOf(readFileSync(file)).trim().split(/\r?\n/);
  const codes = header.split(',').slice(1);
  const rates = new Map<string, Record<string, number>>();
  for (const line of lines) {
    const [date = '', ...values] = line.split(',');
    const day: Record<string, number> = {};
    codes.forEach((code, index) => {
      const value = Number(values[index]);
      if (code && Number.isFinite(value) && value > 0) day[code] = value;
    });
    rates.set(date, day);
  }
  return rates;
}
