import { z } from 'zod';

/**
 * zod as every schema here is built with (import { z } from './zod', never from 'zod'), and as
 * the web app should import it (`@moneta/shared/zod`).
 *
 * In a browser, zod 4 compiles object parsers with `new Function`, after a probe that calls it
 * once when the first object schema is built. The server's CSP (script-src 'self', no
 * 'unsafe-eval') blocks the probe and reports a violation each time, although zod catches the
 * error and falls back. `jitless` skips probe and compiler alike; it is read when a schema is
 * built, so it is set here, in the module every schema module imports first. The server has
 * no CSP and keeps the compiled parsers (faster validation of every request).
 */
if ('window' in globalThis) z.config({ jitless: true });

export { z };
