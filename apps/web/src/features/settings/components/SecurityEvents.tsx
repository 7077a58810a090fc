import type { SecurityEventType } from '@moneta/shared/security-schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/date-time-format';
import { useSecurityEvents } from '../api/security-events';
import { deviceName } from '../utils/device-name';
import { ListEmpty, ListError, ListLoading, SettingsSection } from './SettingsSection';

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
  const shown = showAll ? events.data : events.data?.slice(0, FIRST_SHOWN);

  return (
    <SettingsSection
      title="Security events"
      description="Sign-ins and changes to your account's security, newest first."
    >
      {events.isPending ? (
        <ListLoading label="Loading security events..." />
      ) : events.isError ? (
        <ListError
          message={errorMessage(events.error, LOAD_FAILED)}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 || !shown ? (
        <ListEmpty>No security events yet.</ListEmpty>
      ) : (
        <div className="space-y-3">
          <ol
            aria-label="Security events"
            className="divide-y divide-neutral-200 dark:divide-neutral-800"
          >
            {shown.map((event) => (
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
          {!showAll && events.data.length > FIRST_SHOWN ? (
            <Button variant="secondary" size="sm" onClick={() => setShowAll(true)}>
              Show all {events.data.length}
            </Button>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}
