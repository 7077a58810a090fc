import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { loadedQueryClient } from '@/lib/app-query-client';
import { endSessionUser } from '@/lib/auth/get-user';
import type { LoginNotice, LoginState } from '@/lib/auth/login-notice';
import { clearToken, getToken } from '@/lib/token';

/** How long a sign-out waits for the server before signing out here anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * Ends the session on the server (docs/architecture.md, Security), so that a copy of the token is
 * refused from then on. The local sign-out never waits on it for long nor depends on it: offline,
 * or with the session already ended, the user is still signed out here.
 */
async function endSessionOnServer(): Promise<void> {
  if (!getToken()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_WAIT_MS);
  });
  await Promise.race([api.post('/auth/logout').catch(() => undefined), timeout]);
  clearTimeout(timer);
}

/**
 * Ends the session (docs/architecture.md, Product rules): the server's session, then an info toast,
 * user and token cleared, back to /login. `endSession: false` when the server has already ended it
 * (account deleted). With a `notice`, the sign-in page says what happened instead of the toast.
 */
export function useLogout({
  endSession = true,
  notice,
}: { endSession?: boolean; notice?: LoginNotice } = {}): () => void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(() => {
    void (async () => {
      if (endSession) await endSessionOnServer();
      clearToken();
      // Nothing of the previous user may linger for the next one: every query goes (one still
      // loading is cancelled, so its answer cannot land later), the session's too, and so do the
      // mutations with what they sent. The session then starts again as a visitor's.
      loadedQueryClient()?.clear();
      endSessionUser();
      if (notice) {
        const state: LoginState = { notice };
        void navigate(paths.login, { replace: true, state });
      } else {
        toast.info(t('shell.loggedOut'));
        void navigate(paths.login, { replace: true });
      }
    })();
  }, [endSession, navigate, notice, t]);
}
