import { MAX_EMAIL_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/**
 * The register form's texts: the product's fixed wording (docs/architecture.md, Product rules),
 * used by the client's form and the server alike.
 */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  blockedDomain: 'This email domain is not allowed.',
  passwordLength: 'Password must be 8-16 characters long.',
  passwordComplexity: 'Password must contain an alphabet, a digit, and a symbol.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BLOCKED_EMAIL_DOMAINS = ['example.com', 'test.com', 'invalid.com'];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The first problem with an e-mail given at sign-up, or null when it is acceptable. */
export function emailProblem(email: string): string | null {
  const normalized = normalizeEmail(email);
  if (normalized.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(normalized)) {
    return AUTH_MESSAGES.invalidEmail;
  }
  const domain = normalized.slice(normalized.lastIndexOf('@') + 1);
  if (BLOCKED_EMAIL_DOMAINS.includes(domain)) return AUTH_MESSAGES.blockedDomain;
  return null;
}

export interface PasswordChecks {
  length: boolean;
  letter: boolean;
  digit: boolean;
  symbol: boolean;
}

/** Each rule of the live checklist on the register screen. */
export function passwordChecks(password: string): PasswordChecks {
  // Count code points, not UTF-16 units, so one emoji is one character.
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    letter: /[A-Za-z]/.test(password),
    digit: /\d/.test(password),
    // A symbol is a non-word character or an underscore (docs/architecture.md, Product rules).
    symbol: /[\W_]/.test(password),
  };
}

/** How many of the four rules are met: 4 is strong (green), 3 fair (yellow), fewer weak (red). */
export function passwordStrength(password: string): number {
  return Object.values(passwordChecks(password)).filter(Boolean).length;
}

/** The first problem with a password given at sign-up, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const checks = passwordChecks(password);
  if (!checks.length) return AUTH_MESSAGES.passwordLength;
  if (!checks.letter || !checks.digit || !checks.symbol) return AUTH_MESSAGES.passwordComplexity;
  return null;
}
