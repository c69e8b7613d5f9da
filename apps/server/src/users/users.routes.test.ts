import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@preciofab/shared/errors';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import { createUsersService } from './users.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a-much-longer-secret';
const login = (email: string, password: string) => t.ctx.auth.login(email, password, '10.0.0.1');
const fieldErrors = (body: { errors: { field: string; message: string }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.field, e.message]));

async function createUser(email: string, role = 'viewer', password = NEW_PASSWORD) {
  const res = await t.call('POST', '/api/v1/users', {
    body: { email, name: `User ${email}`, password, role },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; email: string };
}

describe('users (admin only)', () => {
  it('lists every user without secrets', async () => {
    const res = await t.call('GET', '/api/v1/users');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((u: { email: string }) => u.email)).toEqual([
      'admin@example.com',
      'operator@example.com',
      'viewer@example.com',
    ]);
    expect(Object.keys(data[0]).sort()).toEqual([
      'active',
      'created_at',
      'email',
      'id',
      'language',
      'name',
      'role',
    ]);
    expect(data[1]).toMatchObject({
      id: t.users.operator.id,
      role: 'operator',
      active: true,
      language: 'en',
    });
  });

  it('forbids operators and viewers, and needs a token', async () => {
    for (const role of ['operator', 'viewer'] as const) {
      const token = t.users[role].token;
      expect((await t.call('GET', '/api/v1/users', { token })).statusCode).toBe(403);
      const post = await t.call('POST', '/api/v1/users', {
        token,
        body: { email: 'x@example.com', name: 'X', password: NEW_PASSWORD, role: 'admin' },
      });
      expect(post.statusCode).toBe(403);
      const patch = await t.call('PATCH', `/api/v1/users/${t.users[role].id}`, {
        token,
        body: { role: 'admin' },
      });
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/v1/users', { token: null })).statusCode).toBe(401);
    const roles = await t.db.query<{ role: string }>('select role from users where id = $1', [
      t.users.viewer.id,
    ]);
    expect(roles.rows[0]!.role).toBe('viewer');
  });

  it('creates a user with a hashed password who can then sign in', async () => {
    const res = await t.call('POST', '/api/v1/users', {
      body: {
        email: ' Nueva@Example.com ',
        name: ' Nueva Persona ',
        password: NEW_PASSWORD,
        role: 'operator',
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: 'Nueva@Example.com',
      name: 'Nueva Persona',
      role: 'operator',
      active: true,
      language: 'es',
    });
    const stored = await t.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [user.id],
    );
    expect(stored.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(stored.rows[0]!.password_hash).not.toContain(NEW_PASSWORD);
    const session = await login('nueva@example.com', NEW_PASSWORD);
    expect(session.user.role).toBe('operator');
    const log = await t.db.query<{ action: string; actor_id: string }>(
      "select action, actor_id from activity_log where entity_type = 'user' and entity_id = $1 and action = 'user_created'",
      [user.id],
    );
    expect(log.rows).toEqual([{ action: 'user_created', actor_id: t.users.admin.id }]);
  });

  it('answers 409 for an email already in use, whatever its case', async () => {
    const res = await t.call('POST', '/api/v1/users', {
      body: { email: 'OPERATOR@example.com', name: 'Dup', password: NEW_PASSWORD, role: 'viewer' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'A user with this email already exists',
      errors: [{ field: 'email', message: 'A user with this email already exists' }],
    });
  });

  it('answers field errors in the requested language', async () => {
    const res = await t.call('POST', '/api/v1/users', {
      body: { email: 'not-an-email', name: '  ', password: 'short', role: 'root' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())).toMatchObject({
      email: 'Please enter a valid email address',
      name: 'Name is required',
      password: 'The password must have at least 10 characters',
    });
    expect(fieldErrors(res.json()).role).toBeDefined();
    const es = await t.call('POST', '/api/v1/users', {
      lang: 'es',
      body: { email: 'a@b.mx', name: 'A', password: 'short', role: 'viewer' },
    });
    expect(fieldErrors(es.json())).toEqual({ password: 'La contraseña debe tener al menos 10 caracteres' });
    const unknown = await t.call('POST', '/api/v1/users', {
      body: { email: 'a@b.mx', name: 'A', password: NEW_PASSWORD, role: 'viewer', is_root: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown.json())).toEqual({ is_root: 'Unknown field: is_root' });
  });

  it('changes name, role and language, and logs it', async () => {
    const u = await createUser('cambios@example.com');
    const res = await t.call('PATCH', `/api/v1/users/${u.id}`, {
      body: { name: 'Nombre Nuevo', role: 'operator', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nombre Nuevo',
      role: 'operator',
      language: 'en',
      active: true,
    });
    const log = await t.db.query<{ details: { fields: string[] } }>(
      "select details from activity_log where action = 'user_updated' and entity_id = $1",
      [u.id],
    );
    expect(log.rows[0]!.details.fields.sort()).toEqual(['language', 'name', 'role']);
  });

  it("applies a new role and language from the signed-in user's next request", async () => {
    const u = await createUser('rol@example.com');
    const { access_token } = await login('rol@example.com', NEW_PASSWORD);
    const me = async () => (await t.call('GET', '/api/v1/auth/me', { token: access_token })).json();
    expect(await me()).toMatchObject({ role: 'viewer' });
    await t.call('PATCH', `/api/v1/users/${u.id}`, { body: { role: 'operator', language: 'en' } });
    expect(await me()).toMatchObject({ role: 'operator', language: 'en' });
    await t.call('PATCH', `/api/v1/users/${u.id}`, { body: { role: 'viewer' } });
    const write = await t.call('POST', '/api/v1/vendors', {
      token: access_token,
      body: { name: 'No debería', city: 'Puebla', capabilities: ['fdm_printing'], trust_score: 0.5 },
    });
    expect(write.statusCode).toBe(403);
  });

  it('answers 404, 400 for a malformed id and for bad fields', async () => {
    const missing = await t.call('PATCH', '/api/v1/users/00000000-0000-4000-8000-000000000000', {
      body: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('User not found');
    expect((await t.call('PATCH', '/api/v1/users/abc', { body: { name: 'X' } })).statusCode).toBe(400);
    const bad = await t.call('PATCH', `/api/v1/users/${t.users.viewer.id}`, {
      body: { role: 'owner', active: 'no', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(bad.json())).sort()).toEqual(['active', 'password', 'role']);
  });

  it('does not let admins change their own role or deactivate themselves', async () => {
    const id = t.users.admin.id;
    for (const body of [{ role: 'viewer' }, { active: false }]) {
      const res = await t.call('PATCH', `/api/v1/users/${id}`, { body });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('You cannot change your own role or deactivate yourself');
    }
    const same = await t.call('PATCH', `/api/v1/users/${id}`, { body: { role: 'admin', name: 'Jefa' } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ role: 'admin', name: 'Jefa', active: true });
  });

  it('keeps the last active admin an active admin', async () => {
    // Through the API an admin can only reach another admin while two exist; the rule still
    // guards the service for any caller.
    const users = createUsersService(t.db, t.ctx.auth.throttle);
    for (const patch of [{ role: 'operator' as const }, { active: false }]) {
      const err = await users.update(t.users.admin.id, patch, t.users.operator.id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).detailKey).toBe('errors.last_admin');
    }
    const admin = await t.db.query<{ role: string; active: boolean }>(
      'select role, active from users where id = $1',
      [t.users.admin.id],
    );
    expect(admin.rows[0]).toEqual({ role: 'admin', active: true });
  });

  it('signs a deactivated user out at once and lets them back in when reactivated', async () => {
    const u = await createUser('saliente@example.com');
    const { access_token } = await login('saliente@example.com', NEW_PASSWORD);
    expect((await t.call('GET', '/api/v1/auth/me', { token: access_token })).statusCode).toBe(200);
    const res = await t.call('PATCH', `/api/v1/users/${u.id}`, { body: { active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await t.call('GET', '/api/v1/auth/me', { token: access_token })).statusCode).toBe(401);
    const revoked = await t.db.query<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
      [u.id],
    );
    expect(revoked.rows[0]!.n).toBe(0);
    await expect(login('saliente@example.com', NEW_PASSWORD)).rejects.toThrow(AppError);
    await t.call('PATCH', `/api/v1/users/${u.id}`, { body: { active: true } });
    const again = await login('saliente@example.com', NEW_PASSWORD);
    expect((await t.call('GET', '/api/v1/auth/me', { token: again.access_token })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    await createUser('clave@example.com');
    const here = await login('clave@example.com', NEW_PASSWORD);
    const elsewhere = await login('clave@example.com', NEW_PASSWORD);
    const res = await t.call('POST', '/api/v1/auth/password', {
      token: here.access_token,
      body: { current_password: NEW_PASSWORD, new_password: 'an-even-newer-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.call('GET', '/api/v1/auth/me', { token: here.access_token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/auth/me', { token: elsewhere.access_token })).statusCode).toBe(401);
    await expect(login('clave@example.com', NEW_PASSWORD)).rejects.toThrow(AppError);
    expect((await login('clave@example.com', 'an-even-newer-secret')).access_token).toBeTruthy();
  });

  it('answers a wrong current password and a short new one as field errors', async () => {
    const token = t.users.viewer.token;
    const wrong = await t.call('POST', '/api/v1/auth/password', {
      token,
      body: { current_password: 'not-my-password', new_password: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong.json())).toEqual({ current_password: 'Incorrect email or password' });
    const short = await t.call('POST', '/api/v1/auth/password', {
      token,
      lang: 'es',
      body: { current_password: TEST_PASSWORD, new_password: 'short' },
    });
    expect(fieldErrors(short.json())).toEqual({
      new_password: 'La contraseña debe tener al menos 10 caracteres',
    });
    const unknown = await t.call('POST', '/api/v1/auth/password', {
      token,
      body: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, user_id: t.users.admin.id },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await login('viewer@example.com', TEST_PASSWORD)).user.role).toBe('viewer');
    expect(
      (
        await t.call('POST', '/api/v1/auth/password', {
          token: null,
          body: { current_password: 'x', new_password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('throttles repeated wrong current passwords', async () => {
    await createUser('adivina@example.com');
    const { access_token } = await login('adivina@example.com', NEW_PASSWORD);
    const attempt = () =>
      t.call('POST', '/api/v1/auth/password', {
        token: access_token,
        body: { current_password: 'guess-guess-guess', new_password: 'whatever-long-enough' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts concurrent wrong current passwords before hashing any of them', async () => {
    await createUser('en-rafaga@example.com');
    const { access_token } = await login('en-rafaga@example.com', NEW_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/api/v1/auth/password', {
          token: access_token,
          body: { current_password: 'guess-guess-guess', new_password: 'whatever-long-enough' },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(25);
  });
});

describe('two admins demoting each other at once', () => {
  it('leaves exactly one active admin', async () => {
    const second = await createUser('segunda@example.com', 'admin');
    const { access_token } = await login('segunda@example.com', NEW_PASSWORD);
    const [a, b] = await Promise.all([
      t.call('PATCH', `/api/v1/users/${second.id}`, { body: { role: 'viewer' } }),
      t.call('PATCH', `/api/v1/users/${t.users.admin.id}`, { token: access_token, body: { role: 'viewer' } }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'admin' and active",
    );
    expect(admins.rows[0]!.n).toBe(1);
  });
});
