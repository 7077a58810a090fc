import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';

type PagerProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
};

/** Previous / next and "Page x of y"; nothing at all when everything fits on one page. */
export function Pager({ page, totalPages, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-between gap-4">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ChevronLeftIcon />
        {t('pager.previous')}
      </Button>
      <p aria-live="polite" className="text-sm text-neutral-700 dark:text-neutral-300">
        {t('pager.page', { page, total: totalPages })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
      >
        {t('pager.next')}
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
