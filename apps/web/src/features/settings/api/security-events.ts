import type { SecurityEvent } from '@moneta/shared/security-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The account's last 100 security events, newest first. */
export function useSecurityEvents() {
  return useQuery({
    queryKey: queryKeys.security.events,
    queryFn: () => api.get<SecurityEvent[]>('/auth/events'),
  });
}
