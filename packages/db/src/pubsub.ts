import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Db } from './client.ts';
import { loadPg } from './load-pg.ts';

export type Listener = (message: unknown) => void;

/** Publish/subscribe across processes: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite
 * (where every worker runs inside the one server process). */
export type PubSub = {
  /** With `tx` (PostgreSQL), the notice leaves only when that transaction commits, so a listener
   * never hears of a row it cannot see yet, nor of a row that was rolled back. */
  publish(channel: string, message: unknown, tx?: Db): Promise<void>;
  subscribe(channel: string, listener: Listener): () => void;
  close(): Promise<void>;
};

export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export function createPostgresPubSub(db: Db, connectionString: string): PubSub {
  const local = createLocalPubSub();
  const listening = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new (loadPg().Client)({ connectionString });
      c.on('notification', (n) => {
        if (!n.payload) return;
        try {
          void local.publish(n.channel, JSON.parse(n.payload));
        } catch {
          // A payload that is not JSON was not sent by us; ignore it.
        }
      });
      c.on('error', () => reconnect());
      await c.connect();
      for (const ch of listening) await c.query(`listen ${ch}`);
      client = c;
      return c;
    })();
    return connecting;
  };
  const reconnect = () => {
    client = undefined;
    connecting = undefined;
    if (!closed) setTimeout(() => void connect().catch(reconnect), 1000).unref();
  };

  return {
    async publish(channel, message, tx) {
      if (!CHANNEL.test(channel)) throw new Error(`invalid channel ${channel}`);
      await (tx ?? db).query('select pg_notify($1, $2)', [channel, JSON.stringify(message)]);
    },
    subscribe(channel, listener) {
      if (!CHANNEL.test(channel)) throw new Error(`invalid channel ${channel}`);
      const off = local.subscribe(channel, listener);
      if (!listening.has(channel)) {
        listening.add(channel);
        // channel is checked against CHANNEL above: LISTEN takes no parameters.
        void connect()
          .then((c) => c.query(`listen ${channel}`))
          .catch(reconnect);
      }
      return off;
    },
    async close() {
      closed = true;
      await local.close();
      // A connection still being opened would otherwise outlive close() and keep the process up.
      const c = client ?? (await connecting?.catch(() => undefined));
      await c?.end().catch(() => undefined);
    },
  };
}
