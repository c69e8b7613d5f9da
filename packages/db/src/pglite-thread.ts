/**
 * The body of the thread that owns an embedded PGlite database (see `pglite-host.ts`). PGlite runs
 * WebAssembly synchronously while a statement executes; here it blocks only this thread, so the
 * process's main thread keeps serving HTTP, reading pages and extracting offers meanwhile.
 *
 * Protocol: each request carries an id and gets exactly one response with that id. A transaction is
 * opened with `begin`, which carries a number the host chose and is not answered; statements tagged
 * with that number wait until PGlite grants the lock; `commit` or `rollback` ends it and is answered
 * once PGlite has done so.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadRequest, ThreadResponse, WireError } from './pglite-wire.ts';

type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
/** A transaction the host opened: granted once PGlite's lock is ours; ended by commit or rollback. */
type OpenTx = {
  granted: Promise<Tx>;
  end: (commit: boolean) => void;
  /** The request waiting for the end to be confirmed. */
  endingRequest?: number;
};

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

/** A statement's rows and, as PostgreSQL's driver counts them, how many rows it returned or changed
 * (PGlite reports 0 affected rows for a select). */
const result = (r: { rows: unknown[]; affectedRows?: number }) => ({
  rows: r.rows,
  rowCount: r.rows.length > 0 ? r.rows.length : (r.affectedRows ?? 0),
});

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

  const target = async (tx: number | undefined): Promise<PGlite | Tx> => {
    if (tx === undefined) return pglite;
    const found = open.get(tx);
    if (!found) throw new Error('the transaction has already ended');
    return found.granted;
  };

  /** Opens transaction `txId` as the host asked. No answer is sent: the host goes on sending its
   * statements, which wait here until PGlite grants the lock (a begin costs no round trip). */
  function begin(txId: number): void {
    let grant!: (tx: Tx) => void;
    let refuse!: (error: unknown) => void;
    const granted = new Promise<Tx>((resolve, reject) => {
      grant = resolve;
      refuse = reject;
    });
    granted.catch(() => undefined); // a refusal is reported to whoever uses the transaction
    // `end` is set once the lock is granted; commit and rollback wait for `granted` before using it.
    const entry: OpenTx = { granted, end: () => undefined };
    open.set(txId, entry);
    // PGlite holds its transaction lock while this callback runs; it commits when the callback
    // returns and rolls back when it throws.
    pglite
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            entry.end = (commit) => (commit ? resolve() : reject(new RolledBack()));
            grant(tx);
          }),
      )
      .then(
        () => finish(txId, null),
        (error: unknown) => {
          refuse(error);
          finish(txId, error instanceof RolledBack ? null : error);
        },
      );
  }

  function finish(txId: number, error: unknown): void {
    const entry = open.get(txId);
    open.delete(txId);
    const id = entry?.endingRequest;
    if (id === undefined) return;
    send(error ? { id, error: toWire(error) } : { id, ok: true });
  }

  port.on('message', (request: ThreadRequest) => {
    void (async () => {
      try {
        switch (request.op) {
          case 'query': {
            const r = await (await target(request.tx)).query(request.sql, request.params);
            send({ id: request.id, ...result(r) });
            return;
          }
          case 'pipeline': {
            const on = await target(request.tx);
            const results = [];
            for (const statement of request.statements) {
              results.push(result(await on.query(statement.sql, statement.params)));
            }
            send({ id: request.id, results });
            return;
          }
          case 'exec':
            await (await target(request.tx)).exec(request.sql);
            send({ id: request.id, ok: true });
            return;
          case 'begin':
            begin(request.tx);
            return;
          case 'commit':
          case 'rollback': {
            const found = open.get(request.tx);
            if (!found) throw new Error('the transaction has already ended');
            await found.granted;
            found.endingRequest = request.id;
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
        if ('id' in request) send({ id: request.id, error: toWire(error) });
      }
    })();
  });
}

class RolledBack extends Error {}

void main();
