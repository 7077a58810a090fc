import { MAX_TAG_LENGTH, tagKey, type TagSummary } from '@moneta/shared/tag-schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
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
import { useDeleteTag, useRenameTag, useTags } from '../api/tags';

const columns: TableColumn[] = [
  { header: 'Tag' },
  { header: 'Transactions', align: 'right' },
  { header: 'Actions', align: 'right' },
];

/**
 * The tags in use with their counts. Renaming one to a name in use merges the two; deleting one
 * takes it off every transaction (the transactions stay).
 */
export function TagsPage() {
  const tags = useTags();
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [toRename, setToRename] = useState<TagSummary | null>(null);
  const [toDelete, setToDelete] = useState<TagSummary | null>(null);
  const names = new Set((tags.data ?? []).map((tag) => tagKey(tag.name)));

  return (
    <ContentLayout title="Tags">
      <QueryState
        query={tags}
        loading={<SectionSpinner label="Loading tags…" />}
        failureMessage={(error) => errorMessage(error, 'Failed to load tags. Please try again.')}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No tags yet.">
            Add tags to transactions in their form, or to many at once with Edit.
          </EmptyState>
        }
      >
        {(data) => (
          <Table label="Tags" columns={columns} minWidthClass="sm:min-w-[420px]">
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
                <TableCell align="right" stack="menu">
                  <RowActions
                    label={`Actions for tag ${tag.name}`}
                    actions={[
                      { label: 'Rename or merge', onSelect: () => setToRename(tag) },
                      { label: 'Delete', onSelect: () => setToDelete(tag), isDanger: true },
                    ]}
                  />
                </TableCell>
              </TableRow>
            ))}
          </Table>
        )}
      </QueryState>
      <PromptDialog
        isOpen={toRename !== null}
        title={`Rename #${toRename?.name ?? ''}`}
        label="New name (an existing tag's name merges the two):"
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
                  isMerge ? `#${from.name} merged into #${name}.` : `Renamed to #${name}.`,
                ),
              onError: (error) =>
                toast.error(errorMessage(error, 'Failed to rename the tag. Please try again.')),
            },
          );
        }}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title={(tag) => `Delete #${tag.name}?`}
        description={(tag) =>
          `#${tag.name} will be taken off ${tag.count} transaction${tag.count === 1 ? '' : 's'}. The transactions stay.`
        }
        onDelete={(tag) => remove.mutateAsync(tag.name)}
        onDeleted={(_result, tag) => {
          setToDelete(null);
          toast.success(`#${tag.name} deleted.`);
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to delete the tag. Please try again.')
        }
      />
    </ContentLayout>
  );
}
