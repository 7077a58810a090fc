import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/ui/input-styles';
import type { ReportKind } from '../hooks/use-report-params';

/** Spending or income, for the reports that show one of them. */
export function KindSelect({
  label,
  value,
  onChange,
}: {
  /** What the select chooses for, heard by screen readers ("Categories show"). */
  label: string;
  value: ReportKind;
  onChange: (kind: ReportKind) => void;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClasses} py-1.5 text-sm`}
        value={value}
        onChange={(event) => onChange(event.target.value === 'income' ? 'income' : 'expense')}
      >
        <option value="expense">{t('kind.expense')}</option>
        <option value="income">{t('kind.income')}</option>
      </select>
    </div>
  );
}
