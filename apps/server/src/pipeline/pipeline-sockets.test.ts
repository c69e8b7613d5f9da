import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import { hashToken } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { openWs, type WsClient } from '../testing/ws-client.ts';
import {
  CLOSE_TOO_MANY_SOCKETS,
  FRAME_BURST,
  MAX_MESSAGE_BYTES,
  MAX_SOCKETS_PER_USER,
  PIPELINE_SOCKET_PATH,
  REVALIDATE_INTERVAL_MS,
} from './pipeline.ws.ts';
import { createTokenBucket } from './pipeline-sockets.ts';

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The close, or a failure after `ms`: a socket that stays open must fail the test, not hang it. */
async function closedWithin(c: WsClient, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the socket was still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([c.closed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function pingPong(c: WsClient) {
  const before = c.messages.length;
  c.ws.send('ping');
  return waitFor(() => c.messages.slice(before).find((m) => m.type === 'pong'), 'pong');
}

describe('pipeline socket limits and session end, over TCP', () => {
  let t: TestApp;
  let socketUrl: string;
  const open = (token: string) => openWs(`${socketUrl}?token=${token}`);

  /** A user of its own with `sessions` sign-ins, so no test signs out another's. */
  async function userWithSessions(email: string, sessions: number) {
    const row = await usersRepository.insert(t.db, {
      email,
      name: email,
      role: 'viewer',
      passwordHash: await hashPassword(TEST_PASSWORD),
      language: 'en',
    });
    const tokens: string[] = [];
    for (let i = 0; i < sessions; i++) {
      tokens.push((await t.ctx.auth.login(email, TEST_PASSWORD, '127.0.0.1')).access_token);
    }
    return { id: row.id, tokens };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    socketUrl = `${address.replace(/^http/, 'ws')}${PIPELINE_SOCKET_PATH}`;
  });
  afterAll(() => t.close());

  it('answers a flood of pings without a query each, and closes the socket with 1008 past the limit', async () => {
    const c = await open(t.users.viewer.token);
    const queries = vi.spyOn(t.db, 'query');
    try {
      // Issue 13: 20,000 pings on one socket were 20,000 session lookups.
      for (let i = 0; i < 20_000; i++) c.ws.send('ping');
      expect(await closedWithin(c, 5_000)).toEqual({ code: 1008, reason: 'rate_limited' });
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
    const pongs = c.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(FRAME_BURST);
    expect(pongs).toBeLessThanOrEqual(FRAME_BURST + 1);
    // The server is still answering, and the same session may open a new socket.
    expect((await t.call('GET', '/health', { token: null })).statusCode).toBe(200);
    const again = await open(t.users.viewer.token);
    expect(await pingPong(again)).toMatchObject({ type: 'pong' });
    again.ws.terminate();
  });

  it('closes a socket that sends a frame over the size limit with 1009', async () => {
    const c = await open(t.users.viewer.token);
    await pingPong(c);
    c.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect(await closedWithin(c, 5_000)).toEqual({ code: 1009, reason: 'message_too_big' });
  });

  it("closes a user's oldest socket with 4429 when they open one more than the cap", async () => {
    const { tokens } = await userWithSessions('tabs@example.com', 2);
    const sockets: WsClient[] = [];
    // Two sessions of one user: the cap counts the user's sockets, not a session's.
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await open(tokens[i % 2]!));
    for (const c of sockets) await pingPong(c);

    const newest = await open(tokens[0]!);
    expect(await closedWithin(sockets[0]!, 1_000)).toEqual({
      code: CLOSE_TOO_MANY_SOCKETS,
      reason: 'too_many_sockets',
    });
    expect(await pingPong(newest)).toMatchObject({ type: 'pong' });
    for (const c of sockets.slice(1)) {
      expect(c.isClosed()).toBe(false);
      await pingPong(c);
    }
    // Another user's sockets are counted apart.
    const other = await open(t.users.operator.token);
    expect(await pingPong(other)).toMatchObject({ type: 'pong' });
    for (const c of [...sockets, newest, other]) c.ws.terminate();
  });

  it('closes the socket with 4401 within a second of signing out', async () => {
    const { tokens } = await userWithSessions('signout@example.com', 1);
    const c = await open(tokens[0]!);
    await pingPong(c);
    const res = await t.call('POST', '/api/v1/auth/logout', { token: tokens[0]! });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(c, 1_000)).toEqual({ code: 4401, reason: 'unauthenticated' });
  });

  it("closes the other sessions' sockets on a password change, and keeps the caller's", async () => {
    const { tokens } = await userWithSessions('rotate@example.com', 2);
    const [mine, stolen] = [await open(tokens[0]!), await open(tokens[1]!)];
    await pingPong(mine);
    await pingPong(stolen);
    const res = await t.call('POST', '/api/v1/auth/password', {
      token: tokens[0]!,
      body: { current_password: TEST_PASSWORD, new_password: 'another-horse-battery' },
    });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(stolen, 1_000)).toEqual({ code: 4401, reason: 'unauthenticated' });
    expect(await pingPong(mine)).toMatchObject({ type: 'pong' });
    expect(mine.isClosed()).toBe(false);
    mine.ws.terminate();
  });

  it('keeps the socket on a role change and closes it within a second of deactivation', async () => {
    const { id, tokens } = await userWithSessions('leaver@example.com', 1);
    const c = await open(tokens[0]!);
    await pingPong(c);
    const promoted = await t.call('PATCH', `/api/v1/users/${id}`, { body: { role: 'operator' } });
    expect(promoted.statusCode).toBe(200);
    // A role change does not end the session (each request re-reads the role): the socket stays.
    await new Promise((r) => setTimeout(r, 200));
    expect(await pingPong(c)).toMatchObject({ type: 'pong' });
    expect(c.isClosed()).toBe(false);

    const res = await t.call('PATCH', `/api/v1/users/${id}`, { body: { active: false } });
    expect(res.statusCode).toBe(200);
    expect(await closedWithin(c, 1_000)).toEqual({ code: 4401, reason: 'unauthenticated' });
  });

  it('re-reads the session on an interval, for an end no signal announces (expiry)', async () => {
    const { tokens } = await userWithSessions('expiring@example.com', 1);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const c = await open(tokens[0]!);
      await pingPong(c);
      await t.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
        hashToken(tokens[0]!),
      ]);
      // Pings are answered from memory: the expiry is noticed at the next re-check, not at a ping.
      expect(await pingPong(c)).toMatchObject({ type: 'pong' });
      vi.advanceTimersByTime(REVALIDATE_INTERVAL_MS);
      expect(await closedWithin(c, 2_000)).toEqual({ code: 4401, reason: 'unauthenticated' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('token bucket', () => {
  it('lets a burst through, then one frame per refill', () => {
    let now = 0;
    const bucket = createTokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 400;
    expect(bucket.take()).toBe(false);
    now += 200;
    expect(bucket.take()).toBe(true);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
