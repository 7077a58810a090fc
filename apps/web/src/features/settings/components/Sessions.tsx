import type { Session } from '@moneta/shared/security-schemas';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/date-time-format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { deviceName } from '../utils/device-name';
import { ListEmpty, ListLoading, SettingsSection } from './SettingsSection';

const LOAD_FAILED = 'Your sessions could not be loaded.';
const END_FAILED = 'The session could not be signed out. Please try again.';

/**
 * Where the account is signed in (docs/architecture.md, Security): end one, or every one but this.
 */
export function Sessions() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  function signOutOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, END_FAILED)),
    });
  }

  return (
    <SettingsSection
      title="Sessions"
      description="The devices signed in to your account. Sign out any you do not recognise."
    >
      <QueryState
        query={sessions}
        loading={<ListLoading label="Loading sessions..." />}
        failureMessage={(error) => errorMessage(error, LOAD_FAILED)}
      >
        {(list) => (
          <div className="space-y-4">
            {list.length === 0 ? (
              <ListEmpty>No sessions.</ListEmpty>
            ) : (
              <ul
                aria-label="Sessions"
                className="divide-y divide-neutral-200 dark:divide-neutral-800"
              >
                {list.map((session) => (
                  <SessionRow key={session._id} session={session} />
                ))}
              </ul>
            )}
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              disabled={others.length === 0 || endOthers.isPending}
              onClick={signOutOthers}
            >
              {endOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
            </Button>
          </div>
        )}
      </QueryState>
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { user } = useUser();
  const endSession = useEndSession();
  const device = deviceName(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900 dark:text-white">
          <span className="break-words">{device}</span>
          {session.current ? <Badge tone="sky">This device</Badge> : null}
        </p>
        <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
          Signed in {formatDateTime(session.createdAt, user?.timeZone)} · Last seen{' '}
          {formatDateTime(session.lastSeenAt, user?.timeZone)}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost-danger"
          size="sm"
          aria-label={`Sign out ${device}, signed in ${formatDateTime(session.createdAt, user?.timeZone)}`}
          disabled={endSession.isPending}
          onClick={() =>
            endSession.mutate(session._id, {
              onSuccess: () => toast.success(`Signed out ${device}.`),
              onError: (error) => toast.error(errorMessage(error, END_FAILED)),
            })
          }
        >
          {endSession.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
