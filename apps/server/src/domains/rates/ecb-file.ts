// The European Central Bank's reference-rate files, in the three forms it publishes them
// (docs/currencies.md): eurofxref-hist.zip (a zip holding eurofxref-hist.csv), the CSV itself
// (`Date,USD,JPY,…` then one line per day, newest first, `N/A` where a currency had no rate),
// and eurofxref-daily.xml (gesmes:Envelope › Cube › Cube time › Cube currency rate). The form
// is told from the bytes, not from the file's name. Anything else is refused with the reason.
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { isCalendarDate } from '@moneta/shared';

/** The rates of a file as three columns of equal length (how the loader hands them to SQL). */
export interface EcbRates {
  /** Each currency and day once. */
  currencies: string[];
  dates: string[];
  /** Units of the currency per euro, as the ECB wrote them ("1.1684"). */
  rates: string[];
}

export class EcbFileError extends Error {
  override name = 'EcbFileError';
}

/** The full history unzipped is 1.9 MB (2026); far more is not the ECB's file. */
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
const CODE = /^[A-Z]{3}$/;
const RATE = /^\d{1,12}(?:\.\d{1,12})?$/;

export function readEcbFile(bytes: Uint8Array): EcbRates {
  if (isZip(bytes)) return readEcbFile(unzipOne(bytes));
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('Date,')) return readCsv(text);
  if (start.startsWith('<')) return readXml(text);
  throw new EcbFileError(
    `not an ECB rates file: it starts with ${JSON.stringify(start.slice(0, 20))}, not a zip, "Date," or XML`,
  );
}

/** A zip's first bytes: a file's local header, or the end record of a zip holding nothing. */
function isZip(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  return (bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06);
}

/** The one CSV or XML file in the zip (the ECB's holds exactly one). */
function unzipOne(bytes: Uint8Array): Uint8Array {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.(csv|xml)$/i.test(file.name)) return false;
        if (file.originalSize > MAX_UNZIPPED_BYTES) {
          throw new EcbFileError(`${file.name} unzips to more than ${MAX_UNZIPPED_BYTES} bytes`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof EcbFileError) throw error;
    throw new EcbFileError(`a damaged zip: ${(error as Error).message}`);
  }
  const names = Object.keys(entries);
  if (names.length !== 1) {
    throw new EcbFileError(`the zip holds ${names.length} CSV or XML files, not one`);
  }
  const inner = entries[names[0]!]!;
  if (isZip(inner)) throw new EcbFileError('a zip inside the zip');
  return inner;
}

function readCsv(text: string): EcbRates {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new EcbFileError(`unreadable CSV: ${(error as Error).message}`);
  }
  const [header, ...lines] = records;
  // The ECB ends every line with a comma: an empty last column, which is no currency.
  const columns = (header ?? []).slice(1).map((name, index) => ({ name, index: index + 1 }));
  const currencies = columns.filter((column) => column.name !== '');
  for (const { name } of currencies) {
    if (!CODE.test(name))
      throw new EcbFileError(`column ${JSON.stringify(name)} is no currency code`);
  }
  if (currencies.length === 0) throw new EcbFileError('the CSV names no currency');
  const rates = emptyRates();
  for (const [lineIndex, line] of lines.entries()) {
    const date = line[0] ?? '';
    if (!isCalendarDate(date)) {
      throw new EcbFileError(`line ${lineIndex + 2}: ${JSON.stringify(date)} is no date`);
    }
    for (const { name, index } of currencies) {
      const value = line[index] ?? '';
      if (value === 'N/A' || value === '') continue;
      addRate(rates, name, date, value, `line ${lineIndex + 2}`);
    }
  }
  return nonEmpty(rates);
}

type XmlCube = { time?: string; currency?: string; rate?: string; Cube?: XmlCube[] };

function readXml(text: string): EcbRates {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new EcbFileError('XML with a DTD is refused');
  let document: { Envelope?: { Cube?: XmlCube[] } };
  try {
    document = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      removeNSPrefix: true,
      parseTagValue: false,
      parseAttributeValue: false,
      processEntities: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      isArray: (name) => name === 'Cube',
    }).parse(text, true) as typeof document;
  } catch (error) {
    throw new EcbFileError(`unreadable XML: ${(error as Error).message}`);
  }
  const days = document.Envelope?.Cube?.[0]?.Cube;
  if (!days) throw new EcbFileError('XML without gesmes:Envelope › Cube › Cube time');
  const rates = emptyRates();
  for (const day of days) {
    const date = day.time ?? '';
    if (!isCalendarDate(date)) throw new EcbFileError(`${JSON.stringify(date)} is no date`);
    for (const cube of day.Cube ?? []) {
      const currency = cube.currency ?? '';
      if (!CODE.test(currency)) {
        throw new EcbFileError(`${date}: ${JSON.stringify(currency)} is no currency code`);
      }
      addRate(rates, currency, date, cube.rate ?? '', date);
    }
  }
  return nonEmpty(rates);
}

type RatesBeingRead = EcbRates & { seen: Set<string> };

function emptyRates(): RatesBeingRead {
  return { currencies: [], dates: [], rates: [], seen: new Set() };
}

function addRate(
  rates: RatesBeingRead,
  currency: string,
  date: string,
  value: string,
  where: string,
) {
  if (!RATE.test(value) || !(Number(value) > 0)) {
    throw new EcbFileError(`${where}: ${currency} ${JSON.stringify(value)} is no rate`);
  }
  // The euro is 1 by definition; a file that lists it says nothing more.
  if (currency === 'EUR') return;
  const key = `${currency}${date}`;
  if (rates.seen.has(key)) throw new EcbFileError(`${where}: ${currency} twice on ${date}`);
  rates.seen.add(key);
  rates.currencies.push(currency);
  rates.dates.push(date);
  rates.rates.push(value);
}

function nonEmpty({ currencies, dates, rates }: RatesBeingRead): EcbRates {
  if (dates.length === 0) throw new EcbFileError('the file holds no rate');
  return { currencies, dates, rates };
}
