import { writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '@preciofab/db/client';
import { translate } from '@preciofab/shared/i18n/messages';
import { failureMessageValues, failureNote } from '@preciofab/shared/job-failures';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { failureOf, finalFailure } from './job-failure.ts';

/** What `promise` rejects with. */
async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

/** A loopback port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.exec('create table failure_probe (n integer primary key check (n > 0))');
});
afterAll(() => t.drop());

describe('why a job failed, from what it threw', () => {
  it('a database that refuses the connection (a closed loopback port) is unavailable', async () => {
    const db = createPostgresDb(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 1);
    try {
      const failure = failureOf(await thrownBy(db.query('select 1')));
      expect(failure.code).toBe('database_unavailable');
      expect(failure.detail).toMatch(/ECONNREFUSED/);
      // Wrapped with the job's context, the cause still decides.
      const wrapped = new Error('storing the pages failed', {
        cause: await thrownBy(db.query('select 1')),
      });
      expect(failureOf(wrapped)).toMatchObject({ code: 'database_unavailable' });
      expect(failureOf(wrapped).detail).toMatch(/^storing the pages failed: .*ECONNREFUSED/);
    } finally {
      await db.close();
    }
  });

  it('a name that resolves to several refusing addresses says so in its detail', async () => {
    // Two loopback addresses, both refusing: Node throws an AggregateError with no message.
    const port = await closedPort();
    const error = await new Promise<unknown>((resolve) => {
      connect({
        host: 'twice.test',
        port,
        autoSelectFamily: true,
        lookup: (_host, _options, callback) =>
          callback(null, [
            { address: '127.0.0.1', family: 4 },
            { address: '127.0.0.2', family: 4 },
          ]),
      }).on('error', resolve);
    });
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as Error).message).toBe('');
    expect(failureOf(error)).toEqual({
      code: 'database_unavailable',
      detail: `connect ECONNREFUSED 127.0.0.1:${port}; connect ECONNREFUSED 127.0.0.2:${port}`,
    });
  });

  it("a database's refusal of a statement is a database error, with PostgreSQL's words as the detail", async () => {
    const error = await thrownBy(t.db.query('insert into failure_probe (n) values (-1)'));
    expect(error).toMatchObject({ code: '23514' });
    const failure = failureOf(error);
    expect(failure.code).toBe('database_error');
    expect(failure.detail).toMatch(/failure_probe/);
  });

  it.runIf(process.env.DATABASE_URL)(
    'a statement over its timeout is a timeout, not a cancellation',
    async () => {
      const db = createPostgresDb(process.env.DATABASE_URL!, 1);
      try {
        const error = await thrownBy(
          db.transaction(async (tx) => {
            await tx.exec('set local statement_timeout = 50');
            await tx.query('select pg_sleep(5)');
          }),
        );
        expect(error).toMatchObject({ code: '57014' });
        expect(failureOf(error).code).toBe('timeout');
      } finally {
        await db.close();
      }
    },
  );

  it('a time limit reached (an aborted wait) is a timeout; an abort asked for is a cancellation', async () => {
    // A server that accepts and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const timedOut = await thrownBy(
        fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(50) }),
      );
      expect(failureOf(timedOut).code).toBe('timeout');
      const controller = new AbortController();
      const asked = fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal });
      controller.abort();
      expect(failureOf(await thrownBy(asked)).code).toBe('cancelled');
    } finally {
      silent.close();
    }
  });

  it('a full disk is storage', () => {
    let error: unknown;
    try {
      writeFileSync('/dev/full', 'x');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'ENOSPC' });
    expect(failureOf(error)).toMatchObject({ code: 'storage', detail: expect.stringMatching(/ENOSPC/) });
  });

  it('a browser that cannot start is unavailable', async () => {
    const error = await thrownBy(
      chromium.launch({ executablePath: '/nonexistent/chromium', timeout: 10_000 }),
    );
    expect(failureOf(error).code).toBe('browser_unavailable');
  });

  it('anything else is unknown, its text kept', () => {
    expect(failureOf(new Error('the gremlins'))).toEqual({ code: 'unknown', detail: 'the gremlins' });
  });
});

describe('why a job failed, from the text it failed with', () => {
  it('reads a note as written, and a lost worker as interrupted', () => {
    const note = failureNote({ code: 'size_budget', values: { size: '1 KB' }, detail: 'over' });
    expect(finalFailure(note, undefined)).toEqual({
      code: 'size_budget',
      values: { size: '1 KB' },
      detail: 'over',
    });
    expect(finalFailure('the worker stopped before the job finished', undefined).code).toBe('interrupted');
    // What it threw wins over its message.
    expect(finalFailure('x', Object.assign(new Error('x'), { code: 'ENOSPC' })).code).toBe('storage');
  });

  it('names the reason by key, so each reader gets it in their language', () => {
    const values = { name: 'Precios', ...failureMessageValues({ code: 'database_unavailable' }) };
    expect(translate('es', 'pipeline.report.failed', values)).toBe(
      'Falló el reporte Precios: no se pudo conectar con la base de datos',
    );
    expect(translate('en', 'pipeline.report.failed', values)).toBe(
      'Report Precios failed: the database could not be reached',
    );
  });
});
