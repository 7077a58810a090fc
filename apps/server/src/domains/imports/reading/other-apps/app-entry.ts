import type { OtherApp } from '@moneta/shared';

/**
 * One side of a transaction as an app's export gives it: the account it is in, and its date
 * and amount as written (the date format and decimal separator are decided for the whole file).
 */
export interface AppEntry {
  /** The account (a statement of the import) as the file names it. */
  account: string;
  /** ISO code when the file says (Firefly III), else null. */
  currency: string | null;
  dateText: string;
  /**
   * The amount as written. `direction` null: its own sign counts (Actual's signed amounts);
   * `out`/`in`: the amount is taken without its sign and the direction gives it.
   */
  amountText: string;
  direction: 'out' | 'in' | null;
  /**
   * Inflow − outflow (YNAB's two columns): `amountText` is the outflow and this the inflow,
   * both as written.
   */
  inflowText?: string;
  name: string;
  note: string;
  category: string;
  /**
   * What the app says of it being a transfer: `declared` (YNAB's "Transfer : X", Firefly's type,
   * Actual's account payee), `possible` (Mint's transfer categories: the app does not say), or
   * `none` — the app says it is not one, and Moneta does not pair it.
   */
  transfer: 'declared' | 'possible' | 'none';
  /**
   * Its place in a split transaction, as the app marks it: Actual's parent (amount 0, the
   * transaction's payee and note), or part `index` of `count` (findSplitGroups joins them).
   */
  split?: { role: 'parent'; count: number } | { role: 'part'; index: number; count: number };
  /**
   * Firefly III's transaction group (`group_id`, and `group_title`, which it sets on a split
   * transaction): journals of one group written one after the other are that split's parts.
   */
  group?: { id: string; title: string };
}

/** A record the app wrote that is not a transaction of its own. */
export const SKIP = 'skip' as const;

/** How one app's export is read, from the positions of its columns in the header. */
export interface AppFormat {
  app: OtherApp;
  /** The reader for this header, or undefined when the header is not this app's. */
  recognise(columns: ColumnIndex): AppRecordReader | undefined;
}

export interface AppRecordReader {
  /**
   * The entries of one record (two for a Firefly III transfer, none for a record that is not a
   * transaction), or a sentence saying why it cannot be read. `accounts`: every account the file
   * names (Actual's transfer payees are account names).
   */
  read(cells: string[], accounts: ReadonlySet<string>): AppEntry[] | typeof SKIP | string;
  /** The account a record is in, for the list of the file's accounts (first pass). */
  accountOf(cells: string[]): string | undefined;
}

/** The header's columns by their name, trimmed and lower-cased: order and extras do not matter. */
export class ColumnIndex {
  private readonly positions = new Map<string, number>();

  constructor(readonly header: string[]) {
    header.forEach((cell, index) => {
      const key = ColumnIndex.key(cell);
      if (!this.positions.has(key)) this.positions.set(key, index);
    });
  }

  static key(cell: string): string {
    return cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
  }

  has(...names: string[]): boolean {
    return names.every((name) => this.positions.has(name.toLowerCase()));
  }

  /** A reader of the named column's cell (trimmed; '' when the column or the cell is missing). */
  cell(name: string): (cells: string[]) => string {
    const index = this.positions.get(name.toLowerCase());
    if (index === undefined) return () => '';
    return (cells) => (cells[index] ?? '').trim();
  }
}
