import { MAX_TAG_LENGTH, tagKey, type TagSummary } from '@moneta/shared/tag-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { PromptDialog } from '@/components/ui/PromptDialog';
import { QueryState } from '@/components/ui/QueryState';
import { RowActions } from '@/components/ui/RowActions';
import { SectionSpinner } from '@/components/ui/Spinner';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { textLinkClasses } from '@/components/ui/link-styles';
import { transactionsPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useDeleteTag, useRenameTag, useTags } from '../api/tags';

/**
 * The tags in use with their counts. Renaming one to a name in use merges the two; deleting one
 * takes it off every transaction (the transactions stay).
 */
export function TagsPage() {
  const { t } = useTranslation('tags');
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('table.tag') },
    { header: t('table.transactions'), align: 'right' },
    ...(canWrite ? [{ header: t('table.actions'), align: 'right' as const }] : []),
  ];
  const tags = useTags();
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [toRename, setToRename] = useState<TagSummary | null>(null);
  const [toDelete, setToDelete] = useState<TagSummary | null>(null);
  const names = new Set((tags.data ?? []).map((tag) => tagKey(tag.name)));

  return (
    <ContentLayout title={t('title')}>
      <QueryState
        query={tags}
        loading={<SectionSpinner label={t('loading')} />}
        failureMessage={(error) => errorMessage(error, t('errors.load'))}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>}
      >
        {(data) => (
          <Table label={t('table.label')} columns={columns} minWidthClass="sm:min-w-[420px]">
            {data.map((tag) => (
              <TableRow key={tag.name}>
                <TableRowHeader>
                  <Link to={transactionsPath({ tag: tag.name })} className={textLinkClasses}>
                    #{tag.name}
                  </Link>
                </TableRowHeader>
                <TableCell align="right" stack="end" className="tabular-nums">
                  {tag.count}
                </TableCell>
                {canWrite ? (
                  <TableCell align="right" stack="menu">
                    <RowActions
                      label={t('table.actionsFor', { name: tag.name })}
                      actions={[
                        { label: t('actions.rename'), onSelect: () => setToRename(tag) },
                        {
                          label: t('actions.delete'),
                          onSelect: () => setToDelete(tag),
                          isDanger: true,
                        },
                      ]}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </Table>
        )}
      </QueryState>
      <PromptDialog
        isOpen={toRename !== null}
        title={t('renameDialog.title', { name: toRename?.name ?? '' })}
        label={t('renameDialog.label')}
        maxLength={MAX_TAG_LENGTH}
        onCancel={() => setToRename(null)}
        onSubmit={(name) => {
          const from = toRename;
          setToRename(null);
          if (!from) return;
          const isMerge = names.has(tagKey(name)) && tagKey(name) !== tagKey(from.name);
          rename.mutate(
            { from: from.name, to: name },
            {
              onSuccess: () =>
                toast.success(
                  isMerge
                    ? t('toast.merged', { from: from.name, to: name })
                    : t('toast.renamed', { name }),
                ),
              onError: (error) => toast.error(errorMessage(error, t('errors.rename'))),
            },
          );
        }}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title={(tag) => t('deleteDialog.title', { name: tag.name })}
        description={(tag) => t('deleteDialog.description', { name: tag.name, count: tag.count })}
        onDelete={(tag) => remove.mutateAsync(tag.name)}
        onDeleted={(_result, tag) => {
          setToDelete(null);
          toast.success(t('toast.deleted', { name: tag.name }));
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, t('errors.delete'))}
      />
    </ContentLayout>
  );
}
