/**
 * What the sign-in page says about how the user got there. The app passes only the key, in the
 * router's state: a stranger can put text in a link's query string, but not in history state.
 */
export const LOGIN_NOTICES = {
  'account-deleted': 'Your account and all its data were deleted.',
} as const;

export type LoginNotice = keyof typeof LOGIN_NOTICES;

/** The router state that carries a notice to /login. */
export type LoginState = { notice: LoginNotice };

/** The notice's text when `state` carries a known one, else null. */
export function loginNoticeText(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && Object.hasOwn(LOGIN_NOTICES, notice)
    ? LOGIN_NOTICES[notice as LoginNotice]
    : null;
}
