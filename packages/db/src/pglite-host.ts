import { startTsWorker } from '@preciofab/shared/ts-worker';
import type { Db, QueryResult, Row, Statement } from './client.ts';
import type { ThreadRequest, ThreadResponse, WireError } from './pglite-wire.ts';

type Pending = { resolve: (response: ThreadResponse) => void; reject: (error: Error) => void };

/** Distributes a request over the wire shape: each variant without its id. */
type Outgoing = ThreadRequest extends infer R
  ? R extends ThreadRequest & { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** An Error carrying the PostgreSQL fields (`code`, `constraint`, …) the thread sent. */
function fromWire(wire: WireError): Error {
  const error = new Error(wire.message) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(wire)) {
    if (key !== 'message' && value !== undefined) error[key] = value;
  }
  return error;
}

/**
 * Starts embedded PGlite in a worker thread and returns it as a `Db`. The database's WebAssembly
 * then runs on its own core: while it stores one batch of pages, the main thread answers requests
 * and reads the next pages. Every statement is a message round trip (tens of microseconds).
 * The thread keeps the process alive only while a request is waiting for its answer.
 */
export async function startPgliteThread(dataDir: string | undefined): Promise<Db> {
  const entry = new URL('./pglite-thread.ts', import.meta.url);
  const worker = startTsWorker(entry, { dataDir });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, {
      resolve: (r) => ('error' in r ? reject(fromWire(r.error)) : resolve()),
      reject,
    });
  });
  const failAll = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (response: ThreadResponse) => {
    const p = pending.get(response.id);
    if (!p) return;
    pending.delete(response.id);
    if (pending.size === 0) worker.unref();
    p.resolve(response);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the embedded database thread stopped (exit code ${code})`)));

  const call = (request: Outgoing): Promise<ThreadResponse> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<ThreadResponse>((resolve, reject) => {
      pending.set(id, {
        resolve: (r) => ('error' in r ? reject(fromWire(r.error)) : resolve(r)),
        reject,
      });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  };

  const handle = (tx: number | undefined): Db => ({
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await call({ op: 'query', sql, params: [...params], ...(tx === undefined ? {} : { tx }) });
      if (!('rows' in r)) throw new Error('the embedded database answered a query without rows');
      return { rows: r.rows as T[], rowCount: r.rowCount };
    },
    async exec(sql: string) {
      await call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
    },
    async pipeline(statements: readonly Statement[]): Promise<QueryResult<Row>[]> {
      if (statements.length === 0) return [];
      const r = await call({
        op: 'pipeline',
        statements: statements.map((st) => ({ sql: st.sql, params: [...(st.params ?? [])] })),
        ...(tx === undefined ? {} : { tx }),
      });
      if (!('results' in r)) throw new Error('the embedded database answered a pipeline without results');
      return r.results as QueryResult<Row>[];
    },
    async transaction<T>(fn: (inner: Db) => Promise<T>): Promise<T> {
      if (tx !== undefined) return fn(handle(tx)); // already inside a transaction
      if (failure) throw failure;
      // The begin is not answered: the transaction's first statement follows it at once and waits
      // in the thread for PGlite's lock.
      const opened = nextTx++;
      worker.postMessage({ op: 'begin', tx: opened } satisfies ThreadRequest);
      let result: T;
      try {
        result = await fn(handle(opened));
      } catch (error) {
        await call({ op: 'rollback', tx: opened }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx: opened });
      return result;
    },
    async close() {
      if (tx !== undefined || failure) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await call({ op: 'close' });
      worker.ref();
      await exited;
    },
  });

  worker.ref();
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();
  return handle(undefined);
}
