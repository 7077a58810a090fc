import type { ImportCommitResult } from '@moneta/shared/import-schemas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useCommitImport } from '../api/commit-import';
import { useImport } from '../api/get-imports';
import { ImportHistory } from './ImportHistory';
import { ImportPreview } from './ImportPreview';
import { UploadImportForm } from './UploadImportForm';

/** The import being previewed is in the address, so a reload or a link comes back to it. */
const IMPORT_PARAM = 'import';

type Done = { fileName: string; result: ImportCommitResult };

/**
 * Import (docs/architecture.md, Imports, issue 14): upload a bank file, check and fix how it is
 * read, choose the rows, import; past imports can be undone.
 */
export function ImportPage() {
  const currency = useCurrency();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get(IMPORT_PARAM);
  const current = useImport(importId);
  const [done, setDone] = useState<Done | null>(null);
  const commit = useCommitImport();

  function open(id: string | null) {
    setDone(null);
    commit.reset();
    setSearchParams(id ? { [IMPORT_PARAM]: id } : {});
  }

  function committed(fileName: string, result: ImportCommitResult) {
    setDone({ fileName, result });
    setSearchParams({});
    toast.success(`${importedText(result)} from ${fileName}.`);
  }

  return (
    <ContentLayout
      title="Import"
      description="Bring in your bank's statements: duplicates are caught, and categories filled in by your rules and your history."
      actions={
        <Link to={paths.rules} className={buttonClasses({ variant: 'secondary' })}>
          Rules
        </Link>
      }
    >
      {done ? (
        <Alert tone="success" className="mb-6">
          <p className="font-medium">
            {importedText(done.result)} from {done.fileName}.
          </p>
          <p>
            Skipped: {done.result.skippedDuplicates} duplicate
            {done.result.skippedDuplicates === 1 ? '' : 's'}, {done.result.skippedProblems} with
            problems, {done.result.skippedExcluded} left out.{' '}
            <Link to={paths.transactions} className="font-medium underline underline-offset-2">
              See your transactions
            </Link>
          </p>
        </Alert>
      ) : null}

      {importId === null ? (
        <UploadImportForm onUploaded={(preview) => open(preview._id)} />
      ) : (
        <QueryState
          query={current}
          loading={<SectionSpinner label="Loading the preview…" />}
          failureMessage={(error) =>
            errorMessage(error, 'Failed to load the import. Please try again.')
          }
          failureActions={
            <Button variant="ghost" size="sm" onClick={() => open(null)}>
              Choose another file
            </Button>
          }
        >
          {(preview) =>
            preview.status !== 'preview' ? (
              <Alert tone="success">
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <span>
                    {preview.fileName} has been{' '}
                    {preview.status === 'committed' ? 'imported' : 'undone'} already.
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => open(null)}>
                    Import another file
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
function importedText(result: ImportCommitResult): string {
  const transactions = `${result.created} transaction${result.created === 1 ? '' : 's'}`;
  return result.transfers > 0
    ? `${transactions} and ${result.transfers} transfer${result.transfers === 1 ? '' : 's'} imported`
    : `${transactions} imported`;
}
