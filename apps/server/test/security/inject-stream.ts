import type { InjectOptions } from 'fastify';
import type { App } from '../../src/http/types';

/** What the security tests read of an answer. */
export interface InjectedAnswer {
  statusCode: number;
  body: string;
  json<T = { code?: string; message?: string }>(): T;
}

/**
 * Injects a request to a route that answers a stream which stays open (GET /api/events): a plain
 * inject would wait for an end that never comes. An event stream is closed as soon as its head
 * is in (its body is empty here); any other answer (an error) is read whole.
 */
export async function injectStreamRoute(app: App, options: InjectOptions): Promise<InjectedAnswer> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let body = '';
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    // The server's side of the connection: destroying it is the client going away.
    response.raw.res.destroy();
    stream.destroy();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks).toString('utf8');
  }
  return {
    statusCode: response.statusCode,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}
