// What react-i18next imports as 'use-sync-external-store/shim' in the build
// (build/react-i18next-alone.ts): that package backports the hook to React 16 and 17 and, on a
// React that has it, hands out React's own. Ours (19) has it, so the backport is left out.
export { useSyncExternalStore } from 'react';
