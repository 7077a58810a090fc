import { todayInUserZone } from '@/lib/time-zone';
import { useUser } from './get-user';

/**
 * Today's date, YYYY-MM-DD, in the signed-in user's time zone: what the server counts as today,
 * whatever the browser's clock says.
 */
export function useToday(): string {
  const { user } = useUser();
  return todayInUserZone(user?.timeZone);
}
