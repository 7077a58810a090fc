import type { TFunction } from 'i18next';

/** Browsers, most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The longest stretch of a user agent shown as it is (a script's curl/8.5.0, say). */
const MAX_RAW_LENGTH = 60;

/**
 * A device in words from its user agent: "Chrome on Linux", "Safari on iOS". What is not a known
 * browser (a script, an app) shows its own first word; nothing at all is "Unknown device". The
 * words around the names come from `t` (namespace `settings`), so they follow the page's language.
 */
export function deviceName(userAgent: string | null, t: TFunction): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return t('settings:device.unknown');
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return t('settings:device.browserOnSystem', { browser, system });
  if (browser) return browser;
  const first = agent.split(/\s+/)[0] ?? agent;
  return first.length > MAX_RAW_LENGTH ? `${first.slice(0, MAX_RAW_LENGTH)}…` : first;
}
