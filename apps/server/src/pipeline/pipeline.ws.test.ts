import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDb, type Db } from '@preciofab/db/client';
import { createPostgresPubSub, type PubSub } from '@preciofab/db/pubsub';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import type { PipelineEvent } from '@preciofab/shared/contracts/pipeline';
import { createPipelinePublisher } from '@preciofab/worker/pipeline/pipeline-publisher';
import { buildApp } from '../app.ts';
import { createAuthService, hashToken } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { signalSessionsChanged } from '../auth/session-signal.ts';
import { configSchema } from '../config.ts';
import { createContext } from '../server.ts';
import { createTestApp, createTestDb, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { PIPELINE_SOCKET_PATH } from './pipeline.ws.ts';

type Received = Record<string, unknown>;
type Client = {
  ws: { send(data: string): void; close(): void; terminate(): void };
  messages: Received[];
  closed: Promise<{ code: number; reason: string }>;
};

async function connect(
  app: FastifyInstance,
  query: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const messages: Received[] = [];
  let onClose!: (c: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => (onClose = r));
  const ws = await app.injectWS(
    `${PIPELINE_SOCKET_PATH}${query}`,
    { headers },
    {
      // Listeners go on before the upgrade completes, so nothing the server sends first is missed.
      onInit: (socket) => {
        socket.on('message', (data: { toString(): string }) => messages.push(JSON.parse(data.toString())));
        socket.on('close', (code: number, reason: { toString(): string }) =>
          onClose({ code, reason: reason.toString() }),
        );
      },
    },
  );
  return { ws, messages, closed };
}

async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends a ping and waits for its pong: proof that the server side is listening. */
async function pingPong(c: Client, ping = 'ping') {
  const before = c.messages.length;
  c.ws.send(ping);
  return waitFor(() => c.messages.slice(before).find((m) => m.type === 'pong'), 'pong');
}

const event = (runId: string): Omit<PipelineEvent, 'timestamp'> => ({
  stage: 'price_collection',
  progress: 40,
  status: 'running',
  message_key: 'pipeline.crawl.collecting',
  values: { done: 2, total: 5 },
  details: { source: 'crawl', run_id: runId, job_id: randomUUID() },
});

const updatesOf = (c: Client, runId: string) =>
  c.messages.filter(
    (m) => m.type === 'pipeline_update' && (m.details as { run_id?: string }).run_id === runId,
  );

describe('pipeline status socket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a text ping and a JSON ping with a pong', async () => {
    const c = await connect(t.app, `?token=${t.users.viewer.token}`);
    const pong = await pingPong(c);
    expect(Object.keys(pong).sort()).toEqual(['timestamp', 'type']);
    expect(Number.isNaN(Date.parse(pong.timestamp as string))).toBe(false);
    expect(await pingPong(c, JSON.stringify({ type: 'ping' }))).toMatchObject({ type: 'pong' });
    c.ws.terminate();
  });

  it('closes with 4401 without a valid token', async () => {
    for (const query of ['', '?token=forged', '?lang=en']) {
      const c = await connect(t.app, query);
      expect(await c.closed).toEqual({ code: 4401, reason: 'unauthenticated' });
      expect(c.messages).toEqual([]);
    }
  });

  it('accepts the token as an Authorization header too', async () => {
    const c = await connect(t.app, '', { authorization: `Bearer ${t.users.operator.token}` });
    expect(await pingPong(c)).toMatchObject({ type: 'pong' });
    c.ws.terminate();
  });

  it('closes with 4401 when a sessions-changed signal names a session that has ended', async () => {
    const { access_token } = await t.ctx.auth.login('viewer@example.com', TEST_PASSWORD, '127.0.0.1');
    const c = await connect(t.app, `?token=${access_token}`);
    const [session] = (
      await t.db.query<{ id: string }>('select id from sessions where token_hash = $1', [
        hashToken(access_token),
      ])
    ).rows;
    await pingPong(c);
    // A signal for a session that is still valid changes nothing.
    await signalSessionsChanged(t.ctx.pubsub, { session_id: session!.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(await pingPong(c)).toMatchObject({ type: 'pong' });

    // Revoked by another process, which then signals: no ping needed.
    await t.db.query('update sessions set revoked_at = now() where id = $1', [session!.id]);
    await signalSessionsChanged(t.ctx.pubsub, { session_id: session!.id });
    expect(await c.closed).toEqual({ code: 4401, reason: 'unauthenticated' });
  });

  it("relays each published event as a spec §3 message in the client's language", async () => {
    const patched = await t.call('PATCH', `/api/v1/users/${t.users.viewer.id}`, { body: { language: 'es' } });
    expect(patched.statusCode).toBe(200);
    const clients = {
      queryEs: await connect(t.app, `?token=${t.users.admin.token}&lang=es`, { 'accept-language': 'en' }),
      queryEn: await connect(t.app, `?token=${t.users.admin.token}&lang=en`, { 'accept-language': 'es' }),
      headerEs: await connect(t.app, `?token=${t.users.admin.token}`, {
        'accept-language': 'es-MX,es;q=0.9',
      }),
      userEs: await connect(t.app, `?token=${t.users.viewer.token}`),
      userEn: await connect(t.app, `?token=${t.users.operator.token}`),
    };
    for (const c of Object.values(clients)) await pingPong(c);

    const runId = randomUUID();
    const publisher = createPipelinePublisher(t.ctx.pubsub);
    await t.ctx.pubsub.publish('pipeline_status', { stage: 'nowhere', progress: 'lots' }); // not an event: dropped
    await publisher.publish(event(runId));

    const expected = {
      queryEs: 'Recolectando precios: 2 de 5 objetivos',
      queryEn: 'Collecting prices: 2 of 5 targets',
      headerEs: 'Recolectando precios: 2 de 5 objetivos',
      userEs: 'Recolectando precios: 2 de 5 objetivos',
      userEn: 'Collecting prices: 2 of 5 targets',
    };
    for (const [name, c] of Object.entries(clients)) {
      const [update] = await waitFor(() => {
        const u = updatesOf(c, runId);
        return u.length ? u : undefined;
      }, `update on ${name}`);
      expect(update).toEqual({
        type: 'pipeline_update',
        stage: 'price_collection',
        progress: 40,
        status: 'running',
        message: expected[name as keyof typeof expected],
        timestamp: expect.any(String),
        details: { source: 'crawl', run_id: runId, job_id: expect.any(String) },
      });
      expect(c.messages.filter((m) => m.type === 'pipeline_update')).toHaveLength(1);
      c.ws.terminate();
    }
    await t.db.query("update users set language = 'en' where id = $1", [t.users.viewer.id]);
  });

  it('unsubscribes when the socket closes or drops', async () => {
    const active = new Set<number>();
    let next = 0;
    const original = t.ctx.pubsub.subscribe.bind(t.ctx.pubsub);
    const spy = vi.spyOn(t.ctx.pubsub, 'subscribe').mockImplementation((channel, listener) => {
      const id = next++;
      active.add(id);
      const off = original(channel, listener);
      return () => {
        active.delete(id);
        off();
      };
    });
    try {
      const dropped = await connect(t.app, `?token=${t.users.viewer.token}`);
      await pingPong(dropped);
      expect(active.size).toBe(1);
      dropped.ws.terminate();
      await waitFor(() => (active.size === 0 ? true : undefined), 'unsubscribe after a drop');

      const closed = await connect(t.app, `?token=${t.users.viewer.token}`);
      await pingPong(closed);
      expect(active.size).toBe(1);
      closed.ws.close();
      expect((await closed.closed).code).toBe(1005);
      // Closed by the client: the next event is not sent, and the subscription is let go.
      await createPipelinePublisher(t.ctx.pubsub).publish(event(randomUUID()));
      expect(active.size).toBe(0);
      expect(closed.messages.filter((m) => m.type === 'pipeline_update')).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('pipeline status socket across processes (PostgreSQL)', () => {
  const url = process.env.DATABASE_URL!;
  let app: FastifyInstance;
  let serverBus: PubSub;
  let otherBus: PubSub;
  let otherDb: Db;
  let cleanup: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const { db, drop, url: schemaUrl } = await createTestDb();
    serverBus = createPostgresPubSub(db, url);
    const ctx = await createContext(
      configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db,
      serverBus,
    );
    app = await buildApp(ctx, { webDistDir: null });
    await app.ready();
    await usersRepository.insert(db, {
      email: 'listener@example.com',
      name: 'Listener',
      role: 'viewer',
      passwordHash: await hashPassword(TEST_PASSWORD),
      language: 'es',
    });
    token = (await ctx.auth.login('listener@example.com', TEST_PASSWORD, '127.0.0.1')).access_token;
    // "Another process": its own pool and its own PubSub, sharing nothing with the server but the database.
    otherDb = createPostgresDb(schemaUrl!, 1);
    otherBus = createPostgresPubSub(otherDb, url);
    cleanup = async () => {
      await app.close();
      await serverBus.close();
      await otherBus.close();
      await otherDb.close();
      await drop();
    };
  });
  afterAll(() => cleanup());

  it('relays an event published by another PubSub through LISTEN/NOTIFY', async () => {
    const c = await connect(app, `?token=${token}`);
    await pingPong(c);
    const runId = randomUUID();
    const publisher = createPipelinePublisher(otherBus);
    // The server's LISTEN starts with its first subscriber: publish until it is heard.
    const [update] = await waitFor(async () => {
      await publisher.publish(event(runId));
      await new Promise((r) => setTimeout(r, 100));
      const u = updatesOf(c, runId);
      return u.length ? u : undefined;
    }, 'an update from the other process');
    expect(update).toMatchObject({
      type: 'pipeline_update',
      stage: 'price_collection',
      status: 'running',
      message: 'Recolectando precios: 2 de 5 objetivos',
      details: { source: 'crawl', run_id: runId },
    });
    c.ws.terminate();
  });

  it('closes the socket at once when another process signs its session out', async () => {
    const c = await connect(app, `?token=${token}`);
    await pingPong(c);
    const [session] = (
      await otherDb.query<{ id: string }>('select id from sessions where token_hash = $1', [hashToken(token)])
    ).rows;
    const otherAuth = createAuthService(otherDb, { tokenTtlSeconds: 3600, pubsub: otherBus });
    await otherAuth.logout(session!.id);
    const started = Date.now();
    expect(await c.closed).toEqual({ code: 4401, reason: 'unauthenticated' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
