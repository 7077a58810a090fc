import { toDayNumber } from '@moneta/shared';
import type { OccurrenceCandidate } from '../transactions/recurring-occurrences-repository';

/** An occurrence and a transaction this many days apart may be one. */
export const OCCURRENCE_TOLERANCE_DAYS = 3;

export interface OccurrencePlan {
  /** Unlinked transactions that stand for one of the dates: they get linked to the rule. */
  toLink: string[];
  /** Dates no transaction stands for: they are recorded. */
  toCreate: string[];
}

/**
 * What to do for a rule's occurrence `dates`: pairs every occurrence in `window` (the dates and
 * the rule's other occurrences within the tolerance around them, so that a transaction goes to
 * the occurrence it is closest to, even one outside `dates`) with the transactions that may
 * stand for them (at the rule's amount and kind, even one linked to the rule already: after an
 * edit of the amount its older rows are history), one to one: a transaction linked to the rule
 * already before an unlinked one,
 * then the closest. So a rule started in the past beside imported history records nothing
 * twice, and editing a rule (which records again from its start) does not repeat an occurrence
 * whose transaction moved a day. Two transactions of one rule never share a date (the database
 * keeps (rule, date) unique).
 */
export function matchOccurrences(
  dates: readonly string[],
  window: readonly string[],
  candidates: readonly OccurrenceCandidate[],
): OccurrencePlan {
  const pairs: Array<{ date: string; candidate: OccurrenceCandidate; distance: number }> = [];
  for (const date of new Set([...window, ...dates])) {
    const day = toDayNumber(date);
    for (const candidate of candidates) {
      const distance = Math.abs(toDayNumber(candidate.addedOn) - day);
      if (distance <= OCCURRENCE_TOLERANCE_DAYS) pairs.push({ date, candidate, distance });
    }
  }
  pairs.sort(
    (a, b) =>
      Number(b.candidate.isLinked) - Number(a.candidate.isLinked) ||
      a.distance - b.distance ||
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.candidate.addedOn < b.candidate.addedOn ? -1 : 1),
  );

  const wanted = new Set(dates);
  const coveredDates = new Set<string>();
  const usedIds = new Set<string>();
  const ruleDates = new Set(candidates.filter((c) => c.isLinked).map((c) => c.addedOn));
  const toLink: string[] = [];
  for (const { date, candidate } of pairs) {
    if (coveredDates.has(date) || usedIds.has(candidate.id)) continue;
    if (!candidate.isLinked) {
      if (ruleDates.has(candidate.addedOn)) continue;
      ruleDates.add(candidate.addedOn);
      if (wanted.has(date)) toLink.push(candidate.id);
    }
    coveredDates.add(date);
    usedIds.add(candidate.id);
  }
  return { toLink, toCreate: dates.filter((date) => !coveredDates.has(date)) };
}
