import type { ImportCommitResult } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useCommitImport } from '../api/commit-import';
import { useImport } from '../api/get-imports';
import { ImportHistory } from './ImportHistory';
import { ImportPreview } from './ImportPreview';
import { UploadImportForm } from './UploadImportForm';

/** The import being previewed is in the address, so a reload or a link comes back to it. */
const IMPORT_PARAM = 'import';

type Done = { fileName: string; result: ImportCommitResult };

/**
 * Import (docs/architecture.md, Imports): upload a bank file, check and fix how it is
 * read, choose the rows, import; past imports can be undone.
 */
export function ImportPage() {
  const { t } = useTranslation('imports');
  const currency = useCurrency();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get(IMPORT_PARAM);
  const current = useImport(importId);
  const [done, setDone] = useState<Done | null>(null);
  const commit = useCommitImport();
  const canWrite = useCanWrite();

  function open(id: string | null) {
    setDone(null);
    commit.reset();
    setSearchParams(id ? { [IMPORT_PARAM]: id } : {});
  }

  function committed(fileName: string, result: ImportCommitResult) {
    setDone({ fileName, result });
    setSearchParams({});
    toast.success(t('page.imported', { what: importedText(result, t), fileName }));
  }

  return (
    <ContentLayout
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Link to={paths.rules} className={buttonClasses({ variant: 'secondary' })}>
          {t('page.rules')}
        </Link>
      }
    >
      {done ? (
        <Alert tone="success" className="mb-6">
          <p className="font-medium">
            {t('page.imported', { what: importedText(done.result, t), fileName: done.fileName })}
          </p>
          <p>
            {t('page.skipped', {
              duplicates: t('page.skippedDuplicates', { count: done.result.skippedDuplicates }),
              problems: done.result.skippedProblems,
              excluded: done.result.skippedExcluded,
            })}{' '}
            <Link to={paths.transactions} className="font-medium underline underline-offset-2">
              {t('page.seeTransactions')}
            </Link>
          </p>
        </Alert>
      ) : null}

      {/* A viewer reads the history only: uploading and importing write. */}
      {!canWrite ? null : importId === null ? (
        <UploadImportForm onUploaded={(preview) => open(preview._id)} />
      ) : (
        <QueryState
          query={current}
          loading={<SectionSpinner label={t('page.loading')} />}
          failureMessage={(error) => errorMessage(error, t('page.loadFailed'))}
          failureActions={
            <Button variant="ghost" size="sm" onClick={() => open(null)}>
              {t('page.chooseAnother')}
            </Button>
          }
        >
          {(preview) =>
            preview.status !== 'preview' ? (
              <Alert tone="success">
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <span>
                    {preview.status === 'committed'
                      ? t('page.alreadyImported', { fileName: preview.fileName })
                      : t('page.alreadyUndone', { fileName: preview.fileName })}
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => open(null)}>
                    {t('page.importAnother')}
                  </Button>
                </div>
              </Alert>
            ) : (
              <ImportPreview
                key={preview._id}
                preview={preview}
                currency={currency}
                commit={{
                  isPending: commit.isPending,
                  error: commit.error,
                  mutate: (input) => {
                    const { _id: id, fileName } = preview;
                    commit.mutate(
                      { importId: id, input },
                      { onSuccess: (result) => committed(fileName, result) },
                    );
                  },
                }}
                onCancel={() => open(null)}
              />
            )
          }
        </QueryState>
      )}

      <ImportHistory onOpen={open} />
    </ContentLayout>
  );
}

/** "3 transactions imported", and the transfers when there were any. */
function importedText(result: ImportCommitResult, t: TFunction<'imports'>): string {
  return result.transfers > 0
    ? t('counts.withTransfersImported', {
        transactions: t('counts.transactions', { count: result.created }),
        transfers: t('counts.transfers', { count: result.transfers }),
      })
    : t('counts.transactionsImported', { count: result.created });
}
