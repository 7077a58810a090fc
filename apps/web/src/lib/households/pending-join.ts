import { SESSION_STORAGE_KEYS } from '@/config/storage-keys';
import { joinPath } from '@/config/paths';

/**
 * An invitation opened while signed out: its code waits here (this tab only) through sign-in or
 * sign-up and setup, which then lead back to the join page instead of the dashboard.
 */
export function keepPendingJoin(code: string): void {
  try {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.pendingJoinCode, code);
  } catch {
    // Storage unavailable: after sign-in the user opens the link again.
  }
}

export function clearPendingJoin(): void {
  try {
    window.sessionStorage.removeItem(SESSION_STORAGE_KEYS.pendingJoinCode);
  } catch {
    // Nothing kept.
  }
}

/** The join page of the invitation waiting, if one is. */
export function pendingJoinPath(): string | null {
  try {
    const code = window.sessionStorage.getItem(SESSION_STORAGE_KEYS.pendingJoinCode);
    return code ? joinPath(code) : null;
  } catch {
    return null;
  }
}
