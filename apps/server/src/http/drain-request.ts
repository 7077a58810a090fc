import type { IncomingMessage } from 'node:http';

/** How long a refused body may take to arrive before the answer goes out anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and discards what is left of a request body, up to `maxBytes`, and answers whether all
 * of it was read. A server that answers (413, 401, …) while the client is still sending, and
 * then closes, makes the client's next write fail (EPIPE) or the kernel reset the connection
 * with the answer unread; reading the rest first lets the client finish sending and then read
 * the answer. Past `maxBytes`, or after a timeout, the caller answers and closes anyway.
 */
export function drainRequest(raw: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (raw.readableEnded || raw.complete || raw.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (isComplete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onFailure);
      raw.off('close', onFailure);
      resolve(isComplete);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        raw.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onFailure);
    raw.once('close', onFailure);
    // A multipart body is piped into its parser, whose file stream nobody reads any more after
    // a refusal: the parser's back-pressure would pause the body again as soon as it flows,
    // and the answer would wait out the timeout. Detached, the rest of the body is discarded.
    raw.unpipe();
    raw.resume();
  });
}
