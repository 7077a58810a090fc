import type { Frequency } from '@moneta/shared/recurrence';

const LABELS: Record<Frequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  annually: 'Annually',
};

export function frequencyLabel(frequency: Frequency): string {
  return LABELS[frequency];
}
