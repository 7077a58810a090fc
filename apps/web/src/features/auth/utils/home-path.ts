import type { User } from '@moneta/shared/auth-schemas';
import { paths } from '@/config/paths';

/** Where a signed-in user belongs: the dashboard, or the setup step until it is done. */
export function homePathFor(user: Pick<User, 'isSetupComplete'>): string {
  return user.isSetupComplete ? paths.dashboard : paths.setup;
}
