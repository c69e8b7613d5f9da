/**
 * The body of the thread that owns an embedded PGlite database (see `pglite-host.ts`). PGlite runs
 * WebAssembly synchronously while a statement executes; here it blocks only this thread, so the
 * process's main thread keeps serving HTTP, reading pages and extracting offers meanwhile.
 *
 * Protocol: each request carries an id and gets exactly one response with that id. A transaction is
 * opened with `begin` (answered once PGlite has granted it), used by passing its number as `tx`, and
 * ended with `commit` or `rollback`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadRequest, ThreadResponse, WireError } from './pglite-wire.ts';

type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
type OpenTx = { tx: Tx; end: (commit: boolean) => void };

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };

/** What a PostgreSQL error says, field by field: structured cloning keeps only an error's message. */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & Record<string, unknown>;
  const wire: WireError = { message: e.message, name: e.name };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity']) {
    if (typeof e[key] === 'string') wire[key] = e[key];
  }
  return wire;
}

const send = (response: ThreadResponse) => port.postMessage(response);

async function main(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ? { dataDir } : {});
  } catch (error) {
    send({ id: 0, error: toWire(error) });
    return;
  }
  send({ id: 0, ok: true });

  const open = new Map<number, OpenTx>();
  /** Request ids waiting for their transaction's end to be confirmed. */
  const ending = new Map<number, number>();
  let nextTx = 1;

  const target = (tx: number | undefined): PGlite | Tx => {
    if (tx === undefined) return pglite;
    const found = open.get(tx);
    if (!found) throw new Error('the transaction has already ended');
    return found.tx;
  };

  port.on('message', (request: ThreadRequest) => {
    void (async () => {
      try {
        switch (request.op) {
          case 'query': {
            const r = await target(request.tx).query(request.sql, request.params);
            send({ id: request.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
            return;
          }
          case 'exec':
            await target(request.tx).exec(request.sql);
            send({ id: request.id, ok: true });
            return;
          case 'begin': {
            const txId = nextTx++;
            // PGlite holds its transaction lock while this callback runs; it commits when the
            // callback returns and rolls back when it throws.
            pglite
              .transaction(
                (tx) =>
                  new Promise<void>((resolve, reject) => {
                    open.set(txId, {
                      tx,
                      end: (commit) => (commit ? resolve() : reject(new RolledBack())),
                    });
                    send({ id: request.id, tx: txId });
                  }),
              )
              .then(
                () => finish(txId, null),
                (error: unknown) => finish(txId, error instanceof RolledBack ? null : error),
              );
            return;
          }
          case 'commit':
          case 'rollback': {
            const found = open.get(request.tx);
            if (!found) throw new Error('the transaction has already ended');
            ending.set(request.tx, request.id);
            found.end(request.op === 'commit');
            return;
          }
          case 'close':
            if (!pglite.closed) await pglite.close();
            send({ id: request.id, ok: true });
            port.close();
            return;
        }
      } catch (error) {
        send({ id: request.id, error: toWire(error) });
      }
    })();
  });

  function finish(txId: number, error: unknown): void {
    open.delete(txId);
    const id = ending.get(txId);
    ending.delete(txId);
    if (id === undefined) return;
    send(error ? { id, error: toWire(error) } : { id, ok: true });
  }
}

class RolledBack extends Error {}

void main();
