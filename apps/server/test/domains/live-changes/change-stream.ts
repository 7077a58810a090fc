import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';

/** One server-sent event as a client reads it. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * A `GET /api/events` stream read over real HTTP (inject cannot stream): its events as they
 * arrive, and whether the server ended it.
 */
export interface ChangeStream {
  status: number;
  contentType: string | null;
  /** The `retry:` the server sent, once read. */
  retryMs: number | undefined;
  /** Waits for the next `event: change`; rejects after `timeoutMs` or when the stream ends. */
  nextChange(timeoutMs?: number): Promise<{ domains: string[] }>;
  /** Settles when the server ends the stream, or rejects after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The answer's head and body, over a connection of its own that `destroy` closes. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ response: IncomingMessage; request: ClientRequest }>((resolve, reject) => {
    const request = httpGet(url, { headers, agent: false }, (response) =>
      resolve({ response, request }),
    );
    request.on('error', reject);
  });
}

/** Opens the stream at `url` (a listening server's) with the caller's headers. */
export async function openChangeStream(
  url: string,
  headers: Record<string, string>,
): Promise<ChangeStream> {
  const { response, request } = await get(url, { accept: 'text/event-stream', ...headers });
  const events: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  let isEnded = false;
  const stream: ChangeStream = {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'] ?? null,
    retryMs: undefined,
    async nextChange(timeoutMs = 5_000) {
      const next = async () => {
        for (;;) {
          const index = events.findIndex((one) => one.event === 'change');
          if (index >= 0) {
            return JSON.parse(events.splice(index, 1)[0]!.data) as { domains: string[] };
          }
          if (isEnded) throw new Error('the stream ended');
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      };
      return withTimeout(next(), timeoutMs, 'change');
    },
    async ended(timeoutMs = 5_000) {
      const wait = async () => {
        while (!isEnded) await new Promise<void>((resolve) => waiters.push(resolve));
      };
      return withTimeout(wait(), timeoutMs, 'end of the stream');
    },
    close: () => request.destroy(),
  };
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());

  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
      }
      if (fields.has('retry')) stream.retryMs = Number(fields.get('retry'));
      if (fields.has('data')) {
        events.push({ event: fields.get('event') ?? 'message', data: fields.get('data')! });
      }
      wake();
    }
  });
  const end = () => {
    isEnded = true;
    wake();
  };
  response.on('end', end);
  response.on('close', end);
  response.on('error', end);
  return stream;
}
