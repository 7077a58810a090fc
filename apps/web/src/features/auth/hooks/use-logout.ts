import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '@/config/paths';
import { clearToken } from '@/lib/token';
import { userQueryKey } from '../api/get-user';

/** Ends the session (SPEC §4): info toast, user and token cleared, back to /login. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    queryClient.setQueryData(userQueryKey, null);
    // Nothing of the previous user's data may linger for the next one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    toast.info('Logged out successfully.');
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
