import type { Session } from '@moneta/shared/security-schemas';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useFormat } from '@/lib/i18n/use-format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { deviceName } from '../utils/device-name';
import { ListEmpty, ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/**
 * Where the account is signed in (docs/architecture.md, Security): end one, or every one but this.
 */
export function Sessions() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  function signOutOthers() {
    endOthers.mutate(undefined, {
      // The server's "Signed out of 2 other sessions." in the user's language.
      onSuccess: ({ ended }) => toast.success(t('sessions.othersSignedOut', { count: ended })),
      onError: (error) => toast.error(errorMessage(error, t('sessions.endFailed'))),
    });
  }

  return (
    <SectionCard title={t('sessions.title')} description={t('sessions.description')}>
      <QueryState
        query={sessions}
        loading={<ListLoading label={t('sessions.loading')} />}
        failureMessage={(error) => errorMessage(error, t('sessions.loadFailed'))}
      >
        {(list) => (
          <div className="space-y-4">
            {list.length === 0 ? (
              <ListEmpty>{t('sessions.empty')}</ListEmpty>
            ) : (
              <ul
                aria-label={t('sessions.title')}
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
              {endOthers.isPending ? t('sessions.signingOut') : t('sessions.signOutOthers')}
            </Button>
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { user } = useUser();
  const endSession = useEndSession();
  const device = deviceName(session.userAgent, t);
  const signedIn = format.dateTime(session.createdAt, user?.timeZone);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900 dark:text-white">
          <span className="break-words">{device}</span>
          {session.current ? <Badge tone="sky">{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
          {t('sessions.signedIn', { date: signedIn })} ·{' '}
          {t('sessions.lastSeen', { date: format.dateTime(session.lastSeenAt, user?.timeZone) })}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost-danger"
          size="sm"
          aria-label={t('sessions.signOutLabel', { device, date: signedIn })}
          disabled={endSession.isPending}
          onClick={() =>
            endSession.mutate(session._id, {
              onSuccess: () => toast.success(t('sessions.signedOutDevice', { device })),
              onError: (error) => toast.error(errorMessage(error, t('sessions.endFailed'))),
            })
          }
        >
          {endSession.isPending ? t('sessions.signingOut') : t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
