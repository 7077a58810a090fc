import { useCurrency } from '@/lib/auth/use-currency';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { SignedAmount } from '../components/SignedAmount';
import { usePendingTransactions } from './use-transaction-queue';
import { useCategoryName } from '@/lib/categories/category-name';

/**
 * The transactions added offline, still on this device (docs/architecture.md, Web app); nothing
 * when none wait.
 */
export function PendingTransactions() {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const format = useFormat();
  const pending = usePendingTransactions();
  const currency = useCurrency();
  if (pending.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-transactions-heading"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2
        id="pending-transactions-heading"
        className="text-sm font-semibold text-amber-950 dark:text-amber-100"
      >
        {t('pending.title', { count: pending.length })}
      </h2>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{t('pending.body')}</p>
      <ul className="mt-3 divide-y divide-amber-200 dark:divide-amber-900">
        {pending.map(({ key, input }) => (
          <li key={key} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block truncate font-medium text-neutral-900 dark:text-white">
                {input.name || input.category}
              </span>
              <span className="text-xs text-neutral-700 dark:text-neutral-300">
                {t('pending.meta', {
                  category: categoryName(input.category),
                  date: format.date(input.addedOn),
                })}
              </span>
            </span>
            <span className="whitespace-nowrap">
              {/* Not converted until the server has it: its own amount only. */}
              <SignedAmount
                transaction={{ ...input, currency: input.currency ?? currency, baseCost: null }}
                baseCurrency={input.currency ?? currency}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
