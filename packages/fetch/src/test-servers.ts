import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type LookupFunction } from 'node:net';
import { parseIpLiteral } from './ip-literal.ts';

/** Test-only helpers: local HTTP servers, and a tripwire on outgoing sockets. */
export type LocalServer = {
  origin: string;
  port: number;
  /** TCP connections accepted so far: proves a refused target was never connected to. */
  connections: () => number;
  close: () => Promise<void>;
};

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(handler: Handler, host = '127.0.0.1'): Promise<LocalServer> {
  const server: Server = createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${hostPart}:${port}`,
    port,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const isLoopback = (host: string): boolean => {
  const literal = parseIpLiteral(host);
  if (literal === null) return host === 'localhost';
  return literal.family === 4 ? literal.bytes[0] === 127 : literal.canonical === '::1';
};

/** A host name is only connected to through a lookup we can see: its answers must be loopback. */
function guardLookup(options: { lookup?: LookupFunction }, host: string): void {
  const inner = options.lookup;
  if (inner === undefined) {
    if (host !== 'localhost') throw new Error(`test tripwire: ${host} would be resolved by the system`);
    return;
  }
  options.lookup = (hostname, lookupOptions, callback) =>
    inner(hostname, lookupOptions, (error, address, family) => {
      const list = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const escaping = list.find((a) => a !== '' && !isLoopback(a));
      if (error === null && escaping !== undefined) {
        callback(new Error(`test tripwire: ${hostname} resolved to ${escaping}`), '', 0);
      } else {
        callback(error, address, family);
      }
    });
}

/**
 * Records every socket the code under test opens and throws before any connection to a
 * non-loopback address: the tests must never send traffic off this machine, even when the
 * code under test is wrong.
 */
export function installSocketTripwire(): { targets: string[]; restore: () => void } {
  const original = net.Socket.prototype.connect;
  const targets: string[] = [];
  const patched = function (this: net.Socket, ...args: unknown[]): net.Socket {
    // net.createConnection hands over its normalised [options, callback] array as one argument.
    const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const host =
      typeof first === 'object' && first !== null
        ? String((first as { host?: unknown }).host ?? 'localhost')
        : typeof second === 'string'
          ? second
          : 'localhost';
    targets.push(host);
    if (parseIpLiteral(host) !== null && !isLoopback(host)) {
      throw new Error(`test tripwire: refused to connect to ${host}`);
    }
    const isName = parseIpLiteral(host) === null;
    if (isName && typeof first === 'object' && first !== null)
      guardLookup(first as { lookup?: LookupFunction }, host);
    return Reflect.apply(original, this, args) as net.Socket;
  };
  net.Socket.prototype.connect = patched as typeof original;
  return { targets, restore: () => void (net.Socket.prototype.connect = original) };
}
