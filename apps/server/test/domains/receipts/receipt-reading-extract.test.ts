import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractDate, guessDateOrder } from '../../../src/domains/receipts/extract/extract-date';
import { extractFields } from '../../../src/domains/receipts/extract/extract-fields';
import { extractMerchant } from '../../../src/domains/receipts/extract/extract-merchant';
import { extractTotal, findAmounts } from '../../../src/domains/receipts/extract/extract-total';
import { guessCategory } from '../../../src/domains/receipts/extract/guess-category';
import { parseReceiptAmount } from '../../../src/domains/receipts/extract/parse-receipt-amount';
import { checkReading } from '../../../src/domains/receipts/extract/receipt-reading';
import { toReceiptLines } from '../../../src/domains/receipts/ocr/receipt-lines';
import { joinWithSpaces } from '../../../src/domains/receipts/ocr/word-spacing';

const fixture = (name: string) =>
  toReceiptLines(readFileSync(new URL(`../../fixtures/receipts/${name}`, import.meta.url), 'utf8'));
const lines = (...texts: string[]) => toReceiptLines(texts.join('\n'));
const TODAY = { today: '2024-06-30' };

describe('parseReceiptAmount', () => {
  it.each([
    ['$1,234.56', 1234.56],
    ['RM 12.50', 12.5],
    ['RM12.50', 12.5],
    ['1.234,56 €', 1234.56],
    ['12,50', 12.5],
    ['¥1,200', 1200],
    ['£0.99', 0.99],
    ['1 234,56', 1234.56],
    ['-5.00', -5],
  ])('%s → %d', (text, value) => {
    expect(parseReceiptAmount(text)).toBe(value);
  });

  it.each(['abc', '12:30', '1,2,3', ''])('rejects %j', (text) => {
    expect(parseReceiptAmount(text)).toBeNull();
  });

  it('finds only 2-decimal amounts in a line, not 3-decimal unit prices or dates', () => {
    expect(findAmounts('1 PC * 9.000 0.00 9.00')).toEqual([0, 9]);
    expect(findAmounts('Date 25.12.18 Total 14.10')).toEqual([14.1]);
  });
});

describe('extractTotal', () => {
  it('US: TOTAL with a dollar sign, skipping subtotal, sales tax and change', () => {
    expect(extractTotal(fixture('us-grocery.txt'))?.value).toBe(13.47);
  });

  it('UK: pounds, VAT and cash/change lines skipped', () => {
    expect(extractTotal(fixture('uk-cafe.txt'))?.value).toBe(8.7);
  });

  it('EU: thousands dots and decimal commas, "dont TVA" skipped', () => {
    expect(extractTotal(fixture('eu-restaurant.txt'))?.value).toBe(1272.56);
  });

  it('Malaysia: "Total Incl. GST RM15.90" beats "Total Qty" and the GST line', () => {
    const total = extractTotal(fixture('my-hardware.txt'));
    expect(total?.value).toBe(15.9);
    expect(total?.confidence).toBeGreaterThan(0.8);
  });

  it('Japan: yen amounts have no decimals', () => {
    expect(extractTotal(fixture('jp-convenience.txt'))?.value).toBe(1200);
  });

  it('the rounded total after a rounding adjustment wins over the unrounded one', () => {
    const receipt = lines(
      'Total Sales Incl GST 127.37',
      'Rounding Adj -0.02',
      'Total After Adj Incl GST 127.35',
      'CASH 150.00',
      'Change Amt 22.65',
    );
    expect(extractTotal(receipt)?.value).toBe(127.35);
  });

  it('"GST included in total" is the tax, not the total', () => {
    const receipt = lines(
      'Total Incl. GST@6% RM42.90',
      'CASH RM50.00',
      'CHANGE RM7.10',
      'GST @6% included in total RM2.43',
    );
    expect(extractTotal(receipt)?.value).toBe(42.9);
  });

  it('tolerates OCR-mangled keywords and glued words', () => {
    expect(
      extractTotal(
        lines('SUBTOTAL 5.00', "Grand Tota' : 6.70", 'Payment : 50.00', 'Change Due : 43.30'),
      )?.value,
    ).toBe(6.7);
    expect(extractTotal(lines('TOTALRM14.10', 'CASHRM20.00', 'CHANGERM5.90'))?.value).toBe(14.1);
  });

  it('reads an amount printed on the line under its keyword', () => {
    expect(extractTotal(lines('AMOUNT DUE', '$42.00', 'THANK YOU'))?.value).toBe(42);
  });

  it('falls back to tendered minus change, with a low confidence, when no keyword is read', () => {
    const total = extractTotal(lines('ITEM A 3.00', 'ITEM B 4.50', 'CASH 10.00', 'CHANGE 2.50'));
    expect(total?.value).toBe(7.5);
    expect(total?.confidence).toBeLessThan(0.6);
  });

  it('a subtotal is used only when nothing better is printed', () => {
    expect(extractTotal(lines('SUBTOTAL 9.99', 'TAX 0.80'))?.value).toBe(9.99);
  });

  it('returns null when the receipt has no amount', () => {
    expect(extractTotal(lines('HELLO', 'WORLD'))).toBeNull();
  });
});

describe('extractDate', () => {
  it('Malaysian receipts are day-first', () => {
    expect(extractDate(fixture('my-hardware.txt'), TODAY)?.value).toBe('2017-12-22');
  });

  it('US receipts ($ and a state) are month-first', () => {
    expect(
      guessDateOrder(
        fixture('us-grocery.txt')
          .map((l) => l.text)
          .join('\n'),
      ),
    ).toBe('month-first');
    expect(extractDate(fixture('us-grocery.txt'), TODAY)?.value).toBe('2024-03-14');
  });

  it('UK and EU receipts are day-first, with / and . separators', () => {
    expect(extractDate(fixture('uk-cafe.txt'), TODAY)?.value).toBe('2023-11-05');
    expect(extractDate(fixture('eu-restaurant.txt'), TODAY)?.value).toBe('2023-10-12');
  });

  it('reads CJK year-month-day dates', () => {
    expect(extractDate(fixture('jp-convenience.txt'), TODAY)?.value).toBe('2024-01-05');
  });

  it.each([
    ['Date: 25 Dec 2018', '2018-12-25'],
    ['05 MAR 2018 12:01', '2018-03-05'],
    ['December 3, 2019', '2019-12-03'],
    ['Dec 03 19', '2019-12-03'],
    ['25-DEC-18', '2018-12-25'],
    ['2019-04-30 13:00', '2019-04-30'],
    ['24-01-16 10:35', '2016-01-24'],
    ['Date:25/12/20188:13:39PM', '2018-12-25'],
    ['17-03-18 14:49SH01', '2018-03-17'],
    ['29 12 2017', '2017-12-29'],
    ['Date:2016-07-3113:48:37', '2016-07-31'],
    ['27.03/2018 NoCS-20243', '2018-03-27'],
    ['12-02.-2018 11:34:45 AM', '2018-02-12'],
    ['DATE : 10 0CT 2017 TUE', '2017-10-10'],
    ['N0V 3, 2019', '2019-11-03'],
  ])('%s → %s', (text, iso) => {
    expect(extractDate(lines('SHOP SDN BHD', text), TODAY)?.value).toBe(iso);
  });

  it('a day over 12 decides the order whatever the locale', () => {
    expect(extractDate(lines('$5.00 SALES TAX CA 94109', '12/25/2018'), TODAY)?.value).toBe(
      '2018-12-25',
    );
    expect(extractDate(lines('RM 5.00', '12/25/2018'), TODAY)?.value).toBe('2018-12-25');
  });

  it('rejects a date in the future and keeps the plausible one', () => {
    const receipt = lines('Valid until 31/12/2030', 'Date: 01/02/2024');
    expect(extractDate(receipt, TODAY)?.value).toBe('2024-02-01');
    expect(extractDate(lines('Date: 01/08/2024'), TODAY)).toBeNull();
  });

  it('distrusts a 2-digit year cut off more digits ("16/09/017") when a clean date is printed', () => {
    expect(extractDate(lines('Date:16/09/017', 'DD16/09/2017 11:59'), TODAY)?.value).toBe(
      '2017-09-16',
    );
  });

  it('prefers the labelled purchase date over an expiry date', () => {
    const receipt = lines('Member expiry 01/01/2024', 'Date: 15/03/2024');
    expect(extractDate(receipt, TODAY)?.value).toBe('2024-03-15');
  });
});

describe('extractMerchant', () => {
  it('skips handwriting, company numbers, addresses, phones and titles', () => {
    expect(extractMerchant(fixture('my-hardware.txt'))?.value).toBe(
      'HOME MASTER HARDWARE & ELECTRICAL',
    );
  });

  it('takes the first printed name of US, UK and EU receipts', () => {
    expect(extractMerchant(fixture('us-grocery.txt'))?.value).toBe('WHOLE FOODS MARKET');
    expect(extractMerchant(fixture('uk-cafe.txt'))?.value).toBe('The Corner Cafe Ltd');
    expect(extractMerchant(fixture('eu-restaurant.txt'))?.value).toBe('Restaurant Le Petit Zinc');
  });

  it('strips a registration number glued to the name', () => {
    expect(
      extractMerchant(lines('99 SPEED MART S/B (519537-X)', 'LOT P.T.33198 BATU 4'))?.value,
    ).toBe('99 SPEED MART S/B');
  });

  it('repairs the spacing and OCR misreads of "SDN BHD"', () => {
    expect(
      extractMerchant(lines('GARDENIA BAKERIES KLSDNBHD', 'LOT 3, JALAN PELABUR'))?.value,
    ).toBe('GARDENIA BAKERIES KL SDN BHD');
    expect(extractMerchant(lines('SINNATHAMBY HOLDINGS SDN.KHD'))?.value).toBe(
      'SINNATHAMBY HOLDINGS SDN BHD',
    );
  });

  it('joins a legal name wrapped onto a second line', () => {
    const receipt = lines(
      'AIK HUAT HARDWARE',
      'ENTERPRISE (SETIA ALAM) SDN BHD',
      '(822737-X)',
      'NO. 17-G, JALAN SETIA INDAH',
    );
    expect(extractMerchant(receipt)?.value).toBe(
      'AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD',
    );
    expect(
      extractMerchant(lines('HOME MASTER HARDWARE', '& ELECTRICAL', 'TEL: 03-3361 4788'))?.value,
    ).toBe('HOME MASTER HARDWARE & ELECTRICAL');
  });

  it('joins a name whose first line ends with "&" or whose second line starts like a tail', () => {
    expect(extractMerchant(fixture('uk-bakery-wrapped.txt'))?.value).toBe(
      'HARGREAVES FAMILY BAKERS & CONFECTIONERS',
    );
    expect(extractMerchant(fixture('sg-bookshop-wrapped.txt'))?.value).toBe(
      'TANJONG BOOK CO. (S) PTE LTD',
    );
  });

  it('prefers the shop printed first over an owner company printed under the address', () => {
    expect(extractMerchant(fixture('my-stationery-owned-by.txt'))?.value).toBe(
      'KEDAI BUKU CAHAYA STATIONERY SHOP',
    );
  });

  it('keeps a legal name that holds a place name, and repairs "5dn Ehd"', () => {
    expect(
      extractMerchant(lines('tan ah kow', 'KEDAI RUNCIT (TAMAN MAJU) SDN BHD', '789417-W'))?.value,
    ).toBe('KEDAI RUNCIT (TAMAN MAJU) SDN BHD');
    expect(
      extractMerchant(lines('Broadview Marketing 5dn Ehd(728384-M)', 'No.9-G Jalan Dinar'))?.value,
    ).toBe('Broadview Marketing SDN BHD');
  });

  it('splits words glued to a trade word or after a period, and repairs a garbled suffix', () => {
    expect(extractMerchant(lines('SANYU STATIONERYSHOP', 'NO.31G JALAN SETIA'))?.value).toBe(
      'SANYU STATIONERY SHOP',
    );
    expect(extractMerchant(lines('Mr.Dakgalbi Solaris', 'Tel: 03-6206 5567'))?.value).toBe(
      'Mr. Dakgalbi Solaris',
    );
    expect(extractMerchant(lines('CITY BOOKSHOP', '12 High Street'))?.value).toBe('CITY BOOKSHOP');
    expect(extractMerchant(lines('RE STORAN WAN SHENG', 'TEL 03-1234'))?.value).toBe(
      'RESTORAN WAN SHENG',
    );
    expect(extractMerchant(lines('HARD WARE CITY SDN BHD'))?.value).toBe('HARDWARE CITY SDN BHD');
    expect(extractMerchant(lines('ALAM SUPER MARKET'))?.value).toBe('ALAM SUPER MARKET');
    expect(extractMerchant(lines('CITY BOOK STORE'))?.value).toBe('CITY BOOK STORE');
    expect(extractMerchant(lines('HON HWA HARDWARETRADING'))?.value).toBe(
      'HON HWA HARDWARE TRADING',
    );
    expect(extractMerchant(lines('SANJUNG REA1ITI SDN BHD'))?.value).toBe(
      'SANJUNG REALITI SDN BHD',
    );
    expect(extractMerchant(lines('99 SPEED MART 5B (519537-X)'))?.value).toBe('99 SPEED MART S/B');
    expect(
      extractMerchant(lines('AIK HUAT HARDWARE', 'ENTERPRISE (SETIA', 'ALAM) SUN BHO', '822737-X'))
        ?.value,
    ).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('strips a bracketed company number with a digit misread as a letter', () => {
    expect(
      extractMerchant(lines('GARDENIA BAKERIES (KL) SDN BHD (I39386 X)', '40300 Shah Alam'))?.value,
    ).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(extractMerchant(lines('ANZEL ADVERTISING (M) SDN BHD 75E785-H)'))?.value).toBe(
      'ANZEL ADVERTISING (M) SDN BHD',
    );
  });

  it('skips a TAX INVOICE title above the name', () => {
    expect(
      extractMerchant(lines('TAX INVOICE', "DOMINO'S PIZZA", 'GST REF NO : 001694261248'))?.value,
    ).toBe("DOMINO'S PIZZA");
  });
});

/**
 * A printed line as the recognizer sees it: every character in a cell of `cell` columns with its
 * ink centred (a "1" is narrow), 30 rows high; a space is a blank cell. The recognizer emitted
 * the spaces (`modelSpaces`) or dropped them, with no probability left for them.
 */
function printedLine(text: string, cell: number, { modelSpaces = false } = {}) {
  const ink = new Uint8Array(text.length * cell);
  const chars = [...text].flatMap((char, k) => {
    const width = char === '1' ? 4 : Math.round(cell * 0.6);
    const left = k * cell + Math.round((cell - width) / 2);
    if (char !== ' ') ink.fill(30, left, left + width);
    const step = Math.floor((k * cell + cell / 2) / 8);
    return char === ' ' && !modelSpaces ? [] : [{ char, step, spaceBefore: 0 }];
  });
  return { chars, steps: Math.floor(ink.length / 8), ink };
}

describe('joinWithSpaces', () => {
  it('puts back the word spaces the recognizer dropped', () => {
    const line = printedLine('MR. D.I.Y. (M) SDN BHD', 24);
    expect(joinWithSpaces(line.chars, line.steps, line.ink)).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('adds no spaces between the widely spaced letters of a monospaced font', () => {
    const line = printedLine('THANK YOU PLEASE COME AGAIN', 40);
    expect(joinWithSpaces(line.chars, line.steps, line.ink)).toBe('THANK YOU PLEASE COME AGAIN');
  });

  it('never splits a number around a narrow "1"', () => {
    const line = printedLine('INV 10111 ON 11/01/2018', 24);
    expect(joinWithSpaces(line.chars, line.steps, line.ink)).toBe('INV 10111 ON 11/01/2018');
  });

  it('keeps the spaces the recognizer emitted, once', () => {
    const line = printedLine('SUB TOTAL', 24, { modelSpaces: true });
    expect(joinWithSpaces(line.chars, line.steps, line.ink)).toBe('SUB TOTAL');
  });

  it('takes a space the recognizer found likely even where the letters touch', () => {
    const line = printedLine('HONHWA', 24);
    const withLikelySpace = line.chars.map((c, i) => ({ ...c, spaceBefore: i === 3 ? 0.4 : 0 }));
    expect(joinWithSpaces(withLikelySpace, line.steps, line.ink)).toBe('HON HWA');
    const withUnlikelySpace = line.chars.map((c, i) => ({ ...c, spaceBefore: i === 3 ? 0.01 : 0 }));
    expect(joinWithSpaces(withUnlikelySpace, line.steps, line.ink)).toBe('HONHWA');
  });
});

describe('guessCategory', () => {
  it('maps merchant and item words onto built-in categories', () => {
    expect(guessCategory('WHOLE FOODS MARKET', fixture('us-grocery.txt')).value).toBe('Groceries');
    expect(guessCategory('The Corner Cafe Ltd', fixture('uk-cafe.txt')).value).toBe('Food');
    expect(guessCategory('HOME MASTER HARDWARE & ELECTRICAL', []).value).toBe('Shopping');
    expect(guessCategory('SHELL KEPONG', lines('RON95 40.00')).value).toBe('Transportation');
    expect(guessCategory('XYZ', []).value).toBe('Miscellaneous');
  });

  it("the user's own category for the same merchant wins", () => {
    const history = [
      { merchant: 'Home Master Hardware & Electrical', category: 'House' },
      { merchant: 'HOME MASTER HARDWARE & ELECTRICAL', category: 'House' },
      { merchant: 'Home Master Hardware', category: 'Bills' },
    ];
    const category = guessCategory('HOME MASTER HARDWARE & ELECTRICAL', [], history);
    expect(category).toEqual({ value: 'House', confidence: 0.95 });
  });
});

describe('extractFields', () => {
  it('reads every field with a confidence', () => {
    const reading = extractFields(fixture('my-hardware.txt'), TODAY);
    expect(reading).toMatchObject({
      merchant: 'HOME MASTER HARDWARE & ELECTRICAL',
      total: 15.9,
      date: '2017-12-22',
      category: 'Shopping',
    });
    for (const value of Object.values(reading.confidence)) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });
});

describe('checkReading: the rules for the local extraction and the AI alike', () => {
  const found = {
    merchant: { value: 'AI CAFE', confidence: 0.8 },
    total: { value: 12.345, confidence: 0.85 },
    date: { value: '2024-02-03', confidence: 0.8 },
    category: { value: 'Food', confidence: 0.7 },
  };

  it('keeps a plausible reading, its total in whole cents', () => {
    expect(checkReading(found, TODAY)).toEqual({
      merchant: 'AI CAFE',
      total: 12.35,
      date: '2024-02-03',
      category: 'Food',
      currency: null,
      confidence: { merchant: 0.8, total: 0.85, date: 0.8, category: 0.7 },
    });
  });

  it('keeps an ISO currency code and drops anything else', () => {
    expect(checkReading({ ...found, currency: 'EUR' }, TODAY).currency).toBe('EUR');
    expect(checkReading({ ...found, currency: 'euros' }, TODAY).currency).toBeNull();
  });

  it.each(['2024-07-01', '2024-02-30', '1985-05-01'])('drops the date %s', (date) => {
    const reading = checkReading({ ...found, date: { value: date, confidence: 0.8 } }, TODAY);
    expect(reading.date).toBeNull();
    expect(reading.confidence.date).toBe(0);
  });

  it.each([0, -4.5])('drops the total %s', (total) => {
    const reading = checkReading({ ...found, total: { value: total, confidence: 0.85 } });
    expect(reading.total).toBeNull();
    expect(reading.confidence.total).toBe(0);
  });

  it("lets the user's category for the same merchant overrule the reader's guess", () => {
    const history = [{ merchant: 'Ai Cafe', category: 'Work lunches' }];
    const reading = checkReading(found, { ...TODAY, merchantCategories: history });
    expect(reading.category).toBe('Work lunches');
    expect(reading.confidence.category).toBe(0.95);
  });
});
