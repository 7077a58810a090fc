import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useFormat } from '@/lib/i18n/use-format';
import { MAX_BULK } from '../hooks/use-transaction-selection';

/**
 * Once a whole page is ticked, offers every row the filters select (up to the 1,000 the API
 * changes at once); then says so, with a way back.
 */
export function SelectAllMatching({
  pageCount,
  selectedCount,
  total,
  isAllMatching,
  isAllOnPage,
  onSelectAll,
  onClear,
}: {
  pageCount: number;
  selectedCount: number;
  total: number;
  isAllMatching: boolean;
  isAllOnPage: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('transactions');
  const format = useFormat();
  if (selectedCount === 0) return null;
  let text: string;
  // Clearing is the one action, except when the whole of the filters' rows can be selected.
  let selectAll: { label: string; onClick: () => void } | null = null;
  if (isAllMatching) {
    text = t('page.selection.allMatching', { count: total });
  } else if (isAllOnPage && total > pageCount && total <= MAX_BULK) {
    text = t('page.selection.selected', { count: selectedCount });
    selectAll = { label: t('page.selection.selectAll', { count: total }), onClick: onSelectAll };
  } else if (isAllOnPage && total > MAX_BULK) {
    text = t('page.selection.tooMany', { count: selectedCount, max: format.number(MAX_BULK) });
  } else {
    text = t('page.selection.selected', { count: selectedCount });
  }
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <span>{text}</span>
      {selectAll ? (
        <Button variant="ghost" size="sm" onClick={selectAll.onClick}>
          {selectAll.label}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('page.selection.clear')}
      </Button>
    </div>
  );
}
