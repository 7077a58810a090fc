// Receipt reading around the world: the merchant is the shop, not the boilerplate around it.
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/domains/receipts/extract/extract-fields';
import { extractMerchant } from '../../../src/domains/receipts/extract/extract-merchant';
import { lines } from './receipt-reading-world-setup';

const merchant = (...texts: string[]) => extractMerchant(lines(...texts))?.value ?? null;

describe('merchant: the shop, not the boilerplate around it', () => {
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
});

describe('merchant: a shop named away from its logo, chains and brands', () => {
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
