import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { alertTones } from '@/components/ui/Alert';
import { loginNoticeText, type LoginState } from '@/lib/auth/login-notice';

/** Long enough for screen readers to register the empty live region before its text. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * Says on the sign-in page why the user is there (e.g. the account was just deleted). The notice
 * comes in the router's state and is taken out of the history entry once read, so a reload or a
 * later Back does not repeat it.
 */
export function LoginNoticeStatus() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  // Only a known notice has words; its key says them in the user's language.
  const [notice] = useState(() =>
    loginNoticeText(location.state) ? (location.state as LoginState).notice : null,
  );
  // The live region is on the page before its text, so that the text is announced.
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    if (!notice) return;
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: null });
    const timer = window.setTimeout(() => setIsShown(true), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Once, on arrival: the location changes with the state taken out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!notice) return null;
  return (
    <div role="status" className={isShown ? 'mb-5' : undefined}>
      {isShown ? (
        <p className={`rounded-lg border px-4 py-3 text-sm ${alertTones.success}`}>
          {t(`loginNotice.${notice}`)}
        </p>
      ) : null}
    </div>
  );
}
