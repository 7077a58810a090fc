import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input-styles';
import type { BudgetMonth } from '../api/get-budgets';
import {
  isFirstBudgetMonth,
  isLastBudgetMonth,
  parseMonthValue,
  shiftBudgetMonth,
  toMonthValue,
} from '../utils/budget-month';

/** A month, or how to get it from the month shown (a step), as React's state setters take. */
export type MonthChange = BudgetMonth | ((shown: BudgetMonth) => BudgetMonth);

type MonthPickerProps = {
  value: BudgetMonth;
  currentMonth: BudgetMonth;
  onChange: (change: MonthChange) => void;
};

/** Chooses the month whose budgets are shown: previous / next, a month field, back to today. */
export function MonthPicker({ value, currentMonth, onChange }: MonthPickerProps) {
  const { t } = useTranslation('budgets');
  const isCurrent = value.year === currentMonth.year && value.month === currentMonth.month;

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const month = parseMonthValue(event.target.value);
    if (month) onChange(month);
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField label={t('monthPicker.label')}>
        {(control) => (
          <div className="mt-1.5 flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              className="w-9 px-0"
              aria-label={t('monthPicker.previous')}
              disabled={isFirstBudgetMonth(value)}
              onClick={() => onChange((shown) => shiftBudgetMonth(shown, -1))}
            >
              <ChevronDownIcon className="size-5 rotate-90" />
            </Button>
            <input
              {...control}
              type="month"
              value={toMonthValue(value)}
              min="2000-01"
              max="2100-12"
              required
              onChange={onInput}
              className={`${inputClasses} h-9 w-44 py-0`}
            />
            <Button
              variant="secondary"
              size="sm"
              className="w-9 px-0"
              aria-label={t('monthPicker.next')}
              disabled={isLastBudgetMonth(value)}
              onClick={() => onChange((shown) => shiftBudgetMonth(shown, 1))}
            >
              <ChevronDownIcon className="size-5 -rotate-90" />
            </Button>
          </div>
        )}
      </FormField>
      {isCurrent ? null : (
        <Button variant="ghost" size="sm" onClick={() => onChange(currentMonth)}>
          {t('monthPicker.thisMonth')}
        </Button>
      )}
    </div>
  );
}
