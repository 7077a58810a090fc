import type { Rule } from '@moneta/shared/rule-schemas';
import { useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { PlusIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { textLinkClasses } from '@/components/ui/link-styles';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRule, useRules } from '../api/rules';
import { useApplyDialog } from '../hooks/use-apply-dialog';
import { useRuleOrder } from '../hooks/use-rule-order';
import { RuleFormDialog } from './RuleFormDialog';
import { RuleItem } from './RuleItem';
import { ruleCondition } from './rule-text';
import { useCanWrite } from '@/lib/households/use-can-write';

type FormState = { rule: Rule | null } | null;

/**
 * Rules (docs/architecture.md, Rules): tried in order, the first that matches a transaction's name
 * or note gives its category (and may rename it), on import, on a receipt and in the transaction
 * form.
 */
export function RulesPage() {
  const { t } = useTranslation('rules');
  const rules = useRules();
  const deleteRule = useDeleteRule();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const canWrite = useCanWrite();
  const list = useMemo(() => rules.data ?? [], [rules.data]);
  const move = useRuleOrder(list);
  const applyDialog = useApplyDialog();
  const { applying, applied } = applyDialog;

  return (
    <ContentLayout
      title={t('page.title')}
      description={t('page.description')}
      actions={
        canWrite ? (
          <Button ref={addButtonRef} onClick={() => setForm({ rule: null })}>
            <PlusIcon />
            {t('page.add')}
          </Button>
        ) : null
      }
    >
      <QueryState
        query={rules}
        loading={<SectionSpinner label={t('page.loading')} />}
        failureMessage={(error) => errorMessage(error, t('page.loadFailed'))}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t('page.emptyTitle')}>{t('page.emptyBody')}</EmptyState>}
      >
        {() => (
          // `list` is this data, kept for the focus after a move (useRuleOrder).
          <ol
            aria-label={t('list.label')}
            className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
          >
            {list.map((rule, index) => (
              <RuleItem
                key={rule._id}
                rule={rule}
                number={index + 1}
                isFirst={index === 0}
                isLast={index === list.length - 1}
                appliedCount={applied?.ruleId === rule._id ? applied.updated : undefined}
                onMove={move}
                onApply={applyDialog.ask}
                onEdit={(chosen) => setForm({ rule: chosen })}
                onDelete={setDeleting}
              />
            ))}
          </ol>
        )}
      </QueryState>
      <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
        <Trans
          t={t}
          i18nKey="page.importNote"
          // Not `link`: Trans reads <link> as HTML's empty element and drops its text.
          components={{ importLink: <Link to={paths.import} className={textLinkClasses} /> }}
        />
      </p>

      <RuleFormDialog isOpen={form !== null} rule={form?.rule} onClose={() => setForm(null)} />
      <ConfirmDialog
        isOpen={applying !== null}
        title={t('applyDialog.title')}
        description={
          applying
            ? t(applying.rename ? 'applyDialog.descriptionRenamed' : 'applyDialog.description', {
                condition: ruleCondition(t, applying),
                category: applying.category,
                name: applying.rename,
              })
            : null
        }
        confirmLabel={t('applyDialog.confirm')}
        busyLabel={t('applyDialog.busy')}
        tone="primary"
        isBusy={applyDialog.isApplying}
        error={applyDialog.failure}
        onCancel={applyDialog.cancel}
        onConfirm={applyDialog.apply}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title={(rule) => t('deleteDialog.title', { condition: ruleCondition(t, rule) })}
        description={t('deleteDialog.description')}
        onDelete={(rule) => deleteRule.mutateAsync(rule._id)}
        onDeleted={() => {
          setDeleting(null);
          toast.success(t('deleteDialog.deleted'));
        }}
        onClose={() => setDeleting(null)}
        failureMessage={(error) => errorMessage(error, t('deleteDialog.failed'))}
        failureIn="dialog"
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
