import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '@preciofab/db/client';
import { createTestDb } from '@preciofab/db/testing/test-db';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { usersRepository } from '@preciofab/db/repositories/users.repository';
import type { Role } from '@preciofab/shared/catalogue';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { hashPassword } from '../auth/password.ts';
import { configSchema } from '../config.ts';
import { createContext } from '../server.ts';

export { createTestDb };

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

/** The real app on a fresh migrated database, with one signed-in user of each role. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb();
  const pubsub = createLocalPubSub();
  const config = configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
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
      ctx.auth.close();
      await ctx.pageReader.close();
      await pubsub.close();
      await drop();
    },
  };
}
