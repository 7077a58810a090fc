import type { BankAccountMapping, BankConnection } from '@moneta/shared/bank-connection-schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { errorMessage } from '@/lib/api-client';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useUser } from '@/lib/auth/get-user';
import { useFormat } from '@/lib/i18n/use-format';
import { toast } from '@/lib/toast';
import { useCanWrite } from '@/lib/households/use-can-write';
import {
  useAdjustBalance,
  useMapBankAccount,
  useRenewConsent,
  useSyncBankConnection,
} from '../api/bank-connections';

type BankAccount = BankConnection['accounts'][number];

/** The select's value for each mapping: an account's id, or one of these. */
const UNMAPPED = '';
const IGNORED = 'ignore';
const CREATE = 'create';

function mappingValue(account: BankAccount): string {
  if (account.accountId) return account.accountId;
  return account.isIgnored ? IGNORED : UNMAPPED;
}

/** One connection: its status and next step, its accounts' mappings and balances, its actions. */
export function BankConnectionCard({
  connection,
  onDisconnect,
}: {
  connection: BankConnection;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { user } = useUser();
  const sync = useSyncBankConnection();
  const renew = useRenewConsent();
  const canRenew =
    connection.provider === 'enablebanking' &&
    (connection.renewSoon ||
      connection.status === 'expired' ||
      connection.status === 'needs_attention');
  const isSyncing = connection.status === 'syncing';
  const canWrite = useCanWrite();
  const when = (iso: string | null) => (iso ? format.dateTime(iso, user?.timeZone) : '—');

  function syncNow() {
    sync.mutate(connection._id, {
      onError: (error) => toast.error(errorMessage(error, t('bank.syncFailed'))),
    });
  }

  return (
    <li className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900 dark:text-white">
          <span className="break-words">{connection.name}</span>
          <Badge tone="sky">{t(`bank.provider.${connection.provider}`)}</Badge>
          <Badge tone={connection.status === 'ok' ? 'neutral' : 'violet'}>
            {t(`bank.status.${connection.status}`)}
          </Badge>
        </p>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            {canRenew ? (
              <Button
                size="sm"
                disabled={renew.isPending}
                onClick={() =>
                  renew.mutate(connection._id, {
                    onSuccess: (answer) => window.location.assign(answer.authorisationUrl),
                    onError: (error) => toast.error(errorMessage(error, t('bank.renewFailed'))),
                  })
                }
              >
                {t('bank.renew')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              disabled={isSyncing || connection.status === 'pending' || sync.isPending}
              onClick={syncNow}
            >
              {isSyncing ? t('bank.syncing') : t('bank.syncNow')}
            </Button>
            <Button size="sm" variant="danger" onClick={onDisconnect}>
              {t('bank.disconnect')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {t('bank.lastAndNext', {
          last: when(connection.lastSyncAt),
          next: when(connection.nextSyncAt),
        })}
      </p>
      {connection.lastError ? (
        <div className="mt-2 text-sm text-red-700 dark:text-red-300" role="status">
          <p>{connection.lastError.message}</p>
          <p className="font-medium">{connection.lastError.nextStep}</p>
        </div>
      ) : null}
      {connection.renewSoon ? (
        <p className="mt-2 text-sm text-amber-700 dark:text-amber-300">{t('bank.renewSoon')}</p>
      ) : null}
      <ul className="mt-3 divide-y divide-neutral-200 dark:divide-neutral-800">
        {connection.accounts.map((account) => (
          <BankAccountRow
            key={account.providerAccountId}
            connectionId={connection._id}
            account={account}
          />
        ))}
      </ul>
    </li>
  );
}

function BankAccountRow({ connectionId, account }: { connectionId: string; account: BankAccount }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const accounts = useAccounts();
  const map = useMapBankAccount(connectionId);
  const adjust = useAdjustBalance(connectionId);
  const canWrite = useCanWrite();
  const choices = (accounts.data ?? []).filter(
    (candidate) => candidate.currency === account.currency && !candidate.isArchived,
  );

  function choose(value: string) {
    if (value === UNMAPPED) return;
    const mapping: BankAccountMapping =
      value === CREATE
        ? { create: { name: account.name.slice(0, 50) } }
        : { accountId: value === IGNORED ? null : value };
    map.mutate(
      { providerAccountId: account.providerAccountId, mapping },
      { onError: (error) => toast.error(errorMessage(error, t('bank.mapFailed'))) },
    );
  }

  return (
    <li className="grid gap-2 py-3 sm:grid-cols-2 sm:items-end">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words text-neutral-900 dark:text-white">
          {account.name} · {account.currency}
        </p>
        {account.balance !== null &&
        account.balanceDifference !== null &&
        account.moneta !== null ? (
          <div className="text-amber-700 dark:text-amber-300">
            <p>
              {t('bank.balanceDiffers', {
                bank: format.money(account.balance, account.currency),
                moneta: format.money(account.moneta, account.currency),
              })}
            </p>
            {canWrite ? (
              <Button
                size="sm"
                variant="ghost"
                className="mt-1"
                disabled={adjust.isPending}
                onClick={() =>
                  adjust.mutate(account.providerAccountId, {
                    onSuccess: () => toast.success(t('bank.adjusted')),
                    onError: (error) => toast.error(errorMessage(error, t('bank.adjustFailed'))),
                  })
                }
              >
                {t('bank.adjust')}
              </Button>
            ) : null}
          </div>
        ) : account.balance !== null ? (
          <p className="text-neutral-600 dark:text-neutral-400">
            {t('bank.balance', { amount: format.money(account.balance, account.currency) })}
          </p>
        ) : null}
      </div>
      <SelectField
        label={t('bank.mapTo')}
        value={mappingValue(account)}
        disabled={map.isPending || !canWrite}
        onChange={(event) => choose(event.target.value)}
      >
        <option value={UNMAPPED} disabled>
          {t('bank.notMapped')}
        </option>
        {choices.map((candidate) => (
          <option key={candidate._id} value={candidate._id}>
            {candidate.name}
          </option>
        ))}
        <option value={CREATE}>{t('bank.createAccount', { name: account.name })}</option>
        <option value={IGNORED}>{t('bank.ignore')}</option>
      </SelectField>
    </li>
  );
}
