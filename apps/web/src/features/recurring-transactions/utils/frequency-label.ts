import type { Frequency } from '@moneta/shared/recurrence';
import type { TFunction } from 'i18next';

/**
 * "Monthly" for every period (the original English words), "Every 2 weeks" for more. Each language
 * words the whole phrase, with its own plurals (docs/i18n.md), so the unit is never joined in code.
 */
export function frequencyLabel(t: TFunction, frequency: Frequency, interval = 1): string {
  return interval === 1
    ? t(`recurring-transactions:frequency.${frequency}`)
    : t(`recurring-transactions:every.${frequency}`, { count: interval });
}
