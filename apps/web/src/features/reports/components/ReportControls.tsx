import { REPORT_INTERVALS } from '@moneta/shared/report-periods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberSelect } from '@/components/MemberSelect';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useFormat } from '@/lib/i18n/use-format';
import type { ReportParamName, ReportParams } from '../hooks/use-report-params';
import {
  formatReportRange,
  isValidReportRange,
  REPORT_PRESETS,
  type ReportPreset,
  type ReportRange,
} from '../utils/report-range';

type ReportControlsProps = {
  params: ReportParams;
  /** The base currency every figure is in, said with the range. */
  currency: string;
  onRangeChange: (preset: ReportPreset, range?: ReportRange) => void;
  onParamChange: (name: ReportParamName, value: string) => void;
};

/** The custom span's two dates: the reports change once both make a valid span. */
function CustomRange({
  initial,
  onChange,
}: {
  initial: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState(initial);
  const isValid = isValidReportRange(draft.from, draft.to);
  const hasBothDates = draft.from !== '' && draft.to !== '';
  const error = hasBothDates && !isValid ? t('controls.rangeError') : undefined;

  function change(next: ReportRange) {
    setDraft(next);
    if (isValidReportRange(next.from, next.to)) onChange(next);
  }

  return (
    <>
      <TextField
        label={t('controls.from')}
        type="date"
        required
        value={draft.from}
        max={draft.to || undefined}
        error={error}
        onChange={(event) => change({ ...draft, from: event.target.value })}
      />
      <TextField
        label={t('controls.to')}
        type="date"
        required
        value={draft.to}
        min={draft.from || undefined}
        onChange={(event) => change({ ...draft, to: event.target.value })}
      />
    </>
  );
}

/**
 * The range (a preset or custom dates), the interval, the account and the member every report
 * follows.
 */
export function ReportControls({
  params,
  currency,
  onRangeChange,
  onParamChange,
}: ReportControlsProps) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const accounts = useAccounts().data ?? [];
  const accountName = accounts.find((account) => account._id === params.account)?.name;
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
        <SelectField
          label={t('controls.period')}
          value={params.preset}
          onChange={(event) => {
            const preset = event.target.value as ReportPreset;
            // A custom span starts as the span on screen.
            onRangeChange(preset, preset === 'custom' ? params.range : undefined);
          }}
        >
          {REPORT_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`presets.${preset}`)}
            </option>
          ))}
        </SelectField>
        {params.preset === 'custom' ? (
          <CustomRange
            initial={params.range}
            onChange={(range) => onRangeChange('custom', range)}
          />
        ) : null}
        <SelectField
          label={t('controls.interval')}
          value={params.interval}
          onChange={(event) => onParamChange('interval', event.target.value)}
        >
          {REPORT_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {t(`intervals.${interval}`)}
            </option>
          ))}
        </SelectField>
        {accounts.length > 1 || params.account ? (
          <SelectField
            label={t('controls.account')}
            value={params.account}
            onChange={(event) => onParamChange('account', event.target.value)}
          >
            <option value="">{t('controls.allAccounts')}</option>
            {accounts.map((account) => (
              <option key={account._id} value={account._id}>
                {account.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <MemberSelect
          value={params.member}
          onChange={(member) => onParamChange('member', member)}
        />
      </div>
      <p
        role="status"
        data-testid="report-range"
        className="mt-3 text-sm text-neutral-600 dark:text-neutral-400"
      >
        {params.account
          ? t(`controls.showingAccount.${params.interval}`, {
              range: formatReportRange(params.range, format),
              account: accountName ?? t('controls.oneAccount'),
              currency,
            })
          : t(`controls.showing.${params.interval}`, {
              range: formatReportRange(params.range, format),
              currency,
            })}
      </p>
    </div>
  );
}
