import { findCatalogueCurrency, type CatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { CurrencySelect } from '@/components/CurrencySelect';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { useUpdateSetup } from '@/lib/auth/update-setup';
import { useCurrencyName } from '@/lib/i18n/currency-name';
import { useIsOwner } from '@/lib/households/use-can-write';

const hintClasses = 'mt-1 block text-xs text-neutral-600 dark:text-neutral-400';

/**
 * The base currency (docs/currencies.md): the one totals, charts, budgets and net worth are
 * converted to. It is saved on the server so it persists (docs/architecture.md, Product rules).
 * Since every total changes with it, a choice is confirmed first, saying what changes and what does
 * not. Only the household's owner changes it.
 */
export function CurrencyPicker({
  className = '',
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t } = useTranslation();
  const currencyName = useCurrencyName();
  const currency = useCurrency();
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const [asked, setAsked] = useState<CatalogueCurrency | null>(null);
  const isBusy = updateMutation.isPending;
  const isOwner = useIsOwner();
  const ownerOnlyId = useId();
  const shown = isBusy ? (updateMutation.variables?.defaultCurrency ?? currency) : currency;

  function confirm() {
    if (!asked) return;
    setAsked(null);
    updateMutation.mutate(
      // The time zone chosen stays as it is.
      { defaultCurrency: asked.code, timeZone: user?.timeZone },
      {
        onError: (error) => {
          toast.error(errorMessage(error, t('currency.changeFailed')));
        },
      },
    );
  }

  return (
    <>
      <CurrencySelect
        value={shown}
        onChange={(code) => setAsked(findCatalogueCurrency(code) ?? null)}
        showLabel={showLabel}
        className={className}
        isBusy={isBusy}
        isDisabled={!isOwner}
        describedBy={isOwner ? undefined : ownerOnlyId}
      />
      {/* The base currency is the household's: another member sees it, and hears why it stays. */}
      {isOwner ? null : (
        <span id={ownerOnlyId} className={showLabel ? hintClasses : 'sr-only'}>
          {t('currency.ownerOnly')}
        </span>
      )}
      <ConfirmDialog
        isOpen={asked !== null}
        tone="primary"
        title={
          asked ? t('currency.confirmTitle', { name: currencyName(asked), code: asked.code }) : ''
        }
        description={asked ? t('currency.confirmBody', { code: asked.code }) : null}
        confirmLabel={t('currency.confirm')}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
