import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS } from '@moneta/shared';
import type { ImportRowSplit } from '../../../../db/schema';
import type { ReadRow } from '../read-row';
import type { AppEntry, SKIP } from './app-entry';

/** What one record of an app's export read as (see AppRecordReader.read). */
export type RecordReading = AppEntry[] | typeof SKIP | string;

/**
 * The records of one split transaction as the app wrote them: YNAB's parts "Split (1/n)" …
 * "Split (n/n)" one after the other, with one account, date and payee; Actual's parent
 * "(SPLIT INTO n)" followed by its n parts "(SPLIT i OF n)" in its account; Firefly III's
 * journals of one group, one after the other, of one account and date.
 */
export interface SplitGroup {
  /** Index of the group's first record (the parent's, else the first part's). */
  first: number;
  /**
   * What names the whole transaction: Actual's parent record (its payee and note), Firefly III's
   * group title; null for YNAB, whose parts repeat the payee.
   */
  parent: Pick<AppEntry, 'name' | 'note'> | null;
  parts: Array<{ index: number; entry: AppEntry }>;
}

/** The one entry of a record, when it is one (a Firefly transfer reads as two). */
const only = (reading: RecordReading | undefined): AppEntry | undefined =>
  Array.isArray(reading) && reading.length === 1 ? reading[0] : undefined;

/**
 * The file's split transactions, whole: a group is found only when every one of its records is
 * there, in order. A broken one (a part missing, a row between) is no group: its parts stay rows
 * of their own, as before Moneta had splits.
 */
export function findSplitGroups(read: readonly RecordReading[]): SplitGroup[] {
  const groups: SplitGroup[] = [];
  let index = 0;
  while (index < read.length) {
    const reading = read[index];
    const fireflyGroupOf = Array.isArray(reading)
      ? reading.find((entry) => entry.group)?.group
      : undefined;
    if (fireflyGroupOf) {
      const { group, end } = fireflyGroup(read, index, fireflyGroupOf);
      if (group) groups.push(group);
      index = end;
      continue;
    }
    const head = only(reading);
    const split = head?.split;
    const isParent = split?.role === 'parent';
    const startsParts = split?.role === 'part' && split.index === 1;
    if (!head || !split || (!isParent && !startsParts)) {
      index++;
      continue;
    }
    const count = split.count;
    const firstPart = isParent ? index + 1 : index;
    const parts: SplitGroup['parts'] = [];
    for (let i = 0; i < count; i++) {
      const entry = only(read[firstPart + i]);
      const mark = entry?.split;
      const belongs =
        entry &&
        mark?.role === 'part' &&
        mark.index === i + 1 &&
        mark.count === count &&
        entry.account === head.account &&
        // YNAB's parts repeat the transaction's date and payee; Actual's sit under their parent.
        (isParent || (entry.dateText === head.dateText && entry.name === head.name));
      if (!belongs) break;
      parts.push({ index: firstPart + i, entry });
    }
    if (parts.length === count) {
      groups.push({ first: index, parent: isParent ? head : null, parts });
      index = firstPart + count;
    } else {
      index++;
    }
  }
  return groups;
}

/**
 * Firefly III's split transaction starting at `first`: every record of the head's group that
 * follows it, when there are at least two and each is one journal of the head's account and date.
 * A group with a journal of another account (Firefly allows it) or a transfer inside is not one
 * transaction of one account: none of its records is grouped. `end` is the index after the
 * group's records either way, so that no part of a refused group is grouped on its own. The
 * group's title names the transaction; each part keeps its journal's description in its note,
 * before the journal's own note.
 */
function fireflyGroup(
  read: readonly RecordReading[],
  first: number,
  group: NonNullable<AppEntry['group']>,
): { group: SplitGroup | undefined; end: number } {
  const head = only(read[first]);
  const inGroup = (reading: RecordReading | undefined) =>
    Array.isArray(reading) && reading.some((entry) => entry.group?.id === group.id);
  let end = first;
  while (end < read.length && inGroup(read[end])) end++;
  const parts: SplitGroup['parts'] = [];
  for (let index = first; index < end; index++) {
    const entry = only(read[index]);
    if (!entry || entry.account !== head?.account || entry.dateText !== head.dateText) {
      return { group: undefined, end };
    }
    const note = [entry.name, entry.note].filter(Boolean).join(' — ');
    parts.push({ index, entry: { ...entry, note } });
  }
  if (!head || parts.length < 2) return { group: undefined, end };
  return { group: { first, parent: { name: group.title || head.name, note: '' }, parts }, end };
}

/**
 * One row of the import for a split transaction, from its parts' rows (read each as a row of its
 * own): the parts' sum in their one direction, the largest part's category (as a split
 * transaction carries it, docs/api.md, Transaction), the parent's payee and note when the app gives
 * a parent, and the parts with their categories and notes. Undefined when the parts cannot be one
 * transaction: a problem in one of them, parts of both directions, a part without a category,
 * or a count outside 2–50 — the parts then stay rows of their own.
 */
export function splitRow(
  partRows: readonly ReadRow[],
  parent: { name: string; note: string | null } | null,
): ReadRow | undefined {
  const [first] = partRows;
  if (!first || partRows.length < MIN_SPLIT_PARTS || partRows.length > MAX_SPLIT_PARTS) {
    return undefined;
  }
  const isIncome = first.isIncome;
  const isWhole = partRows.every(
    (row) =>
      row.problem === null &&
      row.amountCents !== null &&
      row.amountCents > 0 &&
      row.isIncome === isIncome &&
      row.fileCategory !== null &&
      row.date === first.date,
  );
  if (!isWhole || isIncome === null) return undefined;
  const splits: ImportRowSplit[] = partRows.map((row) => ({
    category: row.fileCategory!,
    amountCents: row.amountCents!,
    note: row.note,
  }));
  const largest = splits.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
  return {
    ...first,
    name: parent?.name || first.name,
    note: parent ? parent.note : null,
    amountCents: splits.reduce((sum, part) => sum + part.amountCents, 0),
    fileCategory: largest.category,
    transferChoice: false,
    splits,
  };
}
