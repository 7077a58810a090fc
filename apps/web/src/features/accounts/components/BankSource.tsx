import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import {
  connectionsFeeding,
  useBankConnections,
} from '@/lib/bank-connections/get-bank-connections';

/** Where an account's rows come from when a bank connection feeds it (docs/bank-sync.md). */
export function BankSource({ accountId }: { accountId: string }) {
  const { t } = useTranslation('accounts');
  const connections = useBankConnections();
  const feeding = connectionsFeeding(connections.data ?? [], accountId);
  if (feeding.length === 0) return null;
  return (
    <p className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">
      <Trans
        t={t}
        i18nKey="register.bankSource"
        values={{ names: feeding.map((connection) => connection.name).join(', ') }}
        components={{ settings: <Link to={paths.bankConnections} className={textLinkClasses} /> }}
      />
    </p>
  );
}
