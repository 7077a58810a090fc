import type { ImportSummary } from '@moneta/shared/import-schemas';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useImports } from '../api/get-imports';
import { useUndoImport } from '../api/undo-import';
import { readAsLabel } from './ImportPreview';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function statusText(item: ImportSummary): string {
  switch (item.status) {
    case 'preview':
      return `Not imported yet · ${item.counts.new} new, ${
        item.counts.transfer > 0
          ? `${item.counts.transfer} transfer${item.counts.transfer === 1 ? '' : 's'}, `
          : ''
      }${item.counts.duplicate} duplicate, ${item.counts.problem} with problems`;
    case 'committed':
      return `Imported · ${item.created ?? 0} transaction${item.created === 1 ? '' : 's'} created`;
    case 'undone':
      return 'Undone';
  }
}

/**
 * Past imports, newest first: a preview can be continued, an import undone (docs/architecture.md,
 * Imports).
 */
export function ImportHistory({ onOpen }: { onOpen: (importId: string) => void }) {
  const imports = useImports();
  const accounts = useAccounts();
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
            ? `Import undone: ${deleted} transaction${deleted === 1 ? '' : 's'} deleted.`
            : 'Preview discarded.',
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
        Import history
      </h2>
      <QueryState
        query={imports}
        loading={<SectionSpinner label="Loading your imports…" className="py-8" />}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to load your imports. Please try again.')
        }
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState>
            No imports yet. Files you upload appear here, and an import can be undone.
          </EmptyState>
        }
      >
        {(list) => (
          <ul
            aria-label="Imports"
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
                      {readAsLabel(item)}
                      {account ? ` · ${account.name}` : ''} ·{' '}
                      {dateTime.format(new Date(item.createdAt))}
                    </p>
                    <p className="text-sm text-neutral-700 dark:text-neutral-300">
                      {statusText(item)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {item.status === 'preview' ? (
                      <>
                        <Button variant="secondary" size="sm" onClick={() => onOpen(item._id)}>
                          Continue<span className="sr-only"> {item.fileName}</span>
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setUndoing(item)}>
                          Discard<span className="sr-only"> {item.fileName}</span>
                        </Button>
                      </>
                    ) : null}
                    {item.status === 'committed' ? (
                      <Button variant="secondary" size="sm" onClick={() => setUndoing(item)}>
                        Undo<span className="sr-only"> {item.fileName}</span>
                      </Button>
                    ) : null}
                  </div>
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
            ? `Undo the import of "${undoing.fileName}"?`
            : `Discard the preview of "${undoing?.fileName ?? ''}"?`
        }
        description={
          undoing?.status === 'committed'
            ? `The ${undoing.created ?? 0} transaction${undoing.created === 1 ? '' : 's'} it created will be deleted, including any you have edited since${
                undoing.counts.transfer > 0
                  ? ', and the transfers its rows became (a transaction a transfer replaced comes back)'
                  : ''
              }.`
            : 'Nothing was imported from it; it will no longer be offered.'
        }
        confirmLabel={undoing?.status === 'committed' ? 'Undo Import' : 'Discard'}
        busyLabel={undoing?.status === 'committed' ? 'Undoing…' : 'Discarding…'}
        isBusy={undo.isPending}
        error={
          undo.isError
            ? errorMessage(undo.error, 'Failed to undo the import. Please try again.')
            : null
        }
        onCancel={() => {
          setUndoing(null);
          undo.reset();
        }}
        onConfirm={confirmUndo}
      />
    </section>
  );
}
