/** The port the app's server listens on for the browser tests. */
export const appPort = Number(process.env.E2E_PORT ?? 3100);

/**
 * The address the bank's consent page sends the person back to (PUBLIC_URL). It names localhost,
 * not 127.0.0.1: passkeys take PUBLIC_URL's host as their domain, and WebAuthn refuses an IP
 * address as one (e2e/security.spec.ts opens the app there too).
 */
export const publicUrl = `http://localhost:${appPort}`;

/**
 * Where e2e/bank-connections.spec.ts runs its Enable Banking API. The app's server is told this
 * address when it starts, before any spec runs, so the port is fixed: a thousand above the app's,
 * clear of the next ports other runs on the machine take for their own apps.
 */
export const enableBankingUrl = `http://127.0.0.1:${appPort + 1000}`;
