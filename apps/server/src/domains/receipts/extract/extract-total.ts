import { hasZeroDecimalCurrency, parseReceiptAmount } from './parse-receipt-amount';
import type { ReceiptLine } from '../ocr/receipt-lines';
import { roundToCents, type Extracted } from './receipt-reading';

const CURRENCY = String.raw`(?:US\$|S\$|A\$|C\$|RM|MYR|SGD|USD|EURO?|GBP|AUD|CAD|INR|Rs\.?|[$€£¥₩₹])`;
// An amount with 2 decimals ("1,234.56", "1.234,56", "12.50", "1 234,56"), optionally with a
// currency before or after it. Item prices with 3 decimals ("9.000") are not totals.
const DECIMAL_AMOUNT = new RegExp(
  String.raw`(?<![\d.,])(-?${CURRENCY}?\s?(?:\d{1,3}(?:[,.' ]\d{3})+|\d+)[.,]\d{2}\s?${CURRENCY}?)(?![.,]?\d)`,
  'gi',
);
// Zero-decimal currencies: "¥1,200", "1200円", "JPY 1200".
const WHOLE_AMOUNT =
  /(?:[¥₩￥]|JPY|KRW)\s?(\d{1,3}(?:,\d{3})+|\d+)(?![.,]?\d)|(\d{1,3}(?:,\d{3})+|\d+)\s?円/gi;

export function findAmounts(text: string, zeroDecimal = hasZeroDecimalCurrency(text)): number[] {
  const values: number[] = [];
  if (zeroDecimal) {
    for (const m of text.matchAll(WHOLE_AMOUNT)) {
      const value = parseReceiptAmount(m[1] ?? m[2] ?? '', { zeroDecimal: true });
      if (value !== null) values.push(value);
    }
    if (values.length > 0) return values;
  }
  for (const m of text.matchAll(DECIMAL_AMOUNT)) {
    const value = parseReceiptAmount(m[1] ?? '');
    if (value !== null && value >= 0) values.push(value);
  }
  return values;
}

// OCR drops spaces ("GRANDTOTAL", "TOTALRM") and confuses T/I/1, O/U/0 and L/I on faint prints
// ("IUIAL", "Grand Tota'"), so the keyword is matched loosely and inside words. TOTAL is also
// French, Spanish and Italian (TOTALE) and, spelt TOTAAL, Dutch.
const TOTAL = String.raw`[T1I][O0U][T1I]A[AL1I]?`;
// Final totals, by language: English; German (SUMME, GESAMT, ZU ZAHLEN, not ZWISCHENSUMME);
// French (TOTAL TTC, NET À PAYER); Spanish (IMPORTE TOTAL, TOTAL A PAGAR); Italian (TOTALE
// COMPLESSIVO, DA PAGARE); Dutch (TE BETALEN); Japanese (合計, お会計, ご請求額).
const STRONG_TOTAL = new RegExp(
  [
    String.raw`GRAND\s?${TOTAL}|${TOTAL}\s?(?:AMOUNT|AMT|DUE|PAYABLE|SALES?|INCL|INC\b|AFTER|\(?RM|\(?MYR|\(?USD|\(?EUR|\(?GBP|\(?\$|\(?€)`,
    String.raw`AMOUNT\s?(?:DUE|PAYABLE)|BALANCE\s?DUE|NETT?\s?(?:${TOTAL}|AMOUNT|AMT|PAYABLE)`,
    String.raw`ROUND(?:ED|ING)?\s?D?\s?${TOTAL}|${TOTAL}\s?ROUNDED|TO\s?PAY|JUMLAH`,
    String.raw`(?<!ZWISCHEN)\bSUMME\b|\bS\s?U\s?M\s?M\s?E\b|GESAMT(?:BETRAG|SUMME)?|ZU\s?ZAHLEN|ENDBETRAG`,
    String.raw`\bTOTA?\.?\s?TT\s?C?\b|NET\s?[AÀ]\s?PAYER|MONTANT\s?(?:TTC|D[UÛ])`,
    String.raw`IMPORTE\s?TOTAL|TOTAL\s?A\s?PAGAR|TOTALE\s?(?:COMPLESSIVO|EURO|EUR|DOVUTO)|DA\s?PAGARE`,
    // The recognizer for kanji was trained on simplified Chinese as well: 合计 is 合計 misread.
    String.raw`TE\s?BETALEN|(?<![小税])合\s?[計计]|お会計|ご請求額|お支払(?:い)?金額`,
  ].join('|'),
  'i',
);
const PLAIN_TOTAL = new RegExp(String.raw`${TOTAL}|\bNETT?\b|\bDUE\b|\bBALANCE\b|\bIMPORTE\b`, 'i');
const WEAK_TOTAL = /\bAMOUNT\b|\bAMT\b|\bSALE\b|\bBETRAG\b|\bMONTANT\b|\bSBTL\b/i;
const SUBTOTAL = new RegExp(
  String.raw`SUB\s?-?\s?${TOTAL}|SUBIUIAL|${TOTAL}\s?(?:EXCL|EX\b|BEFORE|W\/?O)|EXCL(?:UDING)?\.?\s?(?:GST|TAX|VAT|SST)|ZWISCHEN\s?SUMME|SOUS[\s-]?TOTAL|小\s?[計计]`,
  'i',
);
// What the customer handed over, and what they got back: total = paid - change. German BAR (at
// the start: "DOVE CREAM BAR SOAP" is an item),
// GEGEBEN, EC-KARTE; French ESPÈCES, CB; Spanish EFECTIVO, TARJETA; Italian CONTANTE; Dutch PIN,
// CONTANT; Japanese お預り (tendered), クレジット, 現金.
const PAID =
  /CASH|TENDER|PAYMENT|\bPAID\b|\bCARD\b|VISA|MASTER|CREDIT|DEBIT|AMEX|E-?WALLET|\bLASH\b|^\W*BAR\b|\bGEG(?:EBEN|\.)|KARTE|GIROCARD|MAESTRO|\bEC\b|ESP[EÈ]CES|\bCB\b|CARTE|EFECTIVO|TARJETA|CONTANTI?\b|BANCOMAT|\bPIN\b|お預|クレジット|現金|電子マネー|支払/i;
const CHANGE =
  /CHANGE|\bBAKI\b|R[UÜO]E?CKGELD|WECHSELGELD|\bCAMBIO\b|\bVUELTA\b|RENDU|\bRESTO\b|WISSELGELD|お釣|おつり|釣銭/i;
const TAX =
  /TAX\b|\bGST|\bSST\b|\bVAT\b|\bMWST|\bUST\b|STEUER|\bTVA\b|\bIVA\b|\bBTW\b|消費税|内税|外税|税(?!込)|\bNETTO\b/i;
// Lines whose amount is never the receipt's total.
const NOT_TOTAL =
  /SERVICE\s?CHARGE|DISCOUNT|SAVING|YOU\s?SAVED|\bQTY|QUANTITY|\bITEMS?\b|\bPOINTS?\b|\bPTS\b|\bTIPS?\b|DEPOSIT|REFUND|COUPON|VOUCHER|PFAND|LEERG|RABATT|POSTEN|PUNKTE|PAYBACK|REMISE|DESCUENTO|SCONTO|KORTING|値引|割引/i;
const ROUNDING = /ROUNDING|\bADJ|RUNDUNG|ARRONDI/i;
// The head of a VAT summary table ("MWST% MWST Netto Brutto", "IVA BASE IMPONIBLE CUOTA"): its
// rows, a "Summe" or "TOTAL" row included, repeat the tax split of the total, never the total.
const TAX_TABLE_HEAD =
  /(?=.*(?:TAX|\bGST|\bVAT|MWST|STEUER|\bTVA|\bIVA|\bBTW|税))(?=.*(?:NETTO|BRUTTO|\bNET\b|GROSS|BASE|CUOTA|IMPONIBILE|\bHT\b|TTC|EXCL|INCL))/i;

type LineKind = 'total' | 'paid' | 'change' | 'rounding' | 'other';

function classify(text: string): { kind: LineKind; score: number } {
  const hasTotal = new RegExp(TOTAL, 'i').test(text);
  if (CHANGE.test(text)) return { kind: 'change', score: 0 };
  if (SUBTOTAL.test(text)) return { kind: 'total', score: 2 };
  // "TOTAL INCL. GST 12.00" is a total; "GST 6% included in total 0.68" is the tax.
  const taxAt = text.search(TAX);
  const totalAt = text.search(new RegExp(TOTAL, 'i'));
  if (taxAt >= 0 && (!hasTotal || taxAt < totalAt)) return { kind: 'other', score: -1 };
  if (NOT_TOTAL.test(text)) return { kind: 'other', score: -1 };
  if (ROUNDING.test(text) && !hasTotal) return { kind: 'rounding', score: 0 };
  if (PAID.test(text) && !hasTotal) return { kind: 'paid', score: 0 };
  if (STRONG_TOTAL.test(text)) return { kind: 'total', score: 10 };
  if (PLAIN_TOTAL.test(text)) return { kind: 'total', score: 8 };
  if (WEAK_TOTAL.test(text)) return { kind: 'total', score: 4 };
  return { kind: 'other', score: 0 };
}

interface TotalCandidate {
  value: number;
  score: number;
  lineIndex: number;
}

/**
 * The amount paid. Each amount is scored by the keyword on its own line (or, when a strong
 * keyword line carries no amount, the line below it, as in two-line layouts); the right-most
 * amount of a line is its value. Evidence raises a candidate: it follows a rounding adjustment
 * (the rounded amount is what was paid), equals cash tendered minus change, or equals the
 * amount paid by card. Among equals the lowest line wins (final totals come after the plain
 * ones). Without any keyword, tendered minus change, or else the largest repeated amount, is
 * taken with low confidence.
 */
export function extractTotal(lines: ReceiptLine[]): Extracted<number> | null {
  const fullText = lines.map((l) => l.text).join('\n');
  const zeroDecimal = hasZeroDecimalCurrency(fullText);
  const amountsByLine = lines.map((line) => findAmounts(line.text, zeroDecimal));
  const kinds = lines.map((line) => classify(line.text));
  const counts = new Map<number, number>();
  for (const amounts of amountsByLine)
    for (const a of amounts) counts.set(a, (counts.get(a) ?? 0) + 1);

  const lastAmount = (index: number) => {
    const amounts = amountsByLine[index] ?? [];
    return amounts[amounts.length - 1];
  };
  const firstOf = (kind: LineKind) => {
    for (let i = 0; i < lines.length; i++) {
      const value = lastAmount(i);
      if (kinds[i]?.kind === kind && value !== undefined && value > 0) return value;
    }
    return undefined;
  };
  const change = firstOf('change');
  const paid = firstOf('paid') ?? tenderedAboveChange(lines, kinds, amountsByLine);
  const paidMinusChange =
    paid !== undefined && change !== undefined && change < paid
      ? roundToCents(paid - change)
      : undefined;

  const candidates: TotalCandidate[] = [];
  let afterRounding = false;
  let inTaxTable = false;
  lines.forEach((line, index) => {
    const { kind, score } = kinds[index] ?? { kind: 'other', score: 0 };
    if (TAX_TABLE_HEAD.test(line.text) && (amountsByLine[index]?.length ?? 0) === 0) {
      inTaxTable = true;
      return;
    }
    if (inTaxTable && (amountsByLine[index]?.length ?? 0) >= 2) return;
    if (kind === 'rounding') {
      // An adjustment is a few cents; a "Rounding 177.20" line is the rounded total itself.
      const value = lastAmount(index);
      if (value !== undefined && value >= 1) candidates.push({ value, score: 9, lineIndex: index });
      afterRounding = true;
      return;
    }
    if (kind !== 'total' || score <= 0) return;
    let value = lastAmount(index);
    let penalty = 0;
    const next = kinds[index + 1];
    if (value === undefined && score >= 8 && next && next.kind === 'other' && next.score === 0) {
      value = lastAmount(index + 1);
      penalty = 0.5;
    }
    if (value === undefined || value <= 0) return;
    let total = score - penalty;
    if (afterRounding && score >= 8) total += 2;
    candidates.push({ value, score: total, lineIndex: index });
  });

  let best: TotalCandidate | null = null;
  for (const candidate of candidates) {
    let score = candidate.score;
    if (paidMinusChange !== undefined && Math.abs(paidMinusChange - candidate.value) < 0.005)
      score += 3;
    else if (change === undefined && paid !== undefined && Math.abs(paid - candidate.value) < 0.005)
      score += 1;
    if ((counts.get(candidate.value) ?? 0) > 1) score += 0.3;
    if (
      !best ||
      score > best.score ||
      (score === best.score && candidate.lineIndex > best.lineIndex)
    ) {
      best = { ...candidate, score };
    }
  }
  if (best && best.score >= 4) {
    const confidence =
      best.score >= 12 ? 0.95 : best.score >= 10 ? 0.85 : best.score >= 8 ? 0.75 : 0.5;
    return { value: roundToCents(best.value), confidence };
  }
  if (paidMinusChange !== undefined && paidMinusChange > 0)
    return { value: paidMinusChange, confidence: 0.5 };

  const all = [...counts.keys()].filter((v) => v > 0);
  if (all.length === 0) return best ? { value: roundToCents(best.value), confidence: 0.3 } : null;
  const repeatedValues = all.filter((v) => (counts.get(v) ?? 0) > 1);
  const pool = repeatedValues.length > 0 ? repeatedValues : all;
  return {
    value: roundToCents(Math.max(...pool)),
    confidence: repeatedValues.length > 0 ? 0.35 : 0.2,
  };
}

/**
 * Cash handed over, printed without a keyword right above the change ("EURO 20,00" /
 * "Rueckgeld EUR 4,05"): the single amount of the line above the first change line.
 */
function tenderedAboveChange(
  lines: readonly ReceiptLine[],
  kinds: ReadonlyArray<{ kind: LineKind }>,
  amountsByLine: readonly number[][],
): number | undefined {
  const changeAt = kinds.findIndex(
    (kind, index) => kind.kind === 'change' && (amountsByLine[index]?.length ?? 0) > 0,
  );
  if (changeAt < 1 || kinds[changeAt - 1]?.kind !== 'other') return undefined;
  const amounts = amountsByLine[changeAt - 1] ?? [];
  if (amounts.length !== 1 || TAX.test(lines[changeAt - 1]?.text ?? '')) return undefined;
  return amounts[0];
}
