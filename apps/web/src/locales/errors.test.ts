import { ErrorCode } from '@moneta/shared/error-codes';
import { LANGUAGES } from '@moneta/shared/locales';
import { describe, expect, it } from 'vitest';
import type { Messages } from '@/lib/i18n/messages';

// Every error code the server sends has a message in every language (namespace `errors`,
// docs/i18n.md): errorMessage() says the code in the user's language outside English, so a code
// without one would show the server's English words on a German page. A code added to
// packages/shared/src/error-codes.ts fails here until it has its six messages.
const files = import.meta.glob<Messages>('./*/errors.json', { eager: true, import: 'default' });

const codes = Object.values(ErrorCode);

describe('error messages', () => {
  it('lists the codes to check', () => {
    // The list is the module's, not a copy: a sanity check that it was read at all.
    expect(codes).toContain('VALIDATION');
    expect(codes.length).toBeGreaterThan(100);
  });

  describe.each([...LANGUAGES])('%s', (language) => {
    const messages = files[`./${language}/errors.json`] ?? {};

    it('has a message for every error code', () => {
      const missing = codes.filter((code) => {
        const message = messages[code];
        return typeof message !== 'string' || message.trim() === '';
      });
      expect(missing).toEqual([]);
    });

    it('has no message for a code that does not exist', () => {
      const known = new Set<string>(codes);
      expect(Object.keys(messages).filter((code) => !known.has(code))).toEqual([]);
    });
  });
});
