import { buildServerBundle } from '../support/moneta-server';

/**
 * The reliability tests run the real dist/server.js. CI builds only after Vitest, and a bundle
 * left from an earlier build could be stale, so bundle the server first (about a second).
 */
export default function setup(): void {
  buildServerBundle();
}
