import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useCanWrite } from '@/lib/households/use-can-write';

type TransactionsToolbarProps = {
  /** Two selected rows that can be one transfer. */
  pair: Transaction[] | null;
  selectedCount: number;
  /** The selection's ids are being looked up: its actions wait. */
  isCollecting: boolean;
  isExporting: boolean;
  onMakeTransfer: (pair: Transaction[]) => void;
  onEditSelected: () => void;
  onDeleteSelected: () => void;
  onManageCategories: () => void;
  onAdd: () => void;
  onTransfer: () => void;
  onExport: (options: { isForSpreadsheet?: boolean }) => void;
};

/**
 * The Transactions page's actions: on the selection, then on the whole list. A viewer has only
 * the exports and the links.
 */
export function TransactionsToolbar({
  pair,
  selectedCount,
  isCollecting,
  isExporting,
  onMakeTransfer,
  onEditSelected,
  onDeleteSelected,
  onManageCategories,
  onAdd,
  onTransfer,
  onExport,
}: TransactionsToolbarProps) {
  const { t } = useTranslation('transactions');
  const canWrite = useCanWrite();
  return (
    <>
      {canWrite ? (
        <WriteActions
          pair={pair}
          selectedCount={selectedCount}
          isCollecting={isCollecting}
          onMakeTransfer={onMakeTransfer}
          onEditSelected={onEditSelected}
          onDeleteSelected={onDeleteSelected}
          onManageCategories={onManageCategories}
          onAdd={onAdd}
          onTransfer={onTransfer}
        />
      ) : null}
      <Button variant="secondary" disabled={isExporting} onClick={() => onExport({})}>
        <DownloadIcon />
        {isExporting ? t('page.exporting') : t('page.export')}
      </Button>
      {/* Beside the machine format: the same rows as a spreadsheet in the person's language opens them. */}
      <Button
        variant="secondary"
        disabled={isExporting}
        onClick={() => onExport({ isForSpreadsheet: true })}
      >
        <DownloadIcon />
        {t('page.exportSpreadsheet')}
      </Button>
      <Link to={paths.tags} className={buttonClasses({ variant: 'ghost' })}>
        {t('page.tags')}
      </Link>
      <Link to={paths.trash} className={buttonClasses({ variant: 'ghost' })}>
        {t('page.trash')}
      </Link>
    </>
  );
}

/** What changes the list: on the selection, then new rows and categories. */
function WriteActions({
  pair,
  selectedCount,
  isCollecting,
  onMakeTransfer,
  onEditSelected,
  onDeleteSelected,
  onManageCategories,
  onAdd,
  onTransfer,
}: Omit<TransactionsToolbarProps, 'isExporting' | 'onExport'>) {
  const { t } = useTranslation('transactions');
  return (
    <>
      {pair ? (
        <Button variant="secondary" onClick={() => onMakeTransfer(pair)}>
          {t('page.makeTransfer')}
        </Button>
      ) : null}
      {selectedCount > 0 ? (
        <>
          <Button variant="secondary" disabled={isCollecting} onClick={onEditSelected}>
            <PencilIcon />
            {t('page.editSelected', { count: selectedCount })}
          </Button>
          <Button variant="danger" disabled={isCollecting} onClick={onDeleteSelected}>
            <TrashIcon />
            {t('page.deleteSelected', { count: selectedCount })}
          </Button>
        </>
      ) : null}
      <Button variant="secondary" onClick={onManageCategories}>
        {t('page.manageCategories')}
      </Button>
      <Button onClick={onAdd}>
        <PlusIcon />
        {t('page.addTransaction')}
      </Button>
      <Button variant="secondary" onClick={onTransfer}>
        {t('page.transfer')}
      </Button>
    </>
  );
}
