/**
 * The words a bank writes beside an unsigned amount to say which way it went, as pairs (money
 * out, money in): `Dr`/`Cr` (Indian and British card exports), `debit`/`credit` (Mint's
 * Transaction Type), `S`/`H` and `Soll`/`Haben` (German banks), `Af`/`Bij` (ING Netherlands),
 * `DBIT`/`CRDT` (CAMT codes in CSV form).
 */
const PAIRS: ReadonlyArray<readonly [out: string, into: string]> = [
  ['dr', 'cr'],
  ['debit', 'credit'],
  ['d', 'c'],
  ['s', 'h'],
  ['soll', 'haben'],
  ['af', 'bij'],
  ['dbit', 'crdt'],
];

const keyOf = (text: string) => text.trim().toLowerCase().replace(/\.$/, '');

export type Direction = 'out' | 'in';

/** Which way a marker cell says the money went, or undefined for an empty or unknown cell. */
export function directionOf(text: string): Direction | undefined {
  const key = keyOf(text);
  if (key === '') return undefined;
  for (const [out, into] of PAIRS) {
    if (key === out) return 'out';
    if (key === into) return 'in';
  }
  return undefined;
}

/**
 * Whether a column's values are the markers of one pair. Every filled value must be; and the
 * column must say so by its title ("Debit /Credit", "BillingAmountSign") or by marking at least
 * two rows and a third of them (an export may mark only its few credits, and then only its
 * title tells). Single letters need both letters of their pair: a status column of `C` for
 * cleared is no marker column.
 */
export function isDirectionColumn(values: string[], rowCount: number, isTitled = false): boolean {
  const filled = values.map(keyOf).filter((value) => value !== '');
  if (filled.length === 0) return false;
  if (!isTitled && (filled.length < 2 || filled.length < rowCount / 3)) return false;
  return PAIRS.some(([out, into]) => {
    const isSingleLetter = out.length === 1;
    const hasBoth = filled.includes(out) && filled.includes(into);
    return filled.every((value) => value === out || value === into) && (!isSingleLetter || hasBoth);
  });
}
