import type { Rule } from '@moneta/shared/rule-schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { textLinkClasses } from '@/components/ui/link-styles';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useApplyRule, useDeleteRule, useMoveRule, useRules } from '../api/rules';
import { RuleFormDialog } from './RuleFormDialog';
import { appliesToOf, ruleCondition } from './rule-text';
import { useCategoryName } from '@/lib/categories/category-name';

type FormState = { rule: Rule | null } | null;
type Direction = 'up' | 'down';

const moveButtonId = (rule: Rule, direction: Direction) => `rule-${rule._id}-${direction}`;

/**
 * Rules (docs/architecture.md, Rules): tried in order, the first that matches a transaction's name
 * or note gives its category (and may rename it), on import, on a receipt and in the transaction
 * form.
 */
export function RulesPage() {
  const { t } = useTranslation('rules');
  const categoryName = useCategoryName();
  const rules = useRules();
  const moveRule = useMoveRule();
  const deleteRule = useDeleteRule();
  const applyRule = useApplyRule();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const [applying, setApplying] = useState<Rule | null>(null);
  const [applied, setApplied] = useState<{ ruleId: string; updated: number } | null>(null);
  // After a move, the moved rule's button keeps the focus (the list is re-rendered in the new
  // order); at the top or bottom, its other button takes it.
  const focusAfterMoveRef = useRef<{ id: string; direction: Direction } | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const list = useMemo(() => rules.data ?? [], [rules.data]);

  useEffect(() => {
    const wanted = focusAfterMoveRef.current;
    const rule = wanted && list.find((item) => item._id === wanted.id);
    if (!wanted || !rule) return;
    focusAfterMoveRef.current = null;
    const same = document.getElementById(moveButtonId(rule, wanted.direction));
    const other = document.getElementById(
      moveButtonId(rule, wanted.direction === 'up' ? 'down' : 'up'),
    );
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
  }, [list]);

  function move(rule: Rule, direction: Direction) {
    // One move at a time; the buttons stay enabled so that the focus is never lost.
    if (moveRule.isPending) return;
    const position = rule.position + (direction === 'up' ? -1 : 1);
    focusAfterMoveRef.current = { id: rule._id, direction };
    moveRule.mutate(
      { rule, position },
      {
        onError: (error) => toast.error(errorMessage(error, t('page.moveFailed'))),
      },
    );
  }

  function apply() {
    if (!applying) return;
    const rule = applying;
    applyRule.mutate(rule._id, {
      onSuccess: ({ updated }) => {
        setApplying(null);
        setApplied({ ruleId: rule._id, updated });
        toast.success(t('page.appliedToast', { count: updated }));
      },
    });
  }

  return (
    <ContentLayout
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <Button ref={addButtonRef} onClick={() => setForm({ rule: null })}>
          <PlusIcon />
          {t('page.add')}
        </Button>
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
          // `list` is this data, kept for the focus after a move (above).
          <ol
            aria-label={t('list.label')}
            className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
          >
            {list.map((rule, index) => {
              const condition = ruleCondition(t, rule);
              const number = index + 1;
              return (
                <li
                  key={rule._id}
                  aria-label={t('list.item', {
                    number,
                    condition,
                    category: categoryName(rule.category),
                  })}
                  className="flex flex-wrap items-center gap-3 px-4 py-3"
                >
                  <span
                    aria-hidden="true"
                    className="w-6 shrink-0 text-sm font-semibold text-neutral-500 tabular-nums dark:text-neutral-400"
                  >
                    {index + 1}.
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="break-words text-neutral-900 dark:text-white">
                      {condition} →{' '}
                      <span className="font-semibold">{categoryName(rule.category)}</span>
                    </p>
                    <p className="text-sm text-neutral-600 dark:text-neutral-400">
                      {rule.rename
                        ? t('list.appliesToRenamed', {
                            appliesTo: t(`appliesTo.${appliesToOf(rule.isIncome)}`),
                            name: rule.rename,
                          })
                        : t(`appliesTo.${appliesToOf(rule.isIncome)}`)}
                    </p>
                    {applied?.ruleId === rule._id ? (
                      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
                        {t('list.applied', { count: applied.updated })}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    <Button
                      id={moveButtonId(rule, 'up')}
                      variant="ghost"
                      size="sm"
                      aria-label={t('list.moveUp', { number })}
                      title={t('list.moveUpTitle')}
                      disabled={index === 0}
                      onClick={() => move(rule, 'up')}
                    >
                      <span aria-hidden="true">↑</span>
                    </Button>
                    <Button
                      id={moveButtonId(rule, 'down')}
                      variant="ghost"
                      size="sm"
                      aria-label={t('list.moveDown', { number })}
                      title={t('list.moveDownTitle')}
                      disabled={index === list.length - 1}
                      onClick={() => move(rule, 'down')}
                    >
                      <span aria-hidden="true">↓</span>
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => setApplying(rule)}>
                      <Trans
                        t={t}
                        i18nKey="list.apply"
                        values={{ number }}
                        components={{ hidden: <span className="sr-only" /> }}
                      />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('list.edit', { number })}
                      title={t('list.editTitle')}
                      onClick={() => setForm({ rule })}
                    >
                      <PencilIcon />
                    </Button>
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      aria-label={t('list.delete', { number })}
                      title={t('list.deleteTitle')}
                      onClick={() => setDeleting(rule)}
                    >
                      <TrashIcon />
                    </Button>
                  </div>
                </li>
              );
            })}
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
        isBusy={applyRule.isPending}
        error={applyRule.isError ? errorMessage(applyRule.error, t('applyDialog.failed')) : null}
        onCancel={() => {
          setApplying(null);
          applyRule.reset();
        }}
        onConfirm={apply}
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
