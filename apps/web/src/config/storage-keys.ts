/** Keys of what the app keeps in localStorage (SPEC §3). */
export const STORAGE_KEYS = {
  token: 'token',
  theme: 'theme',
} as const;
