import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { useTranslation } from 'react-i18next';
import { PencilIcon, TrashIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { useCategoryName } from '@/lib/categories/category-name';
import { useToggleCategoryHidden } from '../hooks/use-toggle-category-hidden';

/** One kind of categories, each with its count and its actions. */
export function CategoryList({
  title,
  categories,
  onDelete,
  onChange,
  isBare = false,
}: {
  title: string;
  categories: ManagedCategory[];
  onDelete: (name: string) => void;
  onChange: (category: ManagedCategory) => void;
  /** Inside a section that names it already. */
  isBare?: boolean;
}) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
  const visibility = useToggleCategoryHidden();
  if (categories.length === 0) return null;

  return (
    <section aria-label={title}>
      {isBare ? null : (
        <h3 className="text-sm font-semibold text-neutral-800 dark:text-neutral-200">{title}</h3>
      )}
      <ul
        className={`divide-y divide-neutral-200 dark:divide-neutral-800 ${isBare ? 'border-t border-neutral-200 dark:border-neutral-800' : 'mt-2 rounded-lg border border-neutral-200 dark:border-neutral-800'}`}
      >
        {categories.map((category) => (
          <li
            key={`${category.isIncome}|${category.name}`}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-neutral-900 dark:text-neutral-100">
              <span className="min-w-0 truncate">{categoryName(category.name)}</span>
              {isBare ? (
                <Badge tone={category.isIncome ? 'sky' : 'neutral'}>
                  {category.isIncome ? t('income') : t('expense')}
                </Badge>
              ) : null}
              {category.hidden ? <Badge tone="violet">{t('hidden')}</Badge> : null}
              <span className="text-xs text-neutral-600 dark:text-neutral-400">
                {t('transactionCount', { count: category.transactionCount })}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={() => onChange(category)}>
                <PencilIcon />
                {category.isBuiltIn ? t('merge') : t('rename')}
                <span className="sr-only"> {categoryName(category.name)}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => visibility.toggleHidden(category)}
                disabled={visibility.isPending}
              >
                {category.hidden ? t('show') : t('hide')}
                <span className="sr-only"> {categoryName(category.name)}</span>
              </Button>
              {category.isBuiltIn ? null : (
                <Button variant="ghost-danger" size="sm" onClick={() => onDelete(category.name)}>
                  <TrashIcon />
                  {t('delete')}
                  <span className="sr-only"> {categoryName(category.name)}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
