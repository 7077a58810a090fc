import type { ImportMapping } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';

/** How a CSV gives its amounts: one signed column, or separate debit and credit columns. */
export type AmountLayout = 'signed' | 'split';

export function amountLayoutOf(mapping: Pick<ImportMapping, 'amount'>): AmountLayout {
  return mapping.amount === null ? 'split' : 'signed';
}

/**
 * A mapping switched to the other amount layout, guessing the columns from the header names
 * (debit/credit, Soll/Haben, out/in), else the first columns not otherwise used.
 */
export function withAmountLayout(
  mapping: ImportMapping,
  layout: AmountLayout,
  columns: readonly string[],
): ImportMapping {
  if (layout === amountLayoutOf(mapping)) return mapping;
  const used = new Set([mapping.date, mapping.name, mapping.note, mapping.category]);
  const free = columns.map((_, index) => index).filter((index) => !used.has(index));
  const named = (pattern: RegExp) => columns.findIndex((column) => pattern.test(column));
  if (layout === 'signed') {
    const amount = named(/amount|betrag|montant|importe|value/i);
    return {
      ...mapping,
      amount: amount >= 0 ? amount : (mapping.debit ?? mapping.credit ?? free[0] ?? 0),
      debit: null,
      credit: null,
    };
  }
  const debit = named(/debit|soll|out|withdraw|paid out|ausgang/i);
  const credit = named(/credit|haben|in\b|deposit|paid in|eingang/i);
  return {
    ...mapping,
    amount: null,
    debit: debit >= 0 ? debit : (mapping.amount ?? free[0] ?? 0),
    credit: credit >= 0 ? credit : (free.find((index) => index !== mapping.amount) ?? null),
  };
}

/** The client-side check the server would make, so that no request is sent for it. */
export function mappingProblem(mapping: ImportMapping, t: TFunction<'imports'>): string | null {
  if (mapping.amount === null && mapping.debit === null && mapping.credit === null) {
    return t('mapping.noAmountColumn');
  }
  return null;
}

export function sameMapping(a: ImportMapping | null, b: ImportMapping | null): boolean {
  if (a === null || b === null) return a === b;
  // An optional field absent on one side and null on the other is the same choice.
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ImportMapping>;
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
}
