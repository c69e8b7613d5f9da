import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { verifyPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    payload: JSON.stringify({ email, password }),
  });

describe('auth', () => {
  it('logs in with the spec response shape, case-insensitive email', async () => {
    const res = await login('OPERATOR@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 12 * 3600,
      user: { email: 'operator@example.com', role: 'operator', name: 'Test operator' },
    });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    const me = await t.call('GET', '/api/v1/auth/me', { token: body.access_token });
    expect(me.json()).toMatchObject({ email: 'operator@example.com', role: 'operator', active: true });
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await login('viewer@example.com', 'nope', '10.0.0.2');
    const unknown = await login('ghost@example.com', 'nope', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('Incorrect email or password');
  });

  it('validates the body and rejects unknown fields', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { token: null, body: { email: '', extra: 1 } });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['email', 'extra', 'password']);
  });

  it('refuses an address after 5 failures at one account, even with the right password afterwards', async () => {
    await usersRepository.insert(t.db, {
      email: 'target@example.com',
      name: 'Target',
      role: 'viewer',
      passwordHash: (await usersRepository.findByEmail(t.db, 'viewer@example.com'))!.password_hash,
    });
    for (let i = 0; i < 5; i++)
      expect((await login('target@example.com', 'bad', '10.0.1.1')).statusCode).toBe(401);
    const blocked = await login('target@example.com', TEST_PASSWORD, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().detail).toMatch(/Too many failed sign-in attempts/);
    // The same address may still sign in to other accounts.
    expect((await login('viewer@example.com', TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it('does not let whoever knows an email lock its owner out', async () => {
    // Ten wrong passwords for the admin from five other addresses (the old per-email lockout
    // refused the owner after five, for 15 minutes).
    for (let i = 0; i < 10; i++) await login('admin@example.com', 'wrong', `10.0.5.${i % 5}`);
    const started = Date.now();
    const owner = await login('admin@example.com', TEST_PASSWORD, '10.0.6.1');
    expect(owner.statusCode).toBe(200);
    // Past ten failures an account's attempts are only slowed down: at most 5 s each.
    expect(Date.now() - started).toBeLessThan(6_000);
    // And the owner's success clears the account's streak: the next attempt adds no pause.
    const streak = await t.db.query("select 1 from auth_throttle where key like 'account:admin@example.com'");
    expect(streak.rows).toEqual([]);
    expect((await login('admin@example.com', TEST_PASSWORD, '10.0.6.1')).statusCode).toBe(200);
  });

  it('counts concurrent guesses at one account before hashing any of them', async () => {
    await usersRepository.insert(t.db, {
      email: 'burst@example.com',
      name: 'Burst',
      role: 'viewer',
      passwordHash: (await usersRepository.findByEmail(t.db, 'viewer@example.com'))!.password_hash,
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login('burst@example.com', 'guess', '10.0.7.1')),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    // Five guesses are checked; the rest are refused (throttle) or turned away (hash line full).
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(35);
  });

  it('turns a burst of sign-ins away before hashing, and a real sign-in still gets through', async () => {
    const burst = Array.from({ length: 200 }, (_, i) => login(`nobody-${i}@example.com`, 'bad', '10.0.8.1'));
    const owner = login('operator@example.com', TEST_PASSWORD, '10.0.8.2');
    const answers = await Promise.all(burst);
    expect((await owner).statusCode).toBe(200);
    // At most the address's 20 attempts reach the hash; every other answer is an immediate 429.
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(20);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(180);
    const busy = answers.find((r) => r.statusCode === 429 && Number(r.headers['retry-after']) <= 2);
    expect(busy?.json().detail).toMatch(/Too many sign-ins are being checked right now/);
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i++) await login(`nobody${i}@example.com`, 'bad', '10.9.9.9');
    expect((await login('viewer@example.com', TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
  });

  it('logout revokes the token', async () => {
    const { access_token } = (await login('admin@example.com', TEST_PASSWORD, '10.0.3.1')).json();
    expect((await t.call('GET', '/api/v1/auth/me', { token: access_token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/v1/auth/logout', { token: access_token })).json()).toEqual({
      ok: true,
    });
    const after = await t.call('GET', '/api/v1/auth/me', { token: access_token });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('Session expired. Please log in again.');
  });

  it('rejects expired tokens', async () => {
    const { access_token } = (await login('admin@example.com', TEST_PASSWORD, '10.0.3.2')).json();
    await t.db.query(`update sessions set expires_at = now() - interval '1 second' where revoked_at is null`);
    expect((await t.call('GET', '/api/v1/auth/me', { token: access_token })).statusCode).toBe(401);
  });
});

describe('first admin', () => {
  it('is created once, from the environment or with a random password', async () => {
    // The test app already has users: nothing is created.
    expect(await t.ctx.auth.ensureAdmin({})).toBeNull();
    await t.db.query('delete from users');
    const created = await t.ctx.auth.ensureAdmin({});
    expect(created).toMatchObject({ email: 'admin@localhost' });
    expect(created!.password).toMatch(/^[\w-]{20}$/);
    const row = await usersRepository.findByEmail(t.db, 'admin@localhost');
    expect(row).toMatchObject({ role: 'admin', active: true });
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword(created!.password!, row!.password_hash)).toBe(true);
    expect(await t.ctx.auth.ensureAdmin({})).toBeNull();

    await t.db.query('delete from users');
    const fromEnv = await t.ctx.auth.ensureAdmin({ email: 'boss@example.mx', password: 'a-long-secret-1' });
    expect(fromEnv).toEqual({ email: 'boss@example.mx', password: null });
    expect((await login('boss@example.mx', 'a-long-secret-1', '10.0.4.1')).statusCode).toBe(200);
  });
});
