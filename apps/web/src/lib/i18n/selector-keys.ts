/**
 * What react-i18next imports from i18next in the build (build/react-i18next-alone.ts): its helper
 * for keys written as selector functions. Moneta writes every key as a string (docs/i18n.md), so
 * a selector reaching here is a mistake, said at once rather than looked up as a wrong key.
 */
export function keyFromSelector(): never {
  throw new Error('Moneta writes translation keys as strings; selector functions are not used.');
}
