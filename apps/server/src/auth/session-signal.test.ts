import { describe, expect, it } from 'vitest';
import { createLocalPubSub } from '@preciofab/db/pubsub';
import { createPgliteDb } from '@preciofab/db/client';
import { createAuthService } from './auth.service.ts';
import { SESSIONS_CHANGED_CHANNEL, sessionsChangedListenerCount } from './session-signal.ts';

describe('the auth service’s session memory', () => {
  it('stops listening for ended sessions when it closes: a process that makes many keeps none', async () => {
    const db = await createPgliteDb();
    const pubsub = createLocalPubSub();
    let subscribed = 0;
    const counting = {
      ...pubsub,
      subscribe: (channel: string, listener: (message: unknown) => void) => {
        if (channel === SESSIONS_CHANGED_CHANNEL) subscribed++;
        const off = pubsub.subscribe(channel, listener);
        return () => {
          if (channel === SESSIONS_CHANGED_CHANNEL) subscribed--;
          off();
        };
      },
    };
    const before = sessionsChangedListenerCount();
    const services = Array.from({ length: 3 }, () =>
      createAuthService(db, { tokenTtlSeconds: 60, pubsub: counting }),
    );
    expect(sessionsChangedListenerCount()).toBe(before + 3);
    expect(subscribed).toBe(3);
    for (const service of services) service.close();
    expect(sessionsChangedListenerCount()).toBe(before);
    expect(subscribed).toBe(0);
    await pubsub.close();
    await db.close();
  });
});
