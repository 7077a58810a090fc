import type { BUILT_IN_EXPENSE_CATEGORIES } from '@moneta/shared';
import type { ReceiptLine } from '../ocr/receipt-lines';
import { knownShopNamed } from './known-shops';
import type { Extracted } from './receipt-reading';

export type ExpenseCategory = (typeof BUILT_IN_EXPENSE_CATEGORIES)[number];

/** A past expense of the user's: what they called the merchant and how they filed it. */
export interface MerchantCategory {
  merchant: string;
  category: string;
}

// Words on receipts that point to a built-in category. Merchant words weigh more than item
// words: "PIZZA" in a shop's name says more than "PIZZA" in a supermarket's item list.
const CATEGORY_WORDS: Record<Exclude<ExpenseCategory, 'Miscellaneous'>, RegExp> = {
  Food: /\b(RESTAURANT|RESTORAN|CAFE|COFFEE|KOPI|BAKERY|BAKERI|PIZZA|BURGER|KFC|MCDONALD|SUBWAY|STARBUCKS|NASI|MEE|NOODLE|RICE|CHICKEN|AYAM|ROTI|TEH|TEA|DIM SUM|SEAFOOD|KITCHEN|GRILL|BISTRO|FOOD|DINING|DINE|TAKEAWAY|TAKE AWAY|BEVERAGE|DRINKS?|TEALIVE|BAR|PUB|DELI|SUSHI|CATERING|MEAL|LUNCH|DINNER|BREAKFAST)\b/i,
  Groceries:
    /\b(SUPERMARKET|HYPERMARKET|GROCER(?:Y|IES)?|MART|MINIMART|MINI MARKET|SPEED MART|AEON|TESCO|GIANT|LOTUS|MYDIN|ECONSAVE|WALMART|KROGER|COSTCO|ALDI|LIDL|SAINSBURY|WAITROSE|7-ELEVEN|FAMILYMART|FRESH|SAYUR|VEGETABLE|FRUIT|MILK|EGGS?|BERAS|FLOUR|TEPUNG|SUGAR|GULA|MINYAK|SOS|SERBUK|PROVISION|CASH & CARRY|CASH AND CARRY)\b/i,
  Transportation:
    /\b(PETROL|PETRONAS|SHELL|CALTEX|PETRON|BHPETROL|ESSO|CHEVRON|FUEL|DIESEL|GASOLINE|RON ?9[57]|PARKING|TOLL|TAXI|GRAB|UBER|LYFT|TRAIN|RAIL|BUS|MRT|LRT|AIRLINE|AIRASIA|TYRE|TIRE|AUTO|WORKSHOP|CAR WASH)\b/i,
  Shopping:
    /\b(HARDWARE|ELECTRICAL|ELECTRONIC|STATIONERY|BOOKS?|BOOKSTORE|POPULAR|MR\.? ?D\.?I\.?Y|DIY|IKEA|FASHION|CLOTHING|APPAREL|SHOES?|BOUTIQUE|PHARMACY|GUARDIAN|WATSONS|HEALTH|BEAUTY|COSMETIC|TOYS?|GIFT|FURNITURE|TRADING|ENTERPRISE|STORE|HOME|DEPARTMENT|MALL|AMAZON|TARGET|BEST BUY|PAPER|TOOLS?)\b/i,
  Bills:
    /\b(ELECTRICITY|TENAGA|TNB|WATER|SYABAS|UTILIT(?:Y|IES)|TELEKOM|UNIFI|MAXIS|CELCOM|DIGI|INTERNET|BROADBAND|PHONE BILL|POSTPAID|INSURANCE|RENT|SEWERAGE|INDAH WATER|COUNCIL|ASSESSMENT|CUKAI)\b/i,
  Subscriptions:
    /\b(SUBSCRIPTION|MEMBERSHIP|MONTHLY PLAN|NETFLIX|SPOTIFY|YOUTUBE|APPLE\.COM|ICLOUD|GOOGLE STORAGE|ASTRO|DISNEY|PRIME VIDEO|GYM|FITNESS|RENEWAL)\b/i,
  Entertainment:
    /\b(CINEMA|CINEMAS|GSC|TGV|MOVIE|THEATRE|THEATER|KARAOKE|BOWLING|CONCERT|TICKETS?|GAMES?|ARCADE|MUSEUM|ZOO|THEME PARK|STEAM|PLAYSTATION|NINTENDO)\b/i,
};

export function normalizeMerchant(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(/\b(SDN|BHD|S B|LTD|LLC|INC|CO|PTE|PLC|THE)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The category the user gave this merchant most often before (their history is the best
 * predictor), or null for a merchant they have not filed yet.
 */
export function categoryFromHistory(
  merchant: string | null,
  history: readonly MerchantCategory[] = [],
): Extracted<string> | null {
  const key = merchant ? normalizeMerchant(merchant) : '';
  if (key === '') return null;
  const counts = new Map<string, number>();
  for (const past of history) {
    if (normalizeMerchant(past.merchant) === key) {
      counts.set(past.category, (counts.get(past.category) ?? 0) + 1);
    }
  }
  const mostUsed = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return mostUsed ? { value: mostUsed[0], confidence: 0.95 } : null;
}

/**
 * The expense category: the user's own choice for the same merchant wins (categoryFromHistory);
 * then a known chain's own category (known-shops.ts); otherwise words of the merchant's name, then of the whole receipt, are matched against each
 * built-in category; Miscellaneous when nothing matches.
 */
export function guessCategory(
  merchant: string | null,
  lines: ReceiptLine[],
  history: readonly MerchantCategory[] = [],
): Extracted<string> {
  const fromHistory = categoryFromHistory(merchant, history);
  if (fromHistory) return fromHistory;
  // A known chain sells what it sells, whatever items a receipt of it lists.
  const known = knownShopNamed(merchant);
  if (known) return { value: known.category, confidence: 0.8 };
  const scores = new Map<string, number>();
  const body = lines.map((l) => l.text).join('\n');
  for (const [category, words] of Object.entries(CATEGORY_WORDS)) {
    let score = merchant && words.test(merchant) ? 3 : 0;
    const hits = body.match(new RegExp(words.source, 'gi'))?.length ?? 0;
    score += Math.min(hits, 4) * 0.5;
    if (score > 0) scores.set(category, score);
  }
  const best = [...scores.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) return { value: 'Miscellaneous', confidence: 0.3 };
  return { value: best[0], confidence: Math.min(0.85, 0.35 + best[1] * 0.1) };
}
