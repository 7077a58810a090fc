import type { ImportSummary } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useMemberNames } from '@/lib/households/get-members';
import { AuthorLabel } from '@/components/AuthorLabel';
import { useImports } from '../api/get-imports';
import { useUndoImport } from '../api/undo-import';
import { readAsLabel } from '../utils/read-as';

function statusText(item: ImportSummary, t: TFunction<'imports'>): string {
  switch (item.status) {
    case 'preview': {
      const { new: fresh, duplicate, problem, transfer } = item.counts;
      return transfer > 0
        ? t('history.statusPreviewTransfers', {
            new: fresh,
            transfers: t('counts.transfers', { count: transfer }),
            duplicate,
            problem,
          })
        : t('history.statusPreview', { new: fresh, duplicate, problem });
    }
    case 'committed':
      return t('history.statusCommitted', { count: item.created ?? 0 });
    case 'undone':
      return t('history.statusUndone');
  }
}

/**
 * Past imports, newest first: a preview can be continued, an import undone (docs/architecture.md,
 * Imports).
 */
export function ImportHistory({ onOpen }: { onOpen: (importId: string) => void }) {
  const { t } = useTranslation('imports');
  const canWrite = useCanWrite();
  const format = useFormat();
  const imports = useImports();
  const accounts = useAccounts();
  const memberNames = useMemberNames();
  const undo = useUndoImport();
  const [undoing, setUndoing] = useState<ImportSummary | null>(null);

  function confirmUndo() {
    if (!undoing) return;
    const item = undoing;
    undo.mutate(item._id, {
      onSuccess: ({ deleted }) => {
        setUndoing(null);
        toast.success(
          item.status === 'committed'
            ? t('history.undone', { count: deleted })
            : t('history.discarded'),
        );
      },
    });
  }

  return (
    <section aria-labelledby="import-history-heading" className="mt-8">
      <h2
        id="import-history-heading"
        className="mb-3 text-lg font-semibold text-neutral-900 dark:text-white"
      >
        {t('history.heading')}
      </h2>
      <QueryState
        query={imports}
        loading={<SectionSpinner label={t('history.loading')} className="py-8" />}
        failureMessage={(error) => errorMessage(error, t('history.loadFailed'))}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>{t('history.empty')}</EmptyState>}
      >
        {(list) => (
          <ul
            aria-label={t('history.listLabel')}
            className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
          >
            {list.map((item) => {
              const account = accounts.data?.find((candidate) => candidate._id === item.accountId);
              return (
                <li
                  key={item._id}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-all text-neutral-900 dark:text-white">
                      {item.fileName}
                    </p>
                    <p className="text-sm text-neutral-600 dark:text-neutral-400">
                      {account
                        ? t('history.metaAccount', {
                            readAs: readAsLabel(item, t),
                            account: account.name,
                            date: format.dateTime(item.createdAt),
                          })
                        : t('history.meta', {
                            readAs: readAsLabel(item, t),
                            date: format.dateTime(item.createdAt),
                          })}
                    </p>
                    <p className="text-sm text-neutral-700 dark:text-neutral-300">
                      {statusText(item, t)}
                    </p>
                    <AuthorLabel
                      createdBy={item.createdBy}
                      memberNames={memberNames}
                      className="block"
                    />
                  </div>
                  {canWrite ? (
                    <div className="flex flex-wrap gap-2">
                      {item.status === 'preview' ? (
                        <>
                          <Button variant="secondary" size="sm" onClick={() => onOpen(item._id)}>
                            {t('history.continue')}
                            <span className="sr-only"> {item.fileName}</span>
                          </Button>
                          <Button variant="ghost" size="sm" onClick={() => setUndoing(item)}>
                            {t('history.discard')}
                            <span className="sr-only"> {item.fileName}</span>
                          </Button>
                        </>
                      ) : null}
                      {item.status === 'committed' ? (
                        <Button variant="secondary" size="sm" onClick={() => setUndoing(item)}>
                          {t('history.undo')}
                          <span className="sr-only"> {item.fileName}</span>
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        isOpen={undoing !== null}
        title={
          undoing?.status === 'committed'
            ? t('history.undoTitle', { fileName: undoing.fileName })
            : t('history.discardTitle', { fileName: undoing?.fileName ?? '' })
        }
        description={
          undoing?.status === 'committed'
            ? t(undoing.counts.transfer > 0 ? 'history.undoBodyTransfers' : 'history.undoBody', {
                count: undoing.created ?? 0,
              })
            : t('history.discardBody')
        }
        confirmLabel={
          undoing?.status === 'committed' ? t('history.confirmUndo') : t('history.discard')
        }
        busyLabel={undoing?.status === 'committed' ? t('history.undoing') : t('history.discarding')}
        isBusy={undo.isPending}
        error={undo.isError ? errorMessage(undo.error, t('history.undoFailed')) : null}
        onCancel={() => {
          setUndoing(null);
          undo.reset();
        }}
        onConfirm={confirmUndo}
      />
    </section>
  );
}
