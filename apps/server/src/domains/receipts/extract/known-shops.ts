import { editDistance } from '../../../lib/edit-distance';
import type { ExpenseCategory } from './guess-category';

/**
 * The large chains of the seven currencies' countries (and the shops the world over). Many print
 * their name only as a logo, which the recognizer reads in part ("OSTCO" for the COSTCO logo,
 * "REAL CANADIAN" over "uperstore"): a header line within a letter or two of a chain's name is
 * that chain. Names are as the chain writes itself; `also` are other ways its receipts print it.
 * Words that are also common words on receipts are left out ("Netto" is the net amount in a
 * German tax table, "real", "Total", "Plus", "Metro", "Dia"), and so are names of under four
 * letters: too easily read into a stray word.
 */
interface KnownShop {
  name: string;
  also?: readonly string[];
  category: Exclude<ExpenseCategory, 'Miscellaneous'>;
}

const G = 'Groceries';
const S = 'Shopping';
const F = 'Food';
const T = 'Transportation';

const KNOWN_SHOPS: readonly KnownShop[] = [
  // United States and Canada
  { name: 'Walmart', also: ['Wal-Mart', 'Walmart Supercenter'], category: G },
  { name: 'Target', category: S },
  { name: 'Costco Wholesale', also: ['Costco'], category: G },
  { name: 'Kroger', category: G },
  { name: 'Safeway', category: G },
  { name: 'Albertsons', category: G },
  { name: 'Publix', category: G },
  { name: 'Whole Foods Market', also: ['Whole Foods'], category: G },
  { name: "Trader Joe's", category: G },
  { name: 'Wegmans', category: G },
  { name: 'Meijer', category: G },
  { name: "Sam's Club", category: G },
  { name: 'Food Lion', category: G },
  { name: 'Stop & Shop', category: G },
  { name: 'Dollar General', category: S },
  { name: 'Dollar Tree', category: S },
  { name: 'Family Dollar', category: S },
  { name: 'Walgreens', category: S },
  { name: 'CVS/pharmacy', also: ['CVS Pharmacy'], category: S },
  { name: 'Rite Aid', category: S },
  { name: 'The Home Depot', also: ['Home Depot'], category: S },
  { name: "Lowe's", category: S },
  { name: 'Best Buy', category: S },
  { name: "Macy's", category: S },
  { name: "Kohl's", category: S },
  { name: 'Staples', category: S },
  { name: 'Starbucks', also: ['Starbucks Coffee'], category: F },
  { name: "McDonald's", category: F },
  { name: 'Chipotle', category: F },
  { name: 'Real Canadian Superstore', category: G },
  { name: 'Loblaws', category: G },
  { name: 'No Frills', category: G },
  { name: 'Sobeys', category: G },
  { name: 'Save-On-Foods', category: G },
  { name: 'FreshCo', category: G },
  { name: 'Provigo', category: G },
  { name: 'Shoppers Drug Mart', category: S },
  { name: 'London Drugs', category: S },
  { name: 'Canadian Tire', category: S },
  { name: 'Giant Tiger', category: S },
  { name: 'Tim Hortons', category: F },
  // United Kingdom
  { name: 'Tesco', category: G },
  { name: "Sainsbury's", category: G },
  { name: 'Asda', category: G },
  { name: 'Morrisons', category: G },
  { name: 'Waitrose', category: G },
  { name: 'Marks & Spencer', also: ['Marks and Spencer'], category: G },
  { name: 'Boots', category: S },
  { name: 'Superdrug', category: S },
  { name: 'Argos', category: S },
  { name: 'Primark', category: S },
  { name: 'Currys', category: S },
  { name: 'Greggs', category: F },
  { name: 'Pret A Manger', category: F },
  // Germany, the Netherlands and Austria
  { name: 'Lidl', category: G },
  { name: 'ALDI', also: ['ALDI SÜD', 'ALDI Nord'], category: G },
  { name: 'REWE', category: G },
  { name: 'EDEKA', category: G },
  { name: 'PENNY', also: ['PENNY-MARKT', 'PENNY Markt'], category: G },
  { name: 'Netto Marken-Discount', category: G },
  { name: 'Kaufland', category: G },
  { name: 'Norma', category: G },
  { name: 'Globus', category: G },
  { name: 'tegut', category: G },
  { name: 'famila', category: G },
  { name: 'Marktkauf', category: G },
  { name: 'Albert Heijn', category: G },
  { name: 'Jumbo', category: G },
  { name: 'BILLA', category: G },
  { name: 'SPAR', also: ['EUROSPAR', 'INTERSPAR', 'DESPAR'], category: G },
  { name: 'dm-drogerie markt', also: ['dm drogerie'], category: S },
  { name: 'Rossmann', category: S },
  { name: 'Müller', also: ['Drogerie Müller'], category: S },
  { name: 'Kruidvat', category: S },
  { name: 'HEMA', category: S },
  { name: 'MediaMarkt', also: ['Media Markt'], category: S },
  { name: 'Saturn', category: S },
  { name: 'Hornbach', category: S },
  { name: 'BAUHAUS', category: S },
  { name: 'Tchibo', category: S },
  { name: 'IKEA', category: S },
  { name: 'Decathlon', category: S },
  // France, Spain and Italy
  {
    name: 'Carrefour',
    also: ['Carrefour Market', 'Carrefour City', 'Carrefour Express'],
    category: G,
  },
  { name: 'Auchan', category: G },
  { name: 'E.Leclerc', also: ['Leclerc'], category: G },
  { name: 'Intermarché', category: G },
  { name: 'Monoprix', category: G },
  { name: 'Franprix', category: G },
  { name: 'Super U', also: ['Hyper U', 'Système U'], category: G },
  { name: 'Picard', category: G },
  { name: 'Leroy Merlin', category: S },
  { name: 'Castorama', category: S },
  { name: 'Fnac', category: S },
  { name: 'Darty', category: S },
  { name: 'TotalEnergies', category: T },
  { name: 'Mercadona', category: G },
  { name: 'Eroski', category: G },
  { name: 'Alcampo', category: G },
  { name: 'Consum', category: G },
  { name: 'Caprabo', category: G },
  { name: 'Hipercor', category: G },
  { name: 'El Corte Inglés', category: S },
  { name: 'Esselunga', category: G },
  { name: 'Conad', category: G },
  { name: 'Coop', category: G },
  { name: 'Eurospin', category: G },
  { name: 'Bennet', category: G },
  { name: 'Tigotà', category: S },
  // Australia
  { name: 'Woolworths', category: G },
  { name: 'Coles', category: G },
  { name: 'Bunnings Warehouse', also: ['Bunnings'], category: S },
  { name: 'Kmart', category: S },
  { name: 'Big W', also: ['BIGW'], category: S },
  { name: 'Officeworks', category: S },
  { name: 'JB Hi-Fi', category: S },
  { name: 'Chemist Warehouse', category: S },
  { name: "Dan Murphy's", category: G },
  // India
  { name: 'DMart', also: ['Avenue Supermarts'], category: G },
  { name: 'Reliance Fresh', also: ['Reliance Smart', 'Reliance Retail'], category: G },
  { name: 'Big Bazaar', category: G },
  { name: "Spencer's", category: G },
  { name: 'Star Bazaar', category: G },
  { name: 'Croma', category: S },
  { name: 'Apollo Pharmacy', category: S },
  { name: 'MedPlus', category: S },
  // Japan
  { name: '7-Eleven', also: ['セブン-イレブン', 'セブンイレブン'], category: G },
  { name: 'FamilyMart', also: ['ファミリーマート'], category: G },
  { name: 'LAWSON', also: ['ローソン'], category: G },
  { name: 'MINISTOP', also: ['ミニストップ'], category: G },
  { name: 'AEON', also: ['イオン'], category: G },
  { name: 'イトーヨーカドー', also: ['Ito Yokado'], category: G },
  { name: 'SEIYU', also: ['西友'], category: G },
  { name: 'DAISO', also: ['ダイソー'], category: S },
  { name: 'Seria', also: ['セリア'], category: S },
  { name: 'キャンドゥ', category: S },
  { name: 'ドン・キホーテ', also: ['ドンキホーテ'], category: S },
  { name: 'UNIQLO', also: ['ユニクロ'], category: S },
  { name: '無印良品', also: ['MUJI'], category: S },
  { name: 'マツモトキヨシ', category: S },
  { name: 'ヨドバシカメラ', category: S },
  { name: 'ビックカメラ', category: S },
];

/** Upper-case letters and digits, accents dropped: the OCR reads "MULLER" for "Müller". */
function key(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Kana and kanji are written without spaces: such a name is found inside a line. */
const isUnspaced = (name: string) => /[^A-Z0-9]/.test(name);

const KEYED = KNOWN_SHOPS.flatMap((shop) =>
  [shop.name, ...(shop.also ?? [])].map((name) => {
    const nameKey = key(name);
    return { shop, key: nameKey, isUnspaced: isUnspaced(nameKey) };
  }),
);

/** Edits a reading of a name of this length may have: none for short names. */
function tolerance(name: string): number {
  if (name.length < 6) return 0;
  return name.length < 11 ? 1 : 2;
}

const words = (text: string) =>
  text
    .split(/[\s,./|-]+/)
    .map(key)
    .filter(Boolean);

/** Runs of one to four words, joined, from each of the first `starts` words on. */
function* runs(list: readonly string[], starts = list.length): Generator<string> {
  for (let start = 0; start < starts; start++) {
    let joined = '';
    for (let end = start; end < Math.min(list.length, start + 4); end++) {
      joined += list[end];
      yield joined;
    }
  }
}

/** The known chain a name is, or contains whole ("REWE Markt GmbH", "ALDI SÜD"). */
export function knownShopNamed(name: string | null): KnownShop | null {
  if (!name) return null;
  const whole = key(name);
  const spaced = new Set(runs(words(name)));
  return (
    KEYED.find((entry) => (entry.isUnspaced ? whole.includes(entry.key) : spaced.has(entry.key)))
      ?.shop ?? null
  );
}

/**
 * The known chain that header lines name. Any run of up to four words of a line (or of a line
 * and the next) that spells a chain's name exactly; whole words, so "RINALDI" is not ALDI. Read
 * within its tolerance only when the run is the whole line, or the whole line and the next: a
 * logo stands alone ("OSTCO", "REAL CANADIAN" over "uperstore"), where a surname beside a shop's
 * name ("FRISCHKAUF Meier") or an item ("OSTCO KEKSE") is no misread chain. The closest wins.
 */
export function knownShopIn(header: readonly string[]): KnownShop | null {
  let best: { shop: KnownShop; distance: number } | null = null;
  const consider = (shop: KnownShop, distance: number) => {
    if (!best || distance < best.distance) best = { shop, distance };
  };
  header.forEach((line, index) => {
    const whole = key(line);
    const own = words(line);
    const next = words(header[index + 1] ?? '');
    const exact = new Set(runs([...own, ...next], own.length));
    const logo = [own.join(''), [...own, ...next].join('')].filter(
      (_, i) => own.length <= 3 && (i === 0 || (next.length > 0 && next.length <= 2)),
    );
    for (const entry of KEYED) {
      if (entry.isUnspaced) {
        if (whole.includes(entry.key)) consider(entry.shop, 0);
        continue;
      }
      if (exact.has(entry.key)) consider(entry.shop, 0);
      const allowed = tolerance(entry.key);
      for (const run of logo) {
        if (Math.abs(entry.key.length - run.length) > allowed) continue;
        const distance = editDistance(entry.key, run);
        if (distance <= allowed) consider(entry.shop, distance);
      }
    }
  });
  return (best as { shop: KnownShop; distance: number } | null)?.shop ?? null;
}
