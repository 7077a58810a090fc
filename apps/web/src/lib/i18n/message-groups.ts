/**
 * The messages of a language come in a few downloads (docs/i18n.md, "How messages load"): the
 * public pages' namespaces, which every page needs before its first render; the signed-in app's,
 * which load with the app's shell; and the namespaces only one page of the app uses (Settings,
 * Import), each loaded with its page, so that no other page carries them. The landing and
 * sign-in pages so carry 5 of the namespaces. A namespace not listed here is the app's: adding
 * one is adding its JSON files.
 *
 * Kept free of imports: the build (vite.config.ts) names the chunks by it too.
 */
export const PUBLIC_NAMESPACES = ['common', 'errors', 'auth', 'landing', 'contact'] as const;

/** Namespaces of one page each, a group of their own named after them (router.tsx loads it). */
export const PAGE_NAMESPACES = ['settings', 'imports'] as const;

export const MESSAGE_GROUPS = ['public', 'app', ...PAGE_NAMESPACES] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

export function groupOfNamespace(namespace: string): MessageGroup {
  if ((PUBLIC_NAMESPACES as readonly string[]).includes(namespace)) return 'public';
  const page = PAGE_NAMESPACES.find((one) => one === namespace);
  return page ?? 'app';
}

/** src/locales/de/common.json → { language: 'de', namespace: 'common' }; else undefined. */
export function messageFileOf(path: string): { language: string; namespace: string } | undefined {
  const match = /(?:^|\/)locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(path);
  return match ? { language: match[1]!, namespace: match[2]! } : undefined;
}

/**
 * The chunk that holds a language's group of messages ('messages-de-public'): one download per
 * group rather than one per namespace.
 */
export function messagesChunkOf(path: string): string | undefined {
  const file = messageFileOf(path);
  return file && `messages-${file.language}-${groupOfNamespace(file.namespace)}`;
}
