// Receipts of the seven currencies' countries: the locale rules of the extraction,
// each on made-up receipts in the layouts those countries print.
import type { CurrencyCode } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { extractCurrency } from '../../../src/domains/receipts/extract/extract-currency';
import { extractDate, guessDateOrder } from '../../../src/domains/receipts/extract/extract-date';
import { extractFields } from '../../../src/domains/receipts/extract/extract-fields';
import { extractMerchant } from '../../../src/domains/receipts/extract/extract-merchant';
import { extractTotal, findAmounts } from '../../../src/domains/receipts/extract/extract-total';
import {
  isSameShop,
  shopFingerprint,
} from '../../../src/domains/receipts/extract/shop-fingerprint';
import { toReceiptLines } from '../../../src/domains/receipts/ocr/receipt-lines';

const lines = (...texts: string[]) => toReceiptLines(texts.join('\n'));
const total = (...texts: string[]) => extractTotal(lines(...texts))?.value ?? null;

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

describe('merchant: the shop, not the boilerplate around it', () => {
  const merchant = (...texts: string[]) => extractMerchant(lines(...texts))?.value ?? null;

  it.each([
    [['EUR', 'BÄCKEREI KORN', 'Hauptstr. 5'], 'BÄCKEREI KORN'],
    [['Kassenbon', 'Bäckerei Korn GmbH', 'Hauptstr. 5'], 'Bäckerei Korn GmbH'],
    [['Herzlich willkommen', 'MARKT 24 GMBH', 'Lindenallee 12'], 'MARKT 24 GMBH'],
    [['Mo-Sa 08:00-20:00 Uhr', 'FLORA BLUMEN', 'Tel. 030/1234567'], 'FLORA BLUMEN'],
    [['USt-IdNr. DE123456789', 'FLORA BLUMEN'], 'FLORA BLUMEN'],
    [['領収書', '株式会社 山田商店', '登録番号 T1234567890123'], '株式会社 山田商店'],
    [['Sunny', '下町三丁目店', '東京都港区芝1-2-3', '領 収 証'], 'Sunny'],
    [['毎度ありがとうございます', 'Sunny', '登绿番号 T4200001013662'], 'Sunny'],
    [
      ['FACTURA SIMPLIFICADA', 'SUPERMERCADOS LUNA, S.L. B-12345678', 'C/ MAYOR 3'],
      'SUPERMERCADOS LUNA, S.L.',
    ],
    [['SCONTRINO', 'BAR CENTRALE', 'P.IVA 01234567890'], 'BAR CENTRALE'],
  ])('%j → %s', (texts, name) => {
    expect(merchant(...texts)).toBe(name);
  });

  it('a phone number printed after a slogan marks it as contact details, not a name', () => {
    expect(
      merchant('Bunte Welt Drogerie', '12345 Musterstadt', 'IMMER FÜR SIE DA 0211/3398863'),
    ).toBe('Bunte Welt Drogerie');
  });

  it('spaced capitals are one word: "P E N N Y" and a misread GMBH', () => {
    expect(merchant('M E G A - M A R K T CMBH', 'Ringstr. 1')).toBe('MEGA-MARKT GMBH');
  });

  it('a store number after the name is not part of it', () => {
    expect(merchant('Grill House #178', '12 Main Street')).toBe('Grill House');
  });

  it('the name the receipt repeats further down wins over a slogan', () => {
    const items = Array.from({ length: 10 }, (_, i) => `ITEM ${i} 1.00`);
    expect(
      merchant(
        'sunnyfields',
        'The fresh bread people',
        '12 Garden Road',
        ...items,
        'SUNNYFIELDS STORE 12',
      ),
    ).toBe('sunnyfields');
  });

  it('"THANK YOU FOR SHOPPING AT …" names the shop when the header is a logo', () => {
    const footer = ['TOTAL 9.99', 'THANK YOU FOR SHOPPING AT WIGGLYMART!!'];
    expect(merchant('*** **', '12 Main Street', ...footer)).toBe('WIGGLYMART');
    expect(merchant('wlgglymart', '12 Main Street', ...footer)).toBe('WIGGLYMART');
    expect(merchant('CORNER DELI', '12 Main Street', ...footer)).toBe('CORNER DELI');
  });

  it('a name printed over the first two short lines is both lines', () => {
    expect(merchant('OAKFIELD', 'BAKERY OUTLET', '12 Main Street')).toBe('OAKFIELD BAKERY OUTLET');
    expect(merchant('SUNRISE BAKERY SDN BHD', 'NO. 5 JALAN BESAR')).toBe('SUNRISE BAKERY SDN BHD');
    expect(merchant('NORDMARKT', 'NORDMARKT', 'Ringweg 3')).toBe('NORDMARKT');
    expect(merchant('NORDMARKT', 'LINDEN-STR.1', '12345 Dorf')).toBe('NORDMARKT');
  });

  it('a name read without its spaces takes them from where the receipt prints it again', () => {
    const items = Array.from({ length: 10 }, (_, i) => `ITEM ${i} 1.00`);
    expect(
      merchant(
        'GreenLeaf',
        '12 Main Street',
        ...items,
        'Join GreenLeaf Rewards',
        'Visit Green Leaf online',
      ),
    ).toBe('Green Leaf');
  });

  it('pieces of a capitalised word split at narrow letters are one word again', () => {
    expect(merchant('Rosen tha l Getränke GmbH', 'Ringstr. 1')).toBe('Rosenthal Getränke GmbH');
    expect(merchant('Wei l berg Sohn GmbH', 'Ringstr. 1')).toBe('Weilberg Sohn GmbH');
    // Lower-case words printed so stay apart.
    expect(merchant('Café de Paris', 'Ringstr. 1')).toBe('Café de Paris');
    expect(merchant('Golden pancakes GmbH', 'Ringstr. 1')).toBe('Golden pancakes GmbH');
    expect(merchant('Haus am See GmbH', 'Ringstr. 1')).toBe('Haus am See GmbH');
  });

  it('a lone lower-case letter of the logo before the name is dropped', () => {
    expect(merchant('k kosmetik-markt', 'Ringstr. 1')).toBe('kosmetik-markt');
  });

  it('streets: a street word to its abbreviation, a house number above the postcode', () => {
    expect(merchant('NORDMARKT FISCHER', 'KARL-OTTO-MEIER-STR.', '12345 Dorf')).toBe(
      'NORDMARKT FISCHER',
    );
    expect(merchant('ab', 'Lindauer Weg 134', '12345 Dorf', 'EUR', 'Milch 1,09 A')).toBeNull();
    expect(merchant('*** **', '150 MAPLE STATION', 'SPRINGFIELD, IL 62701')).toBeNull();
  });

  it('nothing below a lone currency line is the name: the items start there', () => {
    expect(merchant('*** **', 'Dorfstr. 2', 'EUR', 'Gurken Glas 1,29 A')).toBeNull();
  });

  it("a chain's brand above its franchisee's partnership is the shop", () => {
    expect(merchant('NORDKAUF', 'Hans Peters Markt GmbH&Co.oHG', 'Ringstr. 1', '12345 Dorf')).toBe(
      'NORDKAUF',
    );
    expect(merchant('NORDKAUF', 'Hans Peters e.K.', 'Ringstr. 1')).toBe('NORDKAUF');
    // A chain's own company keeps its legal name.
    expect(merchant('NORDKAUF', 'Nordkauf Handels GmbH', 'Ringstr. 1')).toBe(
      'Nordkauf Handels GmbH',
    );
  });

  it("French and Italian franchisees' companies under the brand: the brand", () => {
    expect(merchant('SOLEIL CITY', 'SARL MARTIN DISTRIBUTION', '3 RUE DES LILAS')).toBe(
      'SOLEIL CITY',
    );
    // Not joined to the brand as a name printed over two lines.
    expect(merchant('SOLEIL MARKET', 'SAS BLANC', '3 RUE DES LILAS')).toBe('SOLEIL MARKET');
    expect(merchant('CIAO', 'BIANCHI ALIMENTARI S.R.L.', 'VIA VERDI 2')).toBe('CIAO');
    // Alone, the company is the shop.
    expect(merchant('SUPERMERCATO BIANCHI S.R.L.', 'VIA VERDI 2')).toBe(
      'SUPERMERCATO BIANCHI S.R.L.',
    );
  });

  it('a branch number is not the name, nor part of it', () => {
    expect(merchant('NORDKAUF', 'Store 1234', 'Tel 0345 677 9000')).toBe('NORDKAUF');
    expect(merchant('Nordkauf Filiale 1234', 'Ringstr. 1')).toBe('Nordkauf');
    expect(merchant('GREENWAY', 'ST# 1234 OP# 00001 TE# 01')).toBe('GREENWAY');
  });

  it('the shop thanked in the footer and named again wins over a code in the header', () => {
    const items = Array.from({ length: 10 }, (_, i) => `ITEM ${i} 1.00`);
    expect(
      merchant(
        'r',
        '<PART CODE 12068>',
        ...items,
        'THANK YOU FOR SHOPPING AT WIGGLYMART!',
        'WIGGLYMART SPRINGFIELD',
      ),
    ).toBe('WIGGLYMART');
  });

  describe('when the header is only a logo, the shop named elsewhere on the receipt', () => {
    const items = Array.from({ length: 10 }, (_, i) => `ARTIKEL ${i} 1,00 A`);
    const logo = ['*** **', 'Lindenweg 4', '12345 Dorf'];

    it.each([
      ['Vielen Dank für Ihren Einkauf bei NORDKAUF!', 'NORDKAUF'],
      ['Danke für Ihren Besuch bei Bäckerei Korn', 'Bäckerei Korn'],
      ['Merci de votre visite chez SOLEIL MARCHÉ', 'SOLEIL MARCHÉ'],
      ["MERCI D'AVOIR CHOISI SOLEIL", 'SOLEIL'],
      ['Gracias por su compra en SUPERMERCADOS LUNA', 'SUPERMERCADOS LUNA'],
      ['Grazie per aver acquistato da CIAO MARKET', 'CIAO MARKET'],
      ['Bedankt voor uw bezoek aan TULPMARKT', 'TULPMARKT'],
      ['THANK YOU FOR CHOOSING WIGGLYMART', 'WIGGLYMART'],
      ['ひまわり堂をご利用いただきありがとうございます', 'ひまわり堂'],
    ])('thanked: %s', (thanks, name) => {
      expect(merchant(...logo, ...items, 'SUMME 10,00', thanks)).toBe(name);
    });

    it('"… bei uns", "chez nous", "à bientôt" and a kind of shop alone name no shop', () => {
      for (const thanks of [
        'Vielen Dank für Ihren Einkauf bei uns',
        'Merci de votre visite chez nous',
        'Danke für Ihren Besuch im Markt',
        'MERCI DE VOTRE VISITE A BIENTOT',
        'Grazie per aver acquistato, arrivederci',
      ]) {
        expect(merchant(...logo, ...items, 'SUMME 10,00', thanks)).toBeNull();
      }
    });

    it("the brand of the shop's app, never a loyalty programme shared by many shops", () => {
      expect(merchant(...logo, ...items, 'Lade dir die Nordi Plus App herunter')).toBe('Nordi');
      expect(merchant(...logo, ...items, 'Get the Wigglymart app for coupons')).toBe('Wigglymart');
      expect(merchant(...logo, ...items, 'Jetzt die PAYBACK App laden')).toBeNull();
      expect(merchant(...logo, ...items, 'Lade dir die neue App herunter')).toBeNull();
      // A programme's line in the header is no name either.
      expect(merchant('PAYBACK Punkte sammeln', 'Nordi Plus App', ...logo.slice(1))).toBe('Nordi');
    });

    it("the shop's web or e-mail address", () => {
      expect(merchant(...logo, ...items, 'Mehr unter www.nordkauf.de')).toBe('Nordkauf');
      expect(merchant(...logo, ...items, 'Fragen? kundenservice@tulpmarkt.nl')).toBe('Tulpmarkt');
      expect(merchant(...logo, ...items, 'shop online at WIGGLYMART.COM')).toBe('Wigglymart');
      expect(merchant(...logo, ...items, 'FEEDBACK: ABC.COM/SURVEY')).toBe('ABC');
    });

    it('not an address of a payment service, a mail provider, a tax office or a programme', () => {
      for (const address of [
        'Beleg per Mail: kasse.nordkauf@gmail.com',
        'Zahlung über www.paypal.de',
        'Punkte auf www.payback.de',
        'www.onepass.com.au',
        'Kassensicherung: www.bzst.de',
        'Questions: www.irs.gov',
      ]) {
        expect(merchant(...logo, ...items, address)).toBeNull();
      }
    });

    it('an address spells the name the header misread; a good header name stays', () => {
      expect(merchant('OSTKAUF', 'Lindenweg 4', ...items, 'www.ostkaufs.de')).toBe('Ostkaufs');
      expect(merchant('NORDKAUF', 'Lindenweg 4', ...items, 'www.nordkauf.de')).toBe('NORDKAUF');
      expect(merchant('BÄCKEREI KORN', 'Lindenweg 4', ...items, 'www.paypal.de')).toBe(
        'BÄCKEREI KORN',
      );
      expect(merchant('BÄCKEREI KORN', 'Lindenweg 4', ...items, 'www.nordkauf.de')).toBe(
        'BÄCKEREI KORN',
      );
    });

    it('a company line with its legal form further down', () => {
      expect(merchant(...logo, ...items, 'SUMME 10,00', 'Nordkauf Handels GmbH')).toBe(
        'Nordkauf Handels GmbH',
      );
      expect(merchant(...logo, ...items, 'SUMME 10,00', 'Sitz der Gesellschaft: Dorf')).toBeNull();
    });
  });

  describe('a known chain whose logo the recognizer read in part', () => {
    const items = Array.from({ length: 8 }, (_, i) => `ITEM ${i} 1.00`);

    it('a name within a letter or two of a chain is that chain, marked unsure', () => {
      const read = extractMerchant(
        lines('WALMAFT', 'Save money. Live better.', 'ST# 05123 OP# 00009', ...items),
      );
      expect(read).toEqual({ value: 'Walmart', confidence: 0.7 });
      // A logo set on two lines, its big first letter lost: "SHOPPERS DRUG" over "ART".
      expect(merchant('SHOPPERS DRUG', 'ART', '(780) 430-2769', ...items)).toBe(
        'Shoppers Drug Mart',
      );
      // The branch's town under the logo is not the shop.
      expect(merchant('ARREFOUR', 'MONTPELLIER #0412', '12 RUE DU PORT', ...items)).toBe(
        'Carrefour',
      );
    });

    it('a header that names the chain keeps its own words', () => {
      expect(merchant('REWE Markt GmbH', 'Lindenweg 4', ...items)).toBe('REWE Markt GmbH');
      expect(merchant('ALDI SÜD', 'Lindenweg 4', ...items)).toBe('ALDI SÜD');
      expect(merchant('MULLER', 'Lindenweg 4', ...items)).toBe('MULLER');
      expect(merchant('ファミリーマート下丸子店', '東京都大田区下丸子3-1-1', ...items)).toBe(
        'ファミリーマート下丸子店',
      );
    });

    it('only whole words, only the header, never an address, short names only exact', () => {
      expect(merchant('RINALDI PIZZERIA', 'Lindenweg 4', ...items)).toBe('RINALDI PIZZERIA');
      expect(merchant('PIZZA NAPOLI', 'Costco Plaza 12', ...items)).toBe('PIZZA NAPOLI');
      expect(merchant('BÄCKEREI KORN', 'Lindenweg 4', 'MwSt Netto Brutto', ...items)).toBe(
        'BÄCKEREI KORN',
      );
      expect(merchant('ASDE', 'Lindenweg 4', ...items)).toBe('ASDE');
      // A franchisee's company under the chain's logo, a shop in a chain's mall.
      expect(
        merchant("McDonald's", 'GOLDEN ARCH FOODS SDN BHD', 'Lot 5, Jalan Baru', ...items),
      ).toBe('GOLDEN ARCH FOODS SDN BHD');
      expect(merchant('TESCO', 'KEDAI BUKU MAJU SDN BHD', 'Lot 5, Jalan Baru', ...items)).toBe(
        'KEDAI BUKU MAJU SDN BHD',
      );
      expect(merchant('FLORA BLUMEN', 'EUR', 'OSTCO KEKSE 1,00', ...items)).toBe('FLORA BLUMEN');
      expect(merchant('FLORA BLUMEN', 'Lindenweg 4', ...items, 'TESCO VOUCHERS HERE')).toBe(
        'FLORA BLUMEN',
      );
      expect(merchant('FRISCHKAUF', 'FRISCHKAUF Meier', 'Bahnhofweg 2', ...items)).toBe(
        'FRISCHKAUF Meier',
      );
    });

    it("a chain's category comes with it", () => {
      const fields = (...texts: string[]) => extractFields(lines(...texts, 'TOTAL 12.00'));
      expect(fields('OSTCO', 'SUNNYVALE #423', 'KIRKLAND TOWELS 12.00').category).toBe('Groceries');
      expect(fields('BUNNINGS WAREHOUSE', 'SAUSAGE SIZZLE 12.00').category).toBe('Shopping');
    });
  });

  it('a brand with its owner on the next header line keeps both', () => {
    expect(merchant('FRISCHKAUF', 'FRISCHKAUF Meier', 'Bahnhofweg 2', '12345 Dorf')).toBe(
      'FRISCHKAUF Meier',
    );
  });
});

describe('whole made-up receipts in each country’s layout', () => {
  // [currency, time zone, lines, total, date, merchant]
  const receipts: Array<[CurrencyCode, string, string[], number, string, string]> = [
    [
      'GBP',
      'Europe/London',
      [
        'NORTHGATE STORES LTD',
        '12 High Street',
        'MILK 1.10',
        'BREAD 1.40',
        'TOTAL £2.50',
        'CARD PAYMENT £2.50',
        'CHANGE DUE £0.00',
        '12/03/2024 14:22',
      ],
      2.5,
      '2024-03-12',
      'NORTHGATE STORES LTD',
    ],
    [
      'GBP',
      'Europe/London',
      [
        'Corner Cafe',
        'VAT No 123 4567 89',
        'Latte 3.20',
        'Balance to pay 3.20',
        'Visa 3.20',
        '05 Mar 2024',
      ],
      3.2,
      '2024-03-05',
      'Corner Cafe',
    ],
    [
      'USD',
      'America/New_York',
      [
        'FRESHWAY',
        '1234 El Camino Real',
        'Mountain View, CA 94040',
        'APPLES 3.99',
        'SUBTOTAL 10.00',
        'TAX 0.80',
        '**** BALANCE 10.80',
        'VISA 10.80',
        'CHANGE 0.00',
        '03/12/24 5:31 PM',
      ],
      10.8,
      '2024-03-12',
      'FRESHWAY',
    ],
    [
      'USD',
      'America/Chicago',
      [
        "JOE'S DINER",
        'Server: Amy',
        'Burger 12.00',
        'Sub Total 12.00',
        'Tax 0.99',
        'Amount Due $12.99',
        'Tip ____',
        'Total ____',
        'Mar 12, 2024 7:45PM',
      ],
      12.99,
      '2024-03-12',
      "JOE'S DINER",
    ],
    [
      'EUR',
      'Europe/Paris',
      [
        'SOLEIL MARKET',
        '12 RUE DE LA PAIX',
        '75002 PARIS',
        'PAIN 1,20',
        'TOTAL TTC 12,50 €',
        'CB 12,50',
        'TVA 20% 2,08',
        'Le 12/03/24 à 10:15',
      ],
      12.5,
      '2024-03-12',
      'SOLEIL MARKET',
    ],
    [
      'EUR',
      'Europe/Paris',
      ['BOULANGERIE MARIE', 'A PAYER 8,40', 'ESPECES 10,00', 'RENDU 1,60', '12.03.2024'],
      8.4,
      '2024-03-12',
      'BOULANGERIE MARIE',
    ],
    [
      'EUR',
      'Europe/Rome',
      [
        'SUPERMERCATO ROSSI SRL',
        'VIA ROMA 1',
        '00100 ROMA',
        'PANE 1,50',
        'TOTALE COMPLESSIVO 12,50',
        'PAGAMENTO CONTANTE 20,00',
        'RESTO 7,50',
        '12-03-2024 10:15',
      ],
      12.5,
      '2024-03-12',
      'SUPERMERCATO ROSSI SRL',
    ],
    [
      'EUR',
      'Europe/Rome',
      ['BAR SPORT', 'TOTALE EURO 4,20', 'IMPORTO PAGATO 4,20', '12/03/2024'],
      4.2,
      '2024-03-12',
      'BAR SPORT',
    ],
    [
      'EUR',
      'Europe/Madrid',
      [
        'SUPERMERCADOS LUNA S.A.',
        'C/ MAYOR 3',
        'TOTAL (€) 4,60',
        'ENTREGADO 10,00',
        'CAMBIO 5,40',
        '12/03/2024 10:15',
      ],
      4.6,
      '2024-03-12',
      'SUPERMERCADOS LUNA S.A.',
    ],
    [
      'EUR',
      'Europe/Amsterdam',
      ['DE VERSMARKT', 'MELK 1,09', 'TOTAAL 12,50', 'PIN 12,50', '12-03-2024'],
      12.5,
      '2024-03-12',
      'DE VERSMARKT',
    ],
    [
      'EUR',
      'Europe/Amsterdam',
      ['HOEKWINKEL', 'Te betalen 7,85', 'Betaald PIN 7,85', '12-03-2024'],
      7.85,
      '2024-03-12',
      'HOEKWINKEL',
    ],
    [
      'JPY',
      'Asia/Tokyo',
      [
        'さくらマート',
        '東京都港区芝1-2-3',
        '2024年8月25日(日) 13:09',
        'おにぎり ¥150',
        '合計 ¥1,280',
        'お預り ¥2,000',
        'お釣り ¥720',
      ],
      1280,
      '2024-08-25',
      'さくらマート',
    ],
    [
      'JPY',
      'Asia/Tokyo',
      [
        'ひまわり商店',
        '2024/08/25 13:09',
        '小計 ¥1,200',
        '外税 ¥96',
        '合計 ¥1,296',
        '現金 ¥1,300',
        'お釣 ¥4',
      ],
      1296,
      '2024-08-25',
      'ひまわり商店',
    ],
    [
      'EUR',
      'Europe/Berlin',
      [
        'NORDKAUF Discount',
        'Hauptstr. 5',
        '12345 Musterstadt',
        'Milch 1,09 A',
        'Summe EUR 12,50',
        'Gegeben EC-Cash 12,50',
        '25.08.2024 13:09',
      ],
      12.5,
      '2024-08-25',
      'NORDKAUF Discount',
    ],
    [
      'EUR',
      'Europe/Berlin',
      [
        'Bäckerei Schmidt',
        'Brötchen 0,45',
        'Gesamtbetrag 3,15 €',
        'Bar 5,00 €',
        'Rückgeld 1,85 €',
        'Datum: 25.08.24',
      ],
      3.15,
      '2024-08-25',
      'Bäckerei Schmidt',
    ],
    [
      'AUD',
      'Australia/Sydney',
      [
        'GUMTREE SUPERMARKETS',
        'ABN 45 004 189 708',
        'MILK 2.20',
        'TOTAL $43.92',
        'GST INCLUDED IN TOTAL $3.99',
        'EFTPOS $43.92',
        '07/08/2024 10:02',
      ],
      43.92,
      '2024-08-07',
      'GUMTREE SUPERMARKETS',
    ],
    [
      'CAD',
      'America/Toronto',
      [
        'MAPLE COFFEE #1234',
        'COFFEE 2.10',
        'SUBTOTAL 2.10',
        'HST 13% 0.27',
        'TOTAL 2.37',
        'DEBIT 2.37',
        '2024-03-12 08:15',
      ],
      2.37,
      '2024-03-12',
      'MAPLE COFFEE',
    ],
    [
      'INR',
      'Asia/Kolkata',
      [
        'LOTUS FRESH',
        'GSTIN 27AAACR5055K1Z7',
        'RICE 250.00',
        'CGST 2.5% 6.25',
        'SGST 2.5% 6.25',
        'Grand Total ₹ 262.50',
        'Cash 500.00',
        'Change 237.50',
        'Date: 12/03/2024',
      ],
      262.5,
      '2024-03-12',
      'LOTUS FRESH',
    ],
  ];
  it.each(receipts)('%s %s: %j', (currency, timeZone, texts, amount, date, name) => {
    const reading = extractFields(lines(...texts), {
      today: '2026-11-24',
      currency,
      timeZone,
    });
    expect([reading.total, reading.date, reading.merchant]).toEqual([amount, date, name]);
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
