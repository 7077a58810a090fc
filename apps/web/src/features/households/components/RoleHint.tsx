import type { ReactNode } from 'react';

/** Why a control is missing: the user's role does not allow it. */
export function RoleHint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-600 dark:text-neutral-400">{children}</p>;
}
