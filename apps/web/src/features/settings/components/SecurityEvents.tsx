import type { SecurityEvent, SecurityEventType } from '@moneta/shared/security-schemas';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useFormat } from '@/lib/i18n/use-format';
import { useSecurityEvents } from '../api/security-events';
import { deviceName } from '../utils/device-name';
import { ListEmpty, ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/** Shown before "Show all": the latest are what a user checks. */
const FIRST_SHOWN = 10;

/** The server's own details (English words it records), said in the user's language. */
const DETAIL_KEYS: Record<string, string> = {
  password: 'securityEvents.details.password',
  passkey: 'securityEvents.details.passkey',
  'wrong password': 'securityEvents.details.wrongPassword',
  'wrong two-factor code': 'securityEvents.details.wrongCode',
  'passkey not verified': 'securityEvents.details.passkeyNotVerified',
};

/**
 * An event's detail: a known server word in the user's language; a new token's "name (scope)"
 * with the scope's words; anything else (a passkey's or token's name) as recorded.
 */
function eventDetail(event: SecurityEvent, t: TFunction): string | null {
  const { detail } = event;
  if (!detail) return null;
  const key = DETAIL_KEYS[detail];
  if (key) return t(key);
  const token = event.type === 'token-created' ? /^(.*) \((read|write)\)$/.exec(detail) : null;
  if (token?.[1]) {
    const name = token[1];
    return token[2] === 'write'
      ? t('securityEvents.details.tokenWrite', { name })
      : t('securityEvents.details.tokenRead', { name });
  }
  return detail;
}

/** Each event type's words are `securityEvents.types.<type>`; a new type without them fails the key check. */
const eventLabelKey = (type: SecurityEventType) => `securityEvents.types.${type}` as const;

/** The account's last 100 security events, newest first (docs/architecture.md, Security). */
export function SecurityEvents() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const events = useSecurityEvents();
  const { user } = useUser();
  const [showAll, setShowAll] = useState(false);

  return (
    <SectionCard title={t('securityEvents.title')} description={t('securityEvents.description')}>
      <QueryState
        query={events}
        loading={<ListLoading label={t('securityEvents.loading')} />}
        failureMessage={(error) => errorMessage(error, t('securityEvents.loadFailed'))}
        isEmpty={(list) => list.length === 0}
        empty={<ListEmpty>{t('securityEvents.empty')}</ListEmpty>}
      >
        {(list) => (
          <div className="space-y-3">
            <ol
              aria-label={t('securityEvents.title')}
              className="divide-y divide-neutral-200 dark:divide-neutral-800"
            >
              {(showAll ? list : list.slice(0, FIRST_SHOWN)).map((event) => (
                <li key={event._id} className="py-2.5">
                  <p className="font-medium break-words text-neutral-900 dark:text-white">
                    {t(eventLabelKey(event.type))}
                    {event.detail ? (
                      <span className="font-normal text-neutral-600 dark:text-neutral-400">
                        {' '}
                        ({eventDetail(event, t)})
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-neutral-600 dark:text-neutral-400">
                    <time dateTime={event.at}>{format.dateTime(event.at, user?.timeZone)}</time>
                    {' · '}
                    {event.ip ?? t('securityEvents.unknownAddress')} ·{' '}
                    {deviceName(event.userAgent, t)}
                  </p>
                </li>
              ))}
            </ol>
            {!showAll && list.length > FIRST_SHOWN ? (
              <Button variant="secondary" size="sm" onClick={() => setShowAll(true)}>
                {t('securityEvents.showAll', { count: list.length })}
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
