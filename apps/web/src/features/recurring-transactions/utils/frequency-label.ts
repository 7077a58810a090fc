import type { Frequency } from '@moneta/shared/recurrence';

const LABELS: Record<Frequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  annually: 'Annually',
};

const UNITS: Record<Frequency, [one: string, many: string]> = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  annually: ['year', 'years'],
};

/** "Monthly" for every period (the SPEC's words), "Every 2 weeks" for more. */
export function frequencyLabel(frequency: Frequency, interval = 1): string {
  return interval === 1 ? LABELS[frequency] : `Every ${interval} ${UNITS[frequency][1]}`;
}

/** The unit the interval counts: "week" or "weeks". */
export function intervalUnit(frequency: Frequency, interval: number): string {
  return UNITS[frequency][interval === 1 ? 0 : 1];
}
