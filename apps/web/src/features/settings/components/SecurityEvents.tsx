import type { SecurityEventType } from '@moneta/shared/security-schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/date-time-format';
import { useSecurityEvents } from '../api/security-events';
import { deviceName } from '../utils/device-name';
import { ListEmpty, ListLoading, SettingsSection } from './SettingsSection';

const LOAD_FAILED = 'Security events could not be loaded.';
/** Shown before "Show all": the latest are what a user checks. */
const FIRST_SHOWN = 10;

const EVENT_LABELS: Record<SecurityEventType, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'signed-out': 'Signed out',
  'session-ended': 'Session signed out',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset by the server owner',
  'two-factor-enabled': 'Two-factor authentication turned on',
  'two-factor-disabled': 'Two-factor authentication turned off',
  'token-created': 'API token created',
  'token-revoked': 'API token revoked',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey deleted',
};

/** The account's last 100 security events, newest first (docs/architecture.md, Security). */
export function SecurityEvents() {
  const events = useSecurityEvents();
  const { user } = useUser();
  const [showAll, setShowAll] = useState(false);

  return (
    <SettingsSection
      title="Security events"
      description="Sign-ins and changes to your account's security, newest first."
    >
      <QueryState
        query={events}
        loading={<ListLoading label="Loading security events..." />}
        failureMessage={(error) => errorMessage(error, LOAD_FAILED)}
        isEmpty={(list) => list.length === 0}
        empty={<ListEmpty>No security events yet.</ListEmpty>}
      >
        {(list) => (
          <div className="space-y-3">
            <ol
              aria-label="Security events"
              className="divide-y divide-neutral-200 dark:divide-neutral-800"
            >
              {(showAll ? list : list.slice(0, FIRST_SHOWN)).map((event) => (
                <li key={event._id} className="py-2.5">
                  <p className="font-medium break-words text-neutral-900 dark:text-white">
                    {EVENT_LABELS[event.type]}
                    {event.detail ? (
                      <span className="font-normal text-neutral-600 dark:text-neutral-400">
                        {' '}
                        ({event.detail})
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-neutral-600 dark:text-neutral-400">
                    <time dateTime={event.at}>{formatDateTime(event.at, user?.timeZone)}</time>
                    {' · '}
                    {event.ip ?? 'Unknown address'} · {deviceName(event.userAgent)}
                  </p>
                </li>
              ))}
            </ol>
            {!showAll && list.length > FIRST_SHOWN ? (
              <Button variant="secondary" size="sm" onClick={() => setShowAll(true)}>
                Show all {list.length}
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
    </SettingsSection>
  );
}
