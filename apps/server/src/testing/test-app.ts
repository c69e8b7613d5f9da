import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createPgliteDb, createPostgresDb, type Db } from '@preciofab/db/client';
import { migrate } from '@preciofab/db/migrate';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import type { Role } from '@preciofab/shared/catalogue';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { hashPassword } from '../auth/password.ts';
import { configSchema } from '../config.ts';
import { createContext } from '../server.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export type TestUser = { id: string; email: string; token: string };

export type CallOptions = {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  lang?: 'en' | 'es';
  headers?: Record<string, string>;
};

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  users: Record<Role, TestUser>;
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/** A database for one test file: in-memory PGlite, or with DATABASE_URL a schema of its own. */
export async function createTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createPgliteDb();
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(url, 1);
  await admin.exec(`create schema ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  const db = createPostgresDb(u.toString(), 4);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** The real app on a fresh migrated database, with one signed-in user of each role. */
export async function createTestApp(): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  await migrate(db);
  const pubsub = createLocalPubSub();
  const config = configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const ctx = await createContext(config, db, pubsub);
  const app = await buildApp(ctx, { webDistDir: null });
  await app.ready();

  const hash = await hashPassword(TEST_PASSWORD);
  const users = {} as Record<Role, TestUser>;
  for (const role of ['admin', 'operator', 'viewer'] as const) {
    const email = `${role}@example.com`;
    const row = await usersRepository.insert(db, {
      email,
      name: `Test ${role}`,
      role,
      passwordHash: hash,
      language: 'en',
    });
    const { access_token } = await ctx.auth.login(email, TEST_PASSWORD, '127.0.0.1');
    users[role] = { id: row.id, email, token: access_token };
  }

  return {
    app,
    ctx,
    db,
    users,
    call(method, url, options = {}) {
      const token = options.token === undefined ? users.admin.token : options.token;
      return app.inject({
        method,
        url,
        query: options.query
          ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
          : undefined,
        headers: {
          'accept-language': options.lang ?? 'en',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      });
    },
    async close() {
      await app.close();
      await pubsub.close();
      await drop();
    },
  };
}
