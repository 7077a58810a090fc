import type { User } from '@moneta/shared/auth-schemas';
import { paths } from '@/config/paths';
import { pendingJoinPath } from '@/lib/households/pending-join';

/**
 * Where a signed-in user belongs: the setup step until it is done, then the invitation they
 * opened before signing in, else the dashboard.
 */
export function homePathFor(user: Pick<User, 'isSetupComplete'>): string {
  if (!user.isSetupComplete) return paths.setup;
  return pendingJoinPath() ?? paths.dashboard;
}
