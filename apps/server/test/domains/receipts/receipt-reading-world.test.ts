// Receipt reading around the world: amounts, total words, dates, currencies and shop fingerprints.
import { describe, expect, it } from 'vitest';
import { extractCurrency } from '../../../src/domains/receipts/extract/extract-currency';
import { extractDate, guessDateOrder } from '../../../src/domains/receipts/extract/extract-date';
import { extractFields } from '../../../src/domains/receipts/extract/extract-fields';
import { findAmounts } from '../../../src/domains/receipts/extract/extract-total';
import {
  isSameShop,
  shopFingerprint,
} from '../../../src/domains/receipts/extract/shop-fingerprint';
import { lines, total } from './receipt-reading-world-setup';

describe('amounts in every convention', () => {
  it.each([
    ['SUMME EUR 1.234,56', [1234.56]],
    ['TOTAL 1,234.56', [1234.56]],
    ['Total 1 234,56 €', [1234.56]],
    ['TOTALE € 12,40', [12.4]],
    ['Montant 8,50EUR', [8.5]],
    ['TOTAL £10.20', [10.2]],
    ['Total ₹ 1,250.00', [1250]],
    ['SUMME - 27,63', [27.63]],
    ['LEERGUT -2,00', []],
  ])('%s', (text, values) => {
    expect(findAmounts(text)).toEqual(values);
  });
});

describe('total words of the seven currencies’ countries', () => {
  it('German: SUMME, with cash and change (RÜCKGELD) around it', () => {
    expect(total('Milch 1,09 A', 'Brot 2,49 A', 'SUMME 3,58', 'BAR 5,00', 'RÜCKGELD 1,42')).toBe(
      3.58,
    );
  });

  it('German: cash printed without a keyword above the change confirms the subtotal', () => {
    expect(
      total(
        'Brot 1,39',
        'Käse 2,90',
        'Wurst 1,39',
        'Zwischensumme EUR 5,68',
        'EURO 10,00',
        'Rueckgeld EUR 4,32',
      ),
    ).toBe(5.68);
  });

  it('German: "zu zahlen" wins; the card line, "Geg." tendered and the VAT table are not totals', () => {
    expect(
      total(
        'Kaffee 4,99 A',
        'Butter 2,19 A',
        'zu zahlen 7,18',
        'Geg. EC-Karte 7,18',
        'MWST% MWST Netto Brutto',
        'A 7% 0,47 6,71 7,18',
        'Summe 0,47 6,71 7,18',
      ),
    ).toBe(7.18);
  });

  it('German: the last SUMME after a discount is the total', () => {
    expect(
      total(
        'Wurst 12,40',
        'Summe 14,20',
        '10 % Rabatt -1,42',
        'SUMME € 12,78',
        'Bar 20,00',
        'Rückgeld 7,22',
      ),
    ).toBe(12.78);
  });

  it('German: deposits (Pfand, Leergut) and a Zwischensumme are not the total', () => {
    expect(
      total(
        'Wasser 0,59',
        'Pfand 0,25',
        'Zwischensumme 0,84',
        'LEERGUT -2,00',
        'SUMME -1,16',
        'GESAMT 0,84',
      ),
    ).toBe(0.84);
  });

  it('French: TOTAL TTC / NET À PAYER, not the TVA line or MONNAIE RENDUE', () => {
    expect(total('TVA 20% 1,52', 'TOTAL TTC 9,12', 'ESPECES 10,00', 'MONNAIE RENDUE 0,88')).toBe(
      9.12,
    );
    expect(total('Sous-total 18,00', 'NET A PAYER 16,20', 'CB 16,20')).toBe(16.2);
  });

  it('Italian: TOTALE, not SUBTOTALE, CONTANTE or RESTO', () => {
    expect(
      total('SUBTOTALE 18,30', 'TOTALE COMPLESSIVO 18,30', 'CONTANTE 20,00', 'RESTO 1,70'),
    ).toBe(18.3);
  });

  it('Spanish: TOTAL (€), IMPORTE, not IVA or CAMBIO', () => {
    expect(total('IVA 21% 0,84', 'TOTAL (€) 4,84', 'EFECTIVO 5,00', 'CAMBIO 0,16')).toBe(4.84);
  });

  it('Dutch: TOTAAL / TE BETALEN, not BTW or PIN', () => {
    expect(total('SUBTOTAAL 6,40', 'BTW 9% 0,53', 'TE BETALEN 6,40', 'PIN 6,40')).toBe(6.4);
  });

  it('Japanese: 合計 in yen, not 小計, お預り or お釣り', () => {
    expect(total('小計 ¥1,100', '外税 ¥110', '合計 ¥1,210', 'お預り ¥2,000', 'お釣り ¥790')).toBe(
      1210,
    );
    expect(total('お会計 ¥850', '現金 ¥1,000', 'お釣 ¥150')).toBe(850);
  });

  it('Japanese as the kanji recognizer reads it: full-width ￥, simplified 合计 and 小计, the tax total', () => {
    expect(total('小 计 ￥300', '10%税合计 10.00% ￥30', '合计 ￥330', '（内消费税等 ￥30)')).toBe(
      330,
    );
    expect(total('A516 ￥100', '￥300', '買上点数 3点', '￥330', '￥330')).toBe(330);
  });

  it('a balance-due of 0.00 after payment and a gift card balance are not totals', () => {
    expect(total('Total 18.90', 'VISA 18.90', 'Balance Due 0.00')).toBe(18.9);
    expect(total('TOTAL $20.00', 'GIFT CARD $20.00', 'GIFT CARD BALANCE $75.00')).toBe(20);
  });

  it('SBTL alone, with the card payment equal to it, is the total', () => {
    expect(total('BREAD 2.49', 'SBTL $2.49', 'VISA $2.49')).toBe(2.49);
  });

  it('a German receipt with a decimal point (EUR 9.31) reads like one with a comma', () => {
    expect(total('SUMME EUR 9.31', 'Bar EUR 10.01', 'RUCKGELD EUR 0,70')).toBe(9.31);
  });

  it('"TOT TTC" abbreviated, as fuel stations print it', () => {
    expect(total('SP98 12,34', 'TOT TTC EUR 12,34', 'CARTE BANCAIRE 12,34')).toBe(12.34);
  });
});

describe('date order: the receipt, then the user', () => {
  const usd = { currency: 'USD', timeZone: 'America/Chicago' } as const;
  it('an American user (USD, an American zone) reads an ambiguous date month first', () => {
    expect(
      extractDate(lines('THANK YOU', '03/04/2024 12:01'), { today: '2024-06-30', ...usd })?.value,
    ).toBe('2024-03-04');
  });

  it('everyone else reads it day first', () => {
    const hints = { today: '2024-06-30', currency: 'EUR', timeZone: 'Europe/Berlin' } as const;
    expect(extractDate(lines('Danke', '03/04/2024 12:01'), hints)?.value).toBe('2024-04-03');
    const usdInEurope = { today: '2024-06-30', currency: 'USD', timeZone: 'Europe/Paris' } as const;
    expect(extractDate(lines('03/04/2024'), usdInEurope)?.value).toBe('2024-04-03');
  });

  it("the receipt's own country wins over the user's: euros read day first for an American", () => {
    expect(guessDateOrder('SUMME EUR 3,58\n03.04.2024', usd)).toBe('day-first');
    expect(
      extractDate(lines('SUMME EUR 3,58', '03.04.24 10:02'), { today: '2024-06-30', ...usd })
        ?.value,
    ).toBe('2024-04-03');
  });

  it('Japanese dates: 2024年1月31日, 2024/01/31, and a Reiwa-free 24/01/31 stays ambiguous', () => {
    expect(extractDate(lines('2024年 1月31日(水) 13:09'))?.value).toBe('2024-01-31');
    expect(extractDate(lines('2024/01/31 13:09'))?.value).toBe('2024-01-31');
  });

  it('German dd.mm.yy, with a leading space for a one-digit day', () => {
    expect(extractDate(lines(' 5.09.15 19:20 0535'), { today: '2024-06-30' })?.value).toBe(
      '2015-09-05',
    );
    expect(extractDate(lines('Dat.31.08.2015 Zeit19:22:02'))?.value).toBe('2015-08-31');
  });

  it('opening hours ("Mittwoch 24.12.08:00-14:00") are no date', () => {
    expect(
      extractDate(
        lines('Mo-Fr 08:00-20:00 Uhr', 'Mittwoch 24.12.08:00-14:00 Uhr', '11.12.2014 11:05'),
      )?.value,
    ).toBe('2014-12-11');
  });

  it('a return-by date and a balance date lose to the purchase date', () => {
    expect(
      extractDate(
        lines(
          'RETURNS WITH RECEIPT THRU 05/23/2013',
          'MARCH 24, 2013 9:48 AM',
          'balances as of 03/20/2013',
        ),
        {
          today: '2024-06-30',
          ...usd,
        },
      )?.value,
    ).toBe('2013-03-24');
  });
});

describe('currency', () => {
  it.each([
    ['SUMME EUR 3,58', 'EUR'],
    ['TOTAL € 3,58', 'EUR'],
    ['Total £10.20', 'GBP'],
    ['合計 ¥1,210', 'JPY'],
    ['1,210円', 'JPY'],
    ['TOTAL RM 12.50', 'MYR'],
    ['Total ₹ 1,250.00', 'INR'],
    ['TOTAL AUD 12.00', 'AUD'],
  ])('%s → %s', (text, code) => {
    expect(extractCurrency(lines(text))).toBe(code);
  });

  it('a bare $ is the user’s dollar, or USD', () => {
    expect(extractCurrency(lines('TOTAL $12.00'), { currency: 'CAD' })).toBe('CAD');
    expect(extractCurrency(lines('TOTAL $12.00'), { currency: 'AUD' })).toBe('AUD');
    expect(extractCurrency(lines('TOTAL $12.00'), { currency: 'EUR' })).toBe('USD');
  });

  it('a receipt naming no currency reads null', () => {
    expect(extractCurrency(lines('TOTAL 12.00'))).toBeNull();
  });

  it('is part of the reading', () => {
    expect(extractFields(lines('SUMME EUR 3,58'), { today: '2024-06-30' }).currency).toBe('EUR');
  });
});

describe('shop fingerprints', () => {
  const receipt = (...texts: string[]) => texts.join('\n');
  it('keeps the header lines, the tax id and the phone, not the items', () => {
    expect(
      shopFingerprint(
        receipt(
          'BÄCKEREI KORN',
          'Hauptstr. 5',
          '12345 Musterstadt',
          'Tel. 030/1234567',
          'Brot 2,49 A',
          'SUMME 2,49',
          'USt-IdNr. DE 123 456 789',
        ),
      ),
    ).toEqual({
      header: ['BÄCKEREI KORN', 'Hauptstr. 5', '12345 Musterstadt', 'Tel. 030/1234567'],
      taxId: 'DE123456789',
      phone: '0301234567',
    });
  });

  it('recognises a shop by its tax id, its phone or its header lines', () => {
    const taught = shopFingerprint(receipt('K0RN', 'Hauptstr. 5', '12345 Musterstadt', 'X 1,00'));
    const again = shopFingerprint(receipt('KORN', 'Hauptstr. 5', '12345 Musterstadt', 'Y 2,00'));
    const other = shopFingerprint(receipt('KORN', 'Ringweg 9', '54321 Anderswo', 'Y 2,00'));
    expect(isSameShop(taught, again)).toBe(true);
    expect(isSameShop(taught, other)).toBe(false);
    const byId = (text: string) => shopFingerprint(receipt('LOGO', text, 'X 1,00'));
    expect(isSameShop(byId('P.IVA 01234567890'), byId('P. IVA 01234567890'))).toBe(true);
    expect(isSameShop(byId('ABN 11 222 333 444'), byId('ABN 99 222 333 444'))).toBe(false);
    expect(isSameShop(byId('TEL 02 1234 5678'), byId('Tel.: 02-1234-5678'))).toBe(true);
  });
});
