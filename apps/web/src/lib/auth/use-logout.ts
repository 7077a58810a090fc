import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { clearToken } from '@/lib/token';

/** Ends the session (SPEC §4): info toast, user and token cleared, back to /login. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    // Nothing of the previous user may linger for the next one: every query goes (one still
    // loading is cancelled, so its answer cannot land later), the session's too, and so do the
    // mutations with what they sent. The session then starts again as a visitor's.
    queryClient.clear();
    queryClient.setQueryData(queryKeys.user, null);
    toast.info('Logged out successfully.');
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
