import type { Messages } from '@/lib/i18n/messages';

// Every namespace of this language, in this language's one chunk (docs/i18n.md).
export const messages = import.meta.glob<Messages>('./*.json', { eager: true, import: 'default' });
