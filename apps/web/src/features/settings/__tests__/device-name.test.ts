import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { deviceName } from '../utils/device-name';
import { CHROME_LINUX, SAFARI_IPHONE } from './settings-fixtures';

describe('deviceName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome on Linux'],
    [SAFARI_IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['Mozilla/5.0', 'Unknown device'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [null, 'Unknown device'],
    ['   ', 'Unknown device'],
  ])('%s → %s', (agent, name) => {
    expect(deviceName(agent, i18n.t)).toBe(name);
  });

  it('names the device in the page language', async () => {
    await changeLocale('de-DE');
    expect(deviceName(CHROME_LINUX, i18n.t)).toBe('Chrome unter Linux');
    expect(deviceName(null, i18n.t)).toBe('Unbekanntes Gerät');
    await changeLocale('ja-JP');
    expect(deviceName(SAFARI_IPHONE, i18n.t)).toBe('Safari（iOS）');
  });
});
