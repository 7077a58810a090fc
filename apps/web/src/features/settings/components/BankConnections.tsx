import type { BankConnection } from '@moneta/shared/bank-connection-schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { QueryState } from '@/components/ui/QueryState';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCanWrite } from '@/lib/households/use-can-write';
import {
  useBankConnections,
  useDeleteBankConnection,
  useRefreshLedger,
} from '../api/bank-connections';
import { AddBankConnection } from './AddBankConnection';
import { BankConnectionCard } from './BankConnectionCard';
import { ListEmpty, ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/** When a sync ends, the transactions and balances it brought are read again. */
function useLedgerAfterSyncs(connections: BankConnection[] | undefined) {
  const refreshLedger = useRefreshLedger();
  const wasSyncing = useRef(false);
  const isSyncing = connections?.some((connection) => connection.status === 'syncing') ?? false;
  useEffect(() => {
    if (wasSyncing.current && !isSyncing) refreshLedger();
    wasSyncing.current = isSyncing;
  }, [isSyncing, refreshLedger]);
}

/**
 * Settings → Bank connections (docs/bank-sync.md): the household's banks, each account's
 * mapping, sync now, errors with their next step, disconnect; and the two ways to connect.
 */
export function BankConnections() {
  const { t } = useTranslation('settings');
  const connections = useBankConnections();
  const remove = useDeleteBankConnection();
  const [removing, setRemoving] = useState<BankConnection | null>(null);
  const [params] = useSearchParams();
  const location = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const isBackFromBank = params.get('connection') !== null;
  const canWrite = useCanWrite();
  useLedgerAfterSyncs(connections.data);
  useEffect(() => {
    if (location.pathname === paths.bankConnections) anchor.current?.scrollIntoView();
  }, [location.pathname]);

  return (
    <div ref={anchor} id="bank-connections" className="scroll-mt-20">
      <SectionCard title={t('bank.title')} description={t('bank.description')}>
        <div className="space-y-4">
          {isBackFromBank ? (
            params.get('error') ? (
              <Alert>{t('bank.consentRefused')}</Alert>
            ) : (
              <Alert tone="success">{t('bank.consentGiven')}</Alert>
            )
          ) : null}
          <QueryState
            query={connections}
            loading={<ListLoading label={t('bank.loading')} />}
            failureMessage={(error) => errorMessage(error, t('bank.loadFailed'))}
          >
            {(list) =>
              list.length === 0 ? (
                <ListEmpty>{t('bank.empty')}</ListEmpty>
              ) : (
                <ul aria-label={t('bank.title')} className="space-y-4">
                  {list.map((connection) => (
                    <BankConnectionCard
                      key={connection._id}
                      connection={connection}
                      onDisconnect={() => setRemoving(connection)}
                    />
                  ))}
                </ul>
              )
            }
          </QueryState>
          {canWrite ? <AddBankConnection /> : null}
        </div>
      </SectionCard>
      <ConfirmDeleteDialog
        item={removing}
        title={t('bank.disconnectTitle')}
        description={(connection: BankConnection) =>
          t('bank.disconnectDescription', { name: connection.name })
        }
        confirmLabel={t('bank.disconnect')}
        busyLabel={t('bank.disconnecting')}
        onDelete={(connection) => remove.mutateAsync(connection._id)}
        onDeleted={(_result, connection) => {
          setRemoving(null);
          toast.success(t('bank.disconnected', { name: connection.name }));
        }}
        onClose={() => setRemoving(null)}
        failureMessage={(error) => errorMessage(error, t('bank.disconnectFailed'))}
      />
    </div>
  );
}
