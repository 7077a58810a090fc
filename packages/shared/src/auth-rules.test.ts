import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  emailProblem,
  normalizeEmail,
  passwordChecks,
  passwordProblem,
  passwordStrength,
} from './auth-rules';
import { loginSchema, setupSchema, signupSchema } from './auth-schemas';

describe('emailProblem', () => {
  it.each(['ana@moneta.dev', 'first.last+tag@mail.co.uk', '  Ana@Moneta.DEV  '])(
    'accepts %s',
    (email) => expect(emailProblem(email)).toBeNull(),
  );

  it.each(['', 'ana', 'ana@', '@moneta.dev', 'ana@moneta', 'an a@moneta.dev', 'ana@@moneta.dev'])(
    'rejects the malformed %j',
    (email) => expect(emailProblem(email)).toBe(AUTH_MESSAGES.invalidEmail),
  );

  it('rejects an address longer than 254 characters', () => {
    expect(emailProblem(`${'a'.repeat(250)}@moneta.dev`)).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it.each([
    'ana@example.com',
    'ana@test.com',
    'ana@invalid.com',
    'ana@EXAMPLE.COM',
    'ana@Test.Com',
    'ana@InVaLiD.cOm',
  ])('rejects the blocked domain in %s whatever the letter case', (email) => {
    expect(emailProblem(email)).toBe(AUTH_MESSAGES.blockedDomain);
  });

  it('does not block other domains that merely contain a blocked name', () => {
    expect(emailProblem('ana@example.org')).toBeNull();
    expect(emailProblem('ana@mytest.com')).toBeNull();
    expect(emailProblem('ana@test.company')).toBeNull();
  });

  it('normalises by trimming and lower-casing', () => {
    expect(normalizeEmail('  Ana@Moneta.DEV ')).toBe('ana@moneta.dev');
  });
});

describe('password rules', () => {
  it('accepts exactly 8 and exactly 16 characters', () => {
    expect(passwordProblem('abcde1!x')).toBeNull();
    expect(passwordProblem('abcdefghijklm1!x')).toBeNull();
  });

  it('rejects 7 and 17 characters with the length message', () => {
    expect(passwordProblem('abcd1!x')).toBe(AUTH_MESSAGES.passwordLength);
    expect(passwordProblem('abcdefghijklmn1!x')).toBe(AUTH_MESSAGES.passwordLength);
    expect(passwordProblem('')).toBe(AUTH_MESSAGES.passwordLength);
  });

  it.each([
    ['no letter', '12345678!'],
    ['no digit', 'abcdefgh!'],
    ['no symbol', 'abcdefg12'],
  ])('rejects a password with %s with the complexity message', (_case, password) => {
    expect(passwordProblem(password)).toBe(AUTH_MESSAGES.passwordComplexity);
  });

  it('counts an underscore and a space as symbols', () => {
    expect(passwordChecks('abc_1234').symbol).toBe(true);
    expect(passwordChecks('abc 1234').symbol).toBe(true);
  });

  it('reports the length problem before the complexity problem', () => {
    expect(passwordProblem('abc')).toBe(AUTH_MESSAGES.passwordLength);
  });

  it('scores strength as the number of rules met', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('a')).toBe(1);
    expect(passwordStrength('a1')).toBe(2);
    expect(passwordStrength('a1!')).toBe(3);
    expect(passwordStrength('abcd12!!')).toBe(4);
  });

  it('counts characters, not UTF-16 units, for the length rule', () => {
    // Seven emoji are 14 UTF-16 units but seven characters: too short.
    expect(passwordChecks('😀😀😀😀😀😀😀').length).toBe(false);
    expect(passwordChecks('a1😀😀😀😀😀😀').length).toBe(true);
  });
});

describe('signupSchema', () => {
  it('returns the normalised e-mail', () => {
    const result = signupSchema.parse({ email: ' Ana@Moneta.dev ', password: 'abcd12!!' });
    expect(result.email).toBe('ana@moneta.dev');
  });

  it('reports the e-mail problem first', () => {
    const result = signupSchema.safeParse({ email: 'nope', password: 'short' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      AUTH_MESSAGES.invalidEmail,
      AUTH_MESSAGES.passwordLength,
    ]);
  });

  it('rejects an unknown time zone', () => {
    const result = signupSchema.safeParse({
      email: 'ana@moneta.dev',
      password: 'abcd12!!',
      timeZone: 'Mars/Olympus',
    });
    expect(result.success).toBe(false);
  });
});

describe('loginSchema and setupSchema', () => {
  it('requires both login fields but checks nothing else', () => {
    expect(loginSchema.safeParse({ email: '', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'x', password: '' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
  });

  it('accepts the seven currencies and valid zones only', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'INR']) {
      expect(setupSchema.safeParse({ defaultCurrency: code }).success).toBe(true);
    }
    expect(setupSchema.safeParse({ defaultCurrency: 'usd' }).success).toBe(false);
    expect(setupSchema.safeParse({ defaultCurrency: 'BTC' }).success).toBe(false);
    expect(
      setupSchema.safeParse({ defaultCurrency: 'EUR', timeZone: 'Europe/Paris' }).success,
    ).toBe(true);
    expect(setupSchema.safeParse({ defaultCurrency: 'EUR', timeZone: 'Nowhere' }).success).toBe(
      false,
    );
  });
});
