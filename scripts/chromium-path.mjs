import { existsSync } from 'node:fs';

/** Debian's Chromium; CHROMIUM_PATH overrides it. Playwright never downloads a browser here. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium() {
  return existsSync(chromiumPath());
}
