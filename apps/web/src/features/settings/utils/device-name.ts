import Bowser from 'bowser';
import type { TFunction } from 'i18next';

/** Bowser's names, shortened where a person says less ("Microsoft Edge" is "Edge"). */
const SHORT_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Chrome OS': 'ChromeOS',
  Chromium: 'Chrome',
};

const shortName = (name: string | undefined) => (name ? (SHORT_NAMES[name] ?? name) : undefined);

/** The longest stretch of a user agent shown as it is (a script's curl/8.5.0, say). */
const MAX_RAW_LENGTH = 60;

/**
 * A device in words from its user agent, read by Bowser (a kept parser of browsers and systems,
 * MIT): "Chrome on Linux", "Safari on iOS". What is not a browser (a script, an app) shows its
 * own first word; a browser's agent that names neither ("Mozilla/5.0") and nothing at all are
 * "Unknown device". The words around the names come from `t` (namespace `settings`), so they
 * follow the page's language.
 */
export function deviceName(userAgent: string | null, t: TFunction): string {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return t('settings:device.unknown');
  const parsed = Bowser.parse(agent);
  const browser = shortName(parsed.browser.name || undefined);
  const system = shortName(parsed.os.name || undefined);
  if (browser && system) return t('settings:device.browserOnSystem', { browser, system });
  if (browser) return browser;
  if (system)
    return t('settings:device.browserOnSystem', { browser: t('settings:device.browser'), system });
  const first = agent.split(/\s+/)[0] ?? agent;
  if (/^Mozilla\//.test(first)) return t('settings:device.unknown');
  return first.length > MAX_RAW_LENGTH ? `${first.slice(0, MAX_RAW_LENGTH)}…` : first;
}
