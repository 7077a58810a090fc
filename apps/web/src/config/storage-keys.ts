/** Keys of what the app keeps in localStorage (SPEC §3). */
export const STORAGE_KEYS = {
  token: 'token',
  theme: 'theme',
  /** The account last chosen in the transaction form, offered first next time. */
  lastAccountId: 'lastAccountId',
} as const;
