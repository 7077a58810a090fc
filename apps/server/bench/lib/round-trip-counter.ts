// A TCP proxy between a server and its PostgreSQL that reads what the server sends (the
// frontend side of the wire protocol) and keeps every statement it runs and every round trip it
// waits for: a Sync ends an extended-protocol exchange (Parse/Bind/Execute…), a Query is one of
// its own. Named prepared statements are parsed once per connection and only executed later,
// so each connection remembers its statements' text.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface SeenStatement {
  sql: string;
  /** Parameters as sent (text format); null for SQL NULL. */
  params: Array<string | null>;
}

export interface SeenTraffic {
  roundTrips: number;
  statements: SeenStatement[];
}

export interface RoundTripCounter {
  /** A connection string to PostgreSQL through the proxy. */
  url: string;
  /** What was sent since the last take, and a fresh start. */
  take(): SeenTraffic;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Proxies to the PostgreSQL of `databaseUrl`; its `url` names the proxy instead. */
export async function startRoundTripCounter(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let seen: SeenTraffic = { roundTrips: 0, statements: [] };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const reader = frontendReader(() => seen);
    client.on('data', (chunk: Buffer) => {
      reader(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    take() {
      const taken = seen;
      seen = { roundTrips: 0, statements: [] };
      return taken;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Reads one connection's frontend messages as they arrive, in chunks of any size. */
function frontendReader(current: () => SeenTraffic) {
  let pending = Buffer.alloc(0);
  let isStarted = false;
  const prepared = new Map<string, string>();
  let bound: SeenStatement | undefined;
  const onMessage = (type: string, body: Buffer) => {
    const traffic = current();
    const strings = cStrings(body);
    if (type === 'P') prepared.set(strings.next(), strings.next());
    else if (type === 'B') {
      strings.next();
      const name = strings.next();
      bound = { sql: prepared.get(name) ?? `<statement ${name}>`, params: bindParams(body) };
    } else if (type === 'E' && bound) traffic.statements.push(bound);
    else if (type === 'S') traffic.roundTrips += 1;
    else if (type === 'Q') {
      traffic.roundTrips += 1;
      traffic.statements.push({ sql: strings.next(), params: [] });
    }
  };
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!isStarted) {
        // The startup message and the requests for encryption before it carry no type byte.
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) isStarted = true;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      onMessage(String.fromCharCode(pending[0]!), pending.subarray(5, 1 + length));
      pending = pending.subarray(1 + length);
    }
  };
}

/** Reads the NUL-ended strings at the start of a message body, one by one. */
function cStrings(body: Buffer) {
  let offset = 0;
  return {
    next(): string {
      const end = body.indexOf(0, offset);
      const value = body.toString('utf8', offset, end < 0 ? body.length : end);
      offset = end < 0 ? body.length : end + 1;
      return value;
    },
  };
}

/** A Bind message's parameters: portal, statement, format codes, then each value. */
function bindParams(body: Buffer): Array<string | null> {
  let offset = body.indexOf(0) + 1;
  offset = body.indexOf(0, offset) + 1;
  const formats = body.readInt16BE(offset);
  offset += 2 + 2 * formats;
  const count = body.readInt16BE(offset);
  offset += 2;
  const params: Array<string | null> = [];
  for (let index = 0; index < count; index++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length < 0) params.push(null);
    else {
      params.push(body.toString('utf8', offset, offset + length));
      offset += length;
    }
  }
  return params;
}
